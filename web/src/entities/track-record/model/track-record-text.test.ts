// The track-record note never words a missing edge as a win; older records keep their figures.
import { expect, test } from "bun:test";
import { normalizeTrackRecord } from "../api/decode-track-record";
import { V2_BACKTEST } from "../api/test-track-record";
import { heroHeadline, MEASURED_HEADLINE, sampleText, trackRecordSentence } from "./track-record-text";

const OLD = { period: { from: "2024-08-01T00:00:00.000Z", to: "2024-09-07T00:00:00.000Z" }, sample_size: 90, win_rate: 0.5444, expectancy_r: 0.1697 };

test("no edge: says so with period and sample, no win rate", () => {
  const t = normalizeTrackRecord({ backtest: V2_BACKTEST, live: { sample_size: 0 } });
  if (!t) throw new Error("unreadable");
  expect(trackRecordSentence(t)).toBe("No edge detected in out-of-fold testing (Mar–Sep 2024, n = 2,651).");
  expect(trackRecordSentence(t)).not.toContain("%");
  expect(sampleText({ ...t, periodStart: null })).toBe("n = 2,651");
});

test("a negative older figure is no edge either; a positive one keeps its figures", () => {
  const neg = normalizeTrackRecord({ backtest: { ...OLD, expectancy_r: -0.05 } });
  expect(neg && trackRecordSentence(neg)).toBe("No edge detected in the out-of-sample backtest (Aug–Sep 2024, n = 90).");
  const pos = normalizeTrackRecord({ backtest: OLD });
  expect(pos && trackRecordSentence(pos)).toBe(
    "54.4% of 90 closed signals reached take profit between Aug 1, 2024 and Sep 7, 2024, average result +0.17R per signal (out-of-sample backtest).",
  );
});

test("the hero headline claims it works only when the record shows an edge", () => {
  const none = normalizeTrackRecord({ backtest: V2_BACKTEST, live: { sample_size: 0 } });
  expect(heroHeadline(none)).toEqual(MEASURED_HEADLINE);
  expect(heroHeadline(null)).toEqual(MEASURED_HEADLINE);
  // An older record with a positive figure and no interval cannot tell: no claim either.
  expect(heroHeadline(normalizeTrackRecord({ backtest: OLD }))).toEqual(MEASURED_HEADLINE);
  const shown = normalizeTrackRecord({ backtest: { ...V2_BACKTEST, verdict: { edge: true, text: "Edge shown." } } });
  expect(heroHeadline(shown)).toEqual({ lead: "AI-Powered Crypto Signals that", accent: "Actually Work" });
});
