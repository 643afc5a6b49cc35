// The words of "Why this setup" and a NO_TRADE's best side, from a context as the reader leaves it.
import { describe, expect, test } from "bun:test";
import { readSignalContext, type SignalContext } from "./entities";
import { SAMPLE_CONTEXT } from "./test-signal-context";
import { bestSideText, contextView, costsText, SHORT_VENUE_NOTE } from "./signal-context";

const ctx = (over: Record<string, unknown> = {}): SignalContext => {
  const c = readSignalContext({ ...SAMPLE_CONTEXT, ...over });
  if (!c) throw new Error("sample context unreadable");
  return c;
};

describe("contextView", () => {
  test("a LONG on spot: three outcome figures, no-skill reference, signed expected R, costs, expiry, invalidation", () => {
    expect(contextView(ctx())).toEqual({
      venue: "Binance spot",
      venueNote: null,
      outcomes: [
        { key: "tp", label: "TP first", share: 0.3821, text: "38.2%" },
        { key: "sl", label: "SL first", share: 0.4493, text: "44.9%" },
        { key: "expiry", label: "expiry", share: 0.1686, text: "16.9%" },
      ],
      noSkill: "vs 35.0% with no skill for the same stop and target",
      expectedR: "+0.04R",
      expectedTone: "pos",
      costs: "0.24% round trip = 0.07R",
      expires: "2024-09-07 14:00 UTC",
      invalidation: "58,210.50",
      invalidationNote: "72h swing low; the setup is void below it",
    });
  });
  test("a SHORT says it is a perpetual setup; a negative R reads with a minus; missing parts are null", () => {
    const v = contextView(ctx({ side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual", expected_r: -0.1234, no_skill_p_tp: null, costs: null, expires_at: null, invalidation_level: 0.123456 }));
    expect(v).toMatchObject({ venue: "Binance USDT-M perpetual", venueNote: SHORT_VENUE_NOTE, expectedR: "−0.12R", expectedTone: "neg", noSkill: null, costs: null, expires: null, invalidation: "0.12346" });
    expect(v.invalidationNote).toContain("above");
    expect(contextView(ctx({ venue_label: null, expected_r: 0.001 }))).toMatchObject({ venue: "Spot", expectedR: "0.00R", expectedTone: "muted" });
  });
  test("costs without R, or without a round trip", () => {
    expect(costsText(ctx({ costs: { round_trip_pct: 0.1 } }))).toBe("0.10% round trip");
    expect(costsText(ctx({ costs: { in_r: 0.1 } }))).toBeNull();
  });
});

test("bestSideText for a NO_TRADE, with and without the bar", () => {
  expect(bestSideText(ctx({ expected_r: -0.1201 }))).toBe("Best side: LONG expected −0.12R after costs; bar +0.02R");
  expect(bestSideText(ctx({ side: "SHORT", expected_r: 0.01, model: {} }))).toBe("Best side: SHORT expected +0.01R after costs");
});
