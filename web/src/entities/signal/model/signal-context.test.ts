// The words of "Why this setup" and a NO_TRADE's best side, from a context as the reader leaves it.
import { describe, expect, test } from "bun:test";
import type { SignalContext as ContractSignalContext } from "@core/contract/signal";
import { DEFAULT_EXPIRY_HOURS, type SetupHistory, type SignalContext } from "@web/entities/signal/api/decode-signal";
import { SAMPLE_ALTERNATIVES, SAMPLE_CONTEXT, SAMPLE_HISTORY } from "@web/lib/test-signal-context";
import {
  ALTERNATIVES_FRESH_MS,
  alternativesView,
  bandText,
  bestSideText,
  contextView,
  costsText,
  crowdingText,
  historyView,
  isFresh,
  periodText,
  SHORT_VENUE_NOTE,
} from "./signal-context";

// `gaps`: parts an older signal lacks, which the words still take.
const ctx = (over: Partial<ContractSignalContext> = {}, gaps: Record<string, unknown> = {}): SignalContext =>
  ({ expiry_hours: DEFAULT_EXPIRY_HOURS, ...SAMPLE_CONTEXT, ...over, ...gaps }) as SignalContext;
const noCosts = { fee_pct_per_side: null, slippage_pct_per_side: null, funding_pct: null, round_trip_pct: null, in_r: null, cost_per_side: null };

describe("contextView", () => {
  test("a LONG on spot: the odds as a trader reads them within the horizon, the one expected R, costs, expiry, which exits count", () => {
    expect(contextView(ctx())).toEqual({
      venue: "Binance spot",
      venueNote: null,
      horizon: "Within 48 h",
      outcomes: [
        { key: "tp", label: "Target first", share: 0.3821, text: "38.2%" },
        { key: "sl", label: "Stop first", share: 0.4493, text: "44.9%" },
        { key: "expiry", label: "Neither", share: 0.1686, text: "16.9%" },
      ],
      noSkill: "vs 35.0% target first with no skill for the same stop and target",
      expectedR: "+0.04R",
      expectedTone: "pos",
      costs: "0.24% round trip = 0.07R",
      expires: "2024-09-07 14:00 UTC",
      exits: "The stop and the target are the only exits; after 48 h with neither hit, the trade closes at market.",
    });
  });
  test("the horizon is the signal's own; no invalidation level is offered as a second exit", () => {
    const v = contextView(ctx({ expiry_hours: 24, invalidation_level: 58999 }));
    expect(v.horizon).toBe("Within 24 h");
    expect(v.exits).toContain("after 24 h");
    expect(JSON.stringify(v)).not.toContain("58,999");
  });
  test("a SHORT says it is a perpetual setup; a negative R reads with a minus; missing parts are null", () => {
    const v = contextView(
      ctx(
        { side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual", expected_r: -0.1234 },
        { no_skill_p_tp: null, costs: null, expires_at: null },
      ),
    );
    expect(v).toMatchObject({
      venue: "Binance USDT-M perpetual",
      venueNote: SHORT_VENUE_NOTE,
      expectedR: "−0.12R",
      expectedTone: "neg",
      noSkill: null,
      costs: null,
      expires: null,
    });
    expect(contextView(ctx({ expected_r: 0.001 }, { venue_label: null }))).toMatchObject({
      venue: "Spot",
      expectedR: "0.00R",
      expectedTone: "muted",
    });
  });
  test("costs without R, or without a round trip", () => {
    expect(costsText(ctx({}, { costs: { ...noCosts, round_trip_pct: 0.1 } }))).toBe("0.10% round trip");
    expect(costsText(ctx({}, { costs: { ...noCosts, in_r: 0.1 } }))).toBeNull();
  });
});

test("bestSideText for a NO_TRADE, with and without the bar", () => {
  expect(bestSideText(ctx({ expected_r: -0.1201 }))).toBe("Best side: LONG expected −0.12R after costs; bar +0.02R");
  expect(bestSideText(ctx({ side: "SHORT", expected_r: 0.01 }, { model: { trained: null, bar_r: null } }))).toBe(
    "Best side: SHORT expected +0.01R after costs",
  );
});

describe("historyView", () => {
  const history = (over: Partial<NonNullable<ContractSignalContext["history"]>> = {}, view: Record<string, unknown> = {}): SetupHistory => {
    const h = ctx({ history: { ...SAMPLE_HISTORY, ...over } }).history;
    if (!h) throw new Error("sample history unreadable");
    return { ...h, ...view } as SetupHistory;
  };
  test("where the odds come from: the sample, its band and this pair's share of it, with no second R or odds", () => {
    const v = historyView(history(), "ETHUSDT", "LONG");
    expect(v).toEqual({
      sample: "Tested out-of-fold on 4,210 similar LONG setups (Mar–Sep 2024)",
      pair: "ETHUSDT: 12 of them",
    });
    // The pooled mean (−0.05R) and shares would be a second expected figure beside the card's +0.04R.
    expect(JSON.stringify(v)).not.toMatch(/0\.05R|31%|48%|0\.07/);
  });
  test("no trades of this pair; no pair data; one setup; no period; no band", () => {
    expect(historyView(history({ pair: { n: 0, mean_r: -0.05 } }), "ETHUSDT", "LONG").pair).toBe("No ETHUSDT trades among them");
    expect(historyView(history({}, { pair: null }), "ETHUSDT", "LONG").pair).toBeNull();
    const bare = historyView(
      history({ band: { from: null, to: null }, pooled: { n: 1, tp: 1, sl: 0, exp: 0, mean_r: 0.001, ci: [] } }, { period: null }),
      "ETHUSDT",
      "SHORT",
    );
    expect(bare).toEqual({ sample: "Tested out-of-fold on 1 similar SHORT setup", pair: "ETHUSDT: 12 of them" });
  });
  test("period and band texts", () => {
    expect(periodText("2024-03-01 → 2024-09-06")).toBe("Mar–Sep 2024");
    expect(periodText("2023-11-01 -> 2024-02-29")).toBe("Nov 2023–Feb 2024");
    expect(periodText("2024-03-01 to 2024-03-30")).toBe("Mar 2024");
    expect(periodText("last six months")).toBe("last six months");
    expect(periodText(null)).toBeNull();
    expect(bandText({ from: -0.0912, to: 0.0123 })).toBe("expected R −0.09 to +0.01R");
    expect(bandText({ from: 0.1, to: 0.1001 })).toBe("expected R +0.1000 to +0.1001R");
    expect(bandText({ from: null, to: -0.19 })).toBe("expected R below −0.19R");
    expect(bandText({ from: 0.02, to: null })).toBe("expected R +0.02R or more");
  });
});

test("crowdingText: others in the same direction in the hour before; none; one; unknown", () => {
  expect(crowdingText(ctx({ same_direction_last_hour: 3 }))).toBe("3 other LONG signals in the prior hour");
  expect(crowdingText(ctx({ side: "SHORT", same_direction_last_hour: 1 }))).toBe("1 other SHORT signal in the prior hour");
  expect(crowdingText(ctx({ same_direction_last_hour: 0 }))).toBe("none in the prior hour");
  expect(crowdingText(ctx())).toBeNull();
});

describe("alternativesView", () => {
  test("each pair with side, signed expected R, P(TP); heading and note", () => {
    expect(alternativesView(ctx({ alternatives: [...SAMPLE_ALTERNATIVES] }), true)).toEqual({
      heading: "Clearing the bar now",
      empty: "No pair clears the bar right now.",
      items: [
        { symbol: "SOLUSDT", side: "LONG", expectedR: "+0.06R", tone: "pos", pTp: "41%", venue: "Spot" },
        { symbol: "DOGEUSDT", side: "SHORT", expectedR: "+0.03R", tone: "pos", pTp: "39%", venue: "USDT-M perpetual" },
      ],
      nearest: { heading: "Closest below the bar", items: [] },
      note: "Starting one costs 1 credit.",
    });
  });
  test("the closest pairs below the bar, each with its expected R and how far short it falls", () => {
    const nearest = [
      { symbol: "PAXGUSDT", side: "LONG", expected_r: 0.0381, gap_r: 0.0119 },
      { symbol: "ETHUSDT", side: "SHORT", expected_r: -0.0125, gap_r: 0.0625 },
    ] as const;
    const v = alternativesView(ctx({ alternatives: [], nearest: [...nearest] }), true);
    expect(v?.empty).toBe("No pair clears the bar right now.");
    expect(v?.nearest).toEqual({
      heading: "Closest below the bar",
      items: [
        { symbol: "PAXGUSDT", side: "LONG", expectedR: "+0.04R", tone: "pos", gap: "0.01R below the bar" },
        { symbol: "ETHUSDT", side: "SHORT", expectedR: "−0.01R", tone: "neg", gap: "0.06R below the bar" },
      ],
    });
    expect(alternativesView(ctx({ alternatives: [], nearest: [...nearest] }), false)?.nearest.heading).toBe("Closest below the bar when issued");
  });
  test("an empty list; an older NO_TRADE does not claim 'now'; absent says nothing", () => {
    expect(alternativesView(ctx({ alternatives: [] }), true)).toMatchObject({ items: [], empty: "No pair clears the bar right now." });
    expect(alternativesView(ctx({ alternatives: [] }), false)).toMatchObject({
      heading: "Cleared the bar when issued",
      empty: "No pair cleared the bar when this was issued.",
    });
    expect(alternativesView(ctx(), true)).toBeNull();
  });
  test("isFresh: under an hour since issue", () => {
    const at = "2026-01-01T12:00:00.000Z";
    const t = Date.parse(at);
    expect(isFresh(at, t + 5 * 60_000)).toBe(true);
    expect(isFresh(at, t + ALTERNATIVES_FRESH_MS)).toBe(false);
    expect(isFresh(null, t)).toBe(false);
    expect(isFresh("not a date", t)).toBe(false);
  });
});
