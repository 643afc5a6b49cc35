// Readers of the market endpoints (every spelling spec 02 §3 allows), refresh-interval defaults and the gate rules.
import { describe, expect, test } from "bun:test";
import {
  DEFAULT_REFRESH,
  normalizeCoreAssets,
  normalizeGate,
  normalizeHealth,
  normalizeMovers,
  normalizeOrderbook,
  normalizeRefreshIntervals,
  normalizeSentiment,
  normalizeSession,
} from "./decode-market";
import { gateTone, gateVisible } from "./pre-analysis";
import { preAnalysisPollMs } from "./refresh-interval";
import { dominanceLabel } from "./sentiment";
import { replayDate } from "./session";

test("a market clock far from ours is labelled as a replay with its recorded time", () => {
  const now = Date.parse("2026-11-22T06:40:00Z");
  expect(replayDate("2024-02-15T00:01:50.350Z", now)).toBe("2024-02-15 00:01");
  expect(replayDate("2026-11-22T06:39:58Z", now)).toBeNull();
  expect(replayDate(null, now)).toBeNull();
});

describe("refresh intervals", () => {
  test("server values replace defaults; junk keeps the spec 02 §9 defaults", () => {
    expect(DEFAULT_REFRESH).toEqual({ full_snapshot: 90, market_health: 40, orderbook: 15, sentiment: 180, movers: 90 });
    expect(normalizeRefreshIntervals({ data: { market_health: 20, orderbook: "5", movers: 0, sentiment: -1 }, computed_at: null })).toEqual({
      full_snapshot: 90,
      market_health: 20,
      orderbook: 5,
      sentiment: 180,
      movers: 90,
    });
    expect(normalizeRefreshIntervals(undefined)).toEqual(DEFAULT_REFRESH);
  });
  test("pre-analysis polls at twice the health interval, at least 60 s", () => {
    expect(preAnalysisPollMs({ ...DEFAULT_REFRESH, market_health: 40 })).toBe(80_000);
    expect(preAnalysisPollMs({ ...DEFAULT_REFRESH, market_health: 20 })).toBe(60_000);
  });
});

test("health: wrapped or nested, status and composite score", () => {
  expect(normalizeHealth({ data: { status: "DEAD", composite_score: 0.1234 } })).toEqual({ status: "DEAD", score: 0.1234 });
  expect(normalizeHealth({ market_health: { status: "HEALTHY", score: 0.7 } })).toEqual({ status: "HEALTHY", score: 0.7 });
  expect(normalizeHealth(null)).toBeNull();
});

describe("pre-analysis gate", () => {
  test("reads status, action, reasons, also nested under gate_decision", () => {
    expect(normalizeGate({ data: { status: "NO_GO", action: "STAND_ASIDE", reasons: ["a", "b", 3] } })).toEqual({
      status: "NO_GO",
      action: "STAND_ASIDE",
      reasons: ["a", "b"],
    });
    expect(normalizeGate({ gate_decision: { status: "GO", action: "PROCEED", reasons: [] } })).toEqual({
      status: "GO",
      action: "PROCEED",
      reasons: [],
    });
    expect(normalizeGate({ data: {} })).toBeNull();
  });
  test("hidden for CAUTION with a WAIT action only; red when the status contains NO", () => {
    expect(gateVisible({ status: "CAUTION", action: "WAIT_FOR_CONFIRMATION", reasons: [] })).toBe(false);
    expect(gateVisible({ status: "CAUTION", action: "REDUCE_SIZE", reasons: [] })).toBe(true);
    expect(gateVisible({ status: "NO_GO", action: "WAIT", reasons: [] })).toBe(true);
    expect(gateTone({ status: "NO_GO", action: "STAND_ASIDE", reasons: [] })).toBe("negative");
    expect(gateTone({ status: "CAUTION", action: "REDUCE_SIZE", reasons: [] })).toBe("positive");
    expect(gateTone({ status: "GO", action: "PROCEED", reasons: [] })).toBe("positive");
  });
});

test("core assets keyed by symbol or listed", () => {
  const btc = {
    price: 64250.5,
    change_24h: -1.25,
    momentum: { status: "BEARISH", rsi: 41.2 },
    levels: { support: 63000, resistance: 66000 },
    risk: "Normal conditions",
    risk_level: "LOW",
  };
  expect(normalizeCoreAssets({ data: { BTCUSDT: btc } })).toEqual({
    BTCUSDT: {
      symbol: "BTCUSDT",
      price: 64250.5,
      change24h: -1.25,
      support: 63000,
      resistance: 66000,
      momentum: "BEARISH",
      rsi: 41.2,
      risk: "Normal conditions",
      riskLevel: "LOW",
    },
  });
  expect(
    normalizeCoreAssets([
      { symbol: "ethusdt", current_price: 3100, change_pct: 2, support: 3000, resistance: 3200, ema_status: "BULLISH", rsi: 60, risk_note: "x" },
    ]),
  ).toEqual({
    ETHUSDT: {
      symbol: "ETHUSDT",
      price: 3100,
      change24h: 2,
      support: 3000,
      resistance: 3200,
      momentum: "BULLISH",
      rsi: 60,
      risk: "x",
      riskLevel: null,
    },
  });
});

describe("sentiment spellings", () => {
  test("engine shape: dominance percent, correlation ratio, funding fraction", () => {
    expect(normalizeSentiment({ data: { btc_dominance: 41.5, btc_eth_correlation: 0.8123, funding_rate: { btc: 0.0001, eth: 0.0002 } } })).toEqual({
      btcDominance: 41.5,
      dominanceBasis: null,
      correlationPercent: 81.23,
      fundingPercent: 0.01,
    });
  });
  test("the dominance basis is kept, and a volume basis names the cell for what it is", () => {
    const basis = "BTCUSDT share (%) of the 24h quote volume of the 136 tracked USDT pairs; not market-cap dominance";
    const s = normalizeSentiment({ data: { btc_dominance: 38.2, btc_dominance_basis: basis } });
    expect(s?.dominanceBasis).toBe(basis);
    expect(dominanceLabel(basis)).toEqual({ label: "BTC Volume Share", note: "of 24h volume · not market cap" });
    expect(dominanceLabel(null)).toEqual({ label: "BTC Dominance", note: null });
    expect(dominanceLabel("share of total crypto market capitalisation")).toEqual({ label: "BTC Dominance", note: null });
  });
  test("nested and flat alternatives", () => {
    const s = normalizeSentiment({ dominance: { btc: 0.52 }, correlation: { btc_eth: -0.5 }, btc_funding_rate: -0.00025 });
    expect(s?.btcDominance).toBeCloseTo(52, 10);
    expect(s?.correlationPercent).toBe(-50);
    expect(s?.fundingPercent).toBeCloseTo(-0.025, 12);
    expect(normalizeSentiment({ funding_rates: { BTC: 0.0003 } })).toEqual({
      btcDominance: null,
      dominanceBasis: null,
      correlationPercent: null,
      fundingPercent: 0.03,
    });
  });
});

test("orderbook: percentage or value, imbalance, execution, derived on envelope or payload", () => {
  expect(
    normalizeOrderbook({
      data: {
        spread: { percentage: 0.012345, value: 7.9 },
        imbalance: { buy_percentage: 61.2, sell_percentage: 38.8 },
        execution: "Tight",
        basis: "Modelled",
      },
      derived: true,
    }),
  ).toEqual({
    spreadPercent: 0.012345,
    buyPercent: 61.2,
    sellPercent: 38.8,
    execution: "Tight",
    derived: true,
    basis: "Modelled",
  });
  expect(normalizeOrderbook({ spread: { value: 0.5 }, imbalance: {}, execution: { recommendation: "limit" } })).toEqual({
    spreadPercent: 0.5,
    buyPercent: null,
    sellPercent: null,
    execution: "limit",
    derived: false,
    basis: null,
  });
});

test("movers: the five card pairs in order, change from any list and spelling", () => {
  expect(
    normalizeMovers({
      data: {
        gainers: [{ symbol: "SOLUSDT", change_24h: 5.5 }],
        losers: [{ symbol: "DOGEUSDT", change_pct: -3 }],
        all_symbols: [
          { symbol: "BTCUSDT", change_24h: 1 },
          { symbol: "xrpusdt", change: 0.5 },
          { symbol: "PEPEUSDT", change_24h: 9 },
        ],
      },
    }),
  ).toEqual([
    { symbol: "BTCUSDT", change24h: 1 },
    { symbol: "ETHUSDT", change24h: null },
    { symbol: "SOLUSDT", change24h: 5.5 },
    { symbol: "DOGEUSDT", change24h: -3 },
    { symbol: "XRPUSDT", change24h: 0.5 },
  ]);
});

test("session: session or current_session, session_info.is_overlap or overlap", () => {
  expect(
    normalizeSession({
      data: {
        current_session: "London",
        session: "London",
        session_info: { is_overlap: true, overlap: "London/New York" },
        next_change: "London closes",
      },
    }),
  ).toEqual({
    current: "London",
    overlap: true,
    overlapName: "London/New York",
    nextChange: "London closes",
    marketTime: null,
  });
  expect(normalizeSession({ current_session: "Asia", overlap: false, utc_time: "2024-02-15T00:00:00.680Z" })).toEqual({
    current: "Asia",
    overlap: false,
    overlapName: null,
    nextChange: null,
    marketTime: "2024-02-15T00:00:00.680Z",
  });
});
