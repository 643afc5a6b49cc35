// Readers for other modules' JSON and the contact toast texts (spec 01 §8).
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { contactErrorText, contactSuccessText } from "./contact";
import { normalizePublicLive } from "./public-live";
import { LIVE_MIN_CLOSED, normalizeBacktest, normalizeTrackRecord } from "./track-record";
import { normalizeUserStats } from "./user-stats";
import { normalizeProfileContact } from "./user-profile";

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
  const backtest = { period: { from: "2024-08-01T00:00:00.000Z", to: "2024-09-07T00:00:00.000Z" }, sample_size: 90, win_rate: 0.5444, expectancy_r: 0.1697 };
  const live = (closed: number) => ({ sample_size: closed, win_rate: closed ? 0.6 : null, avg_r_multiple: closed ? 0.3 : null, period: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-20T00:00:00.000Z" } });
  test("the backtest while few live signals have closed", () => {
    expect(normalizeTrackRecord({ backtest, live: live(LIVE_MIN_CLOSED - 1) })).toEqual({
      winRate: 0.5444,
      sampleSize: 90,
      periodStart: "2024-08-01T00:00:00.000Z",
      periodEnd: "2024-09-07T00:00:00.000Z",
      expectancyR: 0.1697,
      source: "out-of-sample backtest",
    });
  });
  test("live outcomes once enough have closed", () => {
    expect(normalizeTrackRecord({ backtest, live: live(LIVE_MIN_CLOSED) })).toMatchObject({ winRate: 0.6, sampleSize: LIVE_MIN_CLOSED, expectancyR: 0.3, source: "live signals" });
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

test("the full backtest: period, sample, no-trade rate, results and named baselines", () => {
  const raw = {
    backtest: {
      period: { from: "2024-08-01T00:00:00.000Z", to: "2024-09-07T00:00:00.000Z" },
      pairs: 133, evaluations: 19505, signals: 90, sample_size: 90, no_trade_rate: 0.9954, win_rate: 0.5444,
      expectancy_r: 0.1697, profit_factor: 1.3356, max_drawdown_r: 21.7369, fees: "0.1% taker per side, included",
      baselines: { random_direction: { win_rate: 0.3889, expectancy_r: -0.1863 }, always_long: { win_rate: 0.5444, expectancy_r: 0.1697 } },
    },
    live: { sample_size: 0 },
  };
  expect(normalizeBacktest(raw)).toEqual({
    from: "2024-08-01T00:00:00.000Z",
    to: "2024-09-07T00:00:00.000Z",
    pairs: 133,
    evaluations: 19505,
    signals: 90,
    noTradeRate: 0.9954,
    winRate: 0.5444,
    expectancyR: 0.1697,
    profitFactor: 1.3356,
    maxDrawdownR: 21.7369,
    fees: "0.1% taker per side, included",
    baselines: [
      { name: "Random direction, same entries", winRate: 0.3889, expectancyR: -0.1863 },
      { name: "Always LONG, same entries", winRate: 0.5444, expectancyR: 0.1697 },
    ],
  });
  expect(normalizeBacktest({ backtest: { ...raw.backtest, sample_size: 0, signals: 0 } })).toBeNull();
  expect(normalizeBacktest({ live: {} })).toBeNull();
});

test("user stats: confidence as ratio or percent, zero means no value", () => {
  expect(normalizeUserStats({ activeSignals: 2, avgConfidence: 0.714, credits: 5 })).toEqual({ activeSignals: 2, avgConfidencePercent: 71, credits: 5 });
  expect(normalizeUserStats({ avgConfidence: 68.4 })?.avgConfidencePercent).toBe(68);
  expect(normalizeUserStats({ avgConfidence: 0 })?.avgConfidencePercent).toBeNull();
});

test("profile contact joins first and last name in either spelling", () => {
  expect(normalizeProfileContact({ first_name: "Ada", last_name: "Lovelace", email: "ada@x.io" })).toEqual({ name: "Ada Lovelace", email: "ada@x.io" });
  expect(normalizeProfileContact({ firstName: "Ada", email: "ada@x.io" })).toEqual({ name: "Ada", email: "ada@x.io" });
});
