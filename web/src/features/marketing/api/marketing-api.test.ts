// Readers for other modules' JSON and the contact toast texts (spec 01 §8).
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { contactErrorText, contactSuccessText } from "./contact";
import { normalizePublicLive } from "./public-live";
import { interval, LIVE_MIN_CLOSED, normalizeBacktest, normalizeTrackRecord } from "@web/entities/track-record/api/decode-track-record";
import { V2_BACKTEST } from "@web/entities/track-record/api/test-track-record";
import { normalizeUserStats } from "./user-stats";

describe("contact texts", () => {
  test("success with and without a ticket id", () => {
    expect(contactSuccessText({ ticket_id: 42 })).toBe("Your ticket ID: 42. Check your email for confirmation.");
    expect(contactSuccessText({ detail: "ok" })).toBe("Thank you for contacting us. We'll get back to you soon.");
    expect(contactSuccessText(null)).toBe("Thank you for contacting us. We'll get back to you soon.");
  });
  test("failure: detail, then message, then status text, then the fallback", () => {
    expect(contactErrorText(new ApiError("x", 429, '{"detail":"Too many messages"}', "Too Many Requests"))).toBe("Too many messages");
    expect(contactErrorText(new ApiError("x", 500, '{"message":"Mailer down"}', "Internal Server Error"))).toBe("Mailer down");
    expect(contactErrorText(new ApiError("x", 502, "<html>", "Bad Gateway"))).toBe("Bad Gateway");
    expect(contactErrorText(new ApiError("x", 502, "", ""))).toBe("Failed to send message");
    expect(contactErrorText(new TypeError("Failed to fetch"))).toBe("Failed to send message. Please try again.");
  });
});

describe("normalizePublicLive", () => {
  test("reads counts and keeps at most 3 unfinished analyses", () => {
    const live = normalizePublicLive({
      signals_generated: 120,
      active_analyses: 4,
      live: [
        { id: 1, symbol: "btcusdt", created_at: "2025-01-01T00:00:00Z", status: "IN_PROGRESS", progress: 0 },
        { id: 2, symbol: "ETHUSDT", created_at: "2025-01-01T00:01:00Z", status: "COMPLETED", progress: 100 },
        { id: 3, symbol: "SOLUSDT", status: "IN_PROGRESS", progress_percent: 66.6 },
        { id: 4, symbol: "XRPUSDT", status: "PENDING" },
        { id: 5, symbol: "BNBUSDT", status: "IN_PROGRESS", progress: 10 },
      ],
    });
    expect(live).toEqual({
      signalsGenerated: 120,
      activeAnalyses: 4,
      live: [
        { id: "1", symbol: "BTCUSDT", createdAt: "2025-01-01T00:00:00Z", status: "IN_PROGRESS", progress: 0 },
        { id: "3", symbol: "SOLUSDT", createdAt: null, status: "IN_PROGRESS", progress: 66.6 },
        { id: "4", symbol: "XRPUSDT", createdAt: null, status: "PENDING", progress: null },
      ],
    });
  });
  test("unwraps a data envelope; junk gives null", () => {
    expect(normalizePublicLive({ data: { signals_generated: 3, live: [] } })).toEqual({ signalsGenerated: 3, activeAnalyses: null, live: [] });
    expect(normalizePublicLive(null)).toBeNull();
    expect(normalizePublicLive("<html>")).toBeNull();
  });
});

describe("normalizeTrackRecord", () => {
  // The shape GET /api/public/track-record answers (server/src/modules/public).
  const backtest = {
    period: { from: "2024-08-01T00:00:00.000Z", to: "2024-09-07T00:00:00.000Z" },
    sample_size: 90,
    win_rate: 0.5444,
    expectancy_r: 0.1697,
  };
  const live = (closed: number, market = "binance") => ({
    market,
    sample_size: closed,
    win_rate: closed ? 0.6 : null,
    avg_r_multiple: closed ? 0.3 : null,
    period: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-20T00:00:00.000Z" },
  });
  test("the backtest while few live signals have closed", () => {
    expect(normalizeTrackRecord({ backtest, live: live(LIVE_MIN_CLOSED - 1) })).toEqual({
      winRate: 0.5444,
      sampleSize: 90,
      periodStart: "2024-08-01T00:00:00.000Z",
      periodEnd: "2024-09-07T00:00:00.000Z",
      expectancyR: 0.1697,
      source: "out-of-sample backtest",
      // An older report: a positive figure without an interval or verdict cannot tell.
      edge: null,
      verdictText: null,
    });
  });
  test("live outcomes once enough have closed", () => {
    expect(normalizeTrackRecord({ backtest, live: live(LIVE_MIN_CLOSED) })).toMatchObject({
      winRate: 0.6,
      sampleSize: LIVE_MIN_CLOSED,
      expectancyR: 0.3,
      source: "live signals",
      edge: null,
    });
    const losing = { ...live(LIVE_MIN_CLOSED), avg_r_multiple: -0.05 };
    expect(normalizeTrackRecord({ backtest: V2_BACKTEST, live: losing })).toMatchObject({
      source: "live signals",
      expectancyR: -0.05,
      edge: false,
      verdictText: null,
    });
  });
  test("replayed signals never replace the backtest, however many closed (their outcomes are in-sample)", () => {
    expect(normalizeTrackRecord({ backtest: V2_BACKTEST, live: live(10 * LIVE_MIN_CLOSED, "replay") })).toMatchObject({
      source: "out-of-fold testing",
    });
  });
  test("the v2 out-of-fold report: its verdict decides the edge", () => {
    expect(normalizeTrackRecord({ backtest: V2_BACKTEST, live: live(0) })).toEqual({
      winRate: 0.3701,
      sampleSize: 2651,
      periodStart: "2024-03-01T00:00:00.000Z",
      periodEnd: "2024-09-05T23:00:00.000Z",
      expectancyR: -0.1812,
      source: "out-of-fold testing",
      edge: false,
      verdictText: V2_BACKTEST.verdict.text,
    });
    const claimed = { ...V2_BACKTEST, verdict: { edge: true, text: "Edge measured out of fold." } };
    expect(normalizeTrackRecord({ backtest: claimed })).toMatchObject({ edge: true, verdictText: "Edge measured out of fold." });
  });
  test("without a verdict: a figure at or below zero, or an interval reaching zero, is no edge", () => {
    expect(normalizeTrackRecord({ backtest: { ...backtest, expectancy_r: -0.02 } })?.edge).toBe(false);
    expect(normalizeTrackRecord({ backtest: { ...backtest, expectancy_r_ci: [-0.01, 0.3] } })).toMatchObject({
      edge: false,
      source: "out-of-fold testing",
    });
    expect(normalizeTrackRecord({ backtest: { ...backtest, expectancy_r_ci: [0.02, 0.3] } })?.edge).toBeNull();
    expect(normalizeTrackRecord({ backtest: { ...backtest, verdict: { edge: "no", text: "" } } })?.edge).toBeNull();
  });
  test("percent input is scaled to a ratio", () => {
    expect(normalizeTrackRecord({ backtest: { ...backtest, win_rate: 54.3 } })?.winRate).toBeCloseTo(0.543, 10);
  });
  test("no sample, no rate or no body means no record", () => {
    expect(normalizeTrackRecord({ backtest: { ...backtest, sample_size: 0 }, live: live(0) })).toBeNull();
    expect(normalizeTrackRecord({ backtest: { ...backtest, win_rate: null } })).toBeNull();
    expect(normalizeTrackRecord(null)).toBeNull();
  });
});

test("the full backtest, older shape: period, sample, no-trade rate, results and named baselines; v2 fields empty", () => {
  const raw = {
    backtest: {
      period: { from: "2024-08-01T00:00:00.000Z", to: "2024-09-07T00:00:00.000Z" },
      pairs: 133,
      evaluations: 19505,
      signals: 90,
      sample_size: 90,
      no_trade_rate: 0.9954,
      win_rate: 0.5444,
      expectancy_r: 0.1697,
      profit_factor: 1.3356,
      max_drawdown_r: 21.7369,
      fees: "0.1% taker per side, included",
      baselines: { random_direction: { win_rate: 0.3889, expectancy_r: -0.1863 }, always_long: { win_rate: 0.5444, expectancy_r: 0.1697 } },
    },
    live: { sample_size: 0 },
  };
  expect(normalizeBacktest(raw)).toEqual({
    from: "2024-08-01T00:00:00.000Z",
    to: "2024-09-07T00:00:00.000Z",
    method: null,
    outOfFold: false,
    pairs: 133,
    evaluations: 19505,
    signals: 90,
    signalRate: null,
    signalRateCi: null,
    noTradeRate: 0.9954,
    signalDaysShare: null,
    winRate: 0.5444,
    expectancyR: 0.1697,
    expectancyCi: null,
    profitFactor: 1.3356,
    maxDrawdownR: 21.7369,
    eceAll: null,
    eceIssued: null,
    brierSkill: null,
    directionalSkillR: null,
    directionalSkillCi: null,
    longShare: null,
    fees: "0.1% taker per side, included",
    baselines: [
      { key: "random_direction", name: "Random direction, same entries", winRate: 0.3889, expectancyR: -0.1863 },
      { key: "always_long", name: "Always LONG, same entries", winRate: 0.5444, expectancyR: 0.1697 },
    ],
    byMonth: [],
    byYear: [],
    byQuarter: [],
    excess: [],
    ciBlockDays: null,
    reliability: [],
    verdict: null,
  });
  // The older report's calibration bins draw the same reliability diagram.
  const calibration = [
    { from: 0.55, to: 0.6, n: 46, predicted: 0.5751, observed_tp_rate: 0.5 },
    { n: 3, predicted: "x" },
  ];
  expect(normalizeBacktest({ backtest: { ...raw.backtest, calibration } })?.reliability).toEqual([{ predicted: 0.5751, observed: 0.5, n: 46 }]);
  expect(normalizeBacktest({ backtest: { ...raw.backtest, sample_size: 0, signals: 0 } })).toBeNull();
  expect(normalizeBacktest({ live: {} })).toBeNull();
});

test("the full backtest, v2 shape: intervals, calibration and skill, by month (no average without signals), reliability, verdict", () => {
  const d = normalizeBacktest({ backtest: V2_BACKTEST, live: { sample_size: 0 } });
  expect(d).toMatchObject({
    method: "nested, purged monthly walk-forward; every figure out of fold",
    outOfFold: true,
    pairs: 136,
    evaluations: 143643,
    signals: 2651,
    signalRate: 0.0185,
    signalRateCi: [0.0121, 0.0262],
    noTradeRate: 0.9815,
    signalDaysShare: 0.4,
    winRate: 0.3701,
    expectancyR: -0.1812,
    expectancyCi: [-0.3504, -0.0041],
    profitFactor: 0.64,
    maxDrawdownR: 562.3,
    eceAll: 0.022,
    eceIssued: 0.096,
    brierSkill: -0.003,
    directionalSkillR: -0.17,
    directionalSkillCi: [-0.31, -0.02],
    longShare: 0.97,
    verdict: V2_BACKTEST.verdict,
  });
  expect(d?.baselines.map((b) => [b.key, b.expectancyR])).toEqual([
    ["random_direction", -0.1],
    ["always_long", -0.19],
  ]);
  expect(d?.byMonth).toEqual([
    { month: "2024-03", signals: 656, expectancyR: -0.17, alwaysLongR: -0.2, randomR: -0.1 },
    { month: "2024-04", signals: 412, expectancyR: 0.05, alwaysLongR: 0.02, randomR: -0.08 },
    { month: "2024-05", signals: 0, expectancyR: null, alwaysLongR: null, randomR: null },
  ]);
  expect(d?.reliability).toEqual(V2_BACKTEST.reliability);
});

test("a v3 report reads year by year with the 7-day trend baseline; a year without signals shows no average", () => {
  const by_year = [
    { year: 2024, signals: 120, expectancy_r: 0.04, expectancy_r_ci: [-0.02, 0.1], always_long_r: -0.1, random_r: -0.03, trend_7d_r: 0.01 },
    { year: 2025, signals: 0, expectancy_r: 0, expectancy_r_ci: [0, 0], always_long_r: 0, random_r: 0, trend_7d_r: 0 },
    { signals: 3 },
  ];
  const baselines = { ...V2_BACKTEST.baselines, trend_7d: { expectancy_r: 0.02, win_rate: 0.45 } };
  const d = normalizeBacktest({ backtest: { ...V2_BACKTEST, by_year, baselines } });
  expect(d?.byYear).toEqual([
    { year: 2024, signals: 120, expectancyR: 0.04, ci: [-0.02, 0.1], alwaysLongR: -0.1, randomR: -0.03, trendR: 0.01 },
    { year: 2025, signals: 0, expectancyR: null, ci: null, alwaysLongR: null, randomR: null, trendR: null },
  ]);
  expect(d?.baselines.find((b) => b.key === "trend_7d")).toEqual({
    key: "trend_7d",
    name: "7-day trend side, same entries",
    winRate: 0.45,
    expectancyR: 0.02,
  });
});

test("a v4 report reads its excess over market direction with block intervals, and quarter by quarter", () => {
  const excess_r = {
    vs_always_long: { mean: 0.013, ci: [-0.03, 0.06] },
    vs_trend_7d: { mean: -0.012, ci: [-0.16, 0.12] },
    side_skill: { mean: 0.01 },
  };
  const by_quarter = [
    { quarter: "2024-Q2", signals: 11067, expectancy_r: -0.117, always_long_r: -0.161, trend_r: -0.039, side_skill_r: 0.024 },
    { quarter: "2024-Q3", signals: 3 },
  ];
  const d = normalizeBacktest({ backtest: { ...V2_BACKTEST, excess_r, by_quarter, ci_block_days: 9 } });
  expect(d?.ciBlockDays).toBe(9);
  expect(d?.excess).toEqual([
    { key: "vs_always_long", name: "Always LONG", mean: 0.013, ci: [-0.03, 0.06] },
    { key: "vs_trend_7d", name: "7-day trend side", mean: -0.012, ci: [-0.16, 0.12] },
    { key: "side_skill", name: "Side's average that hour", mean: 0.01, ci: null },
  ]);
  expect(d?.byQuarter).toEqual([{ quarter: "2024-Q2", signals: 11067, expectancyR: -0.117, alwaysLongR: -0.161, trendR: -0.039, sideSkillR: 0.024 }]);
});

test("intervals: a two-number array (numeric strings too) or {lo, hi}; anything else is null", () => {
  expect(interval({ ci: [-0.3, "0.1"] }, "ci")).toEqual([-0.3, 0.1]);
  expect(interval({ ci: { lo: 0.01, hi: 0.02 } }, "ci")).toEqual([0.01, 0.02]);
  expect(interval({ ci: [1, 2, 3] }, "ci")).toBeNull();
  expect(interval({ ci: [null, 2] }, "ci")).toBeNull();
  expect(interval({}, "ci")).toBeNull();
});

test("user stats: confidence as ratio or percent, zero means no value", () => {
  expect(normalizeUserStats({ activeSignals: 2, avgConfidence: 0.714, credits: 5 })).toEqual({
    activeSignals: 2,
    avgConfidencePercent: 71,
    credits: 5,
  });
  expect(normalizeUserStats({ avgConfidence: 68.4 })?.avgConfidencePercent).toBe(68);
  expect(normalizeUserStats({ avgConfidence: 0 })?.avgConfidencePercent).toBeNull();
});
