// Snapshot functions: sessions at given UTC times, 24h change and core assets on shipped data at a fixed clock, gate, health, movers, sentiment, order book.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import { statedFormingCandle, statedPathPrice } from "@core/market/market-replay";
import { round } from "./price";
import { createReplayClock, createReplayProvider } from "../providers/replay";
import { ema, rsi } from "../indicators";
import {
  computeCoreAsset,
  computeGate,
  computeGroup,
  computeHealth,
  computeMovers,
  computeOrderbook,
  computeSentiment,
  computeSession,
  corwinSchultz,
  modelledSpread,
  healthStatus,
  priceAndChange,
  volatilityScore,
  volumeImbalance,
  type HealthPayload,
  type SessionPayload,
} from "./index";

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;

describe("session (UTC windows)", () => {
  test("Asia only at 03:00", () => {
    expect(computeSession(at("2024-03-01T03:00:00Z"))).toEqual({
      current_session: "Asia",
      session: "Asia",
      active_sessions: ["Asia"],
      session_info: { is_overlap: false, overlap: null },
      next_change_at: "2024-03-01T07:00:00.000Z",
      next_change: "London opens",
      utc_time: "2024-03-01T03:00:00.000Z",
    });
  });

  test("Asia/London overlap at 08:00, London leads", () => {
    const s = computeSession(at("2024-03-01T08:00:00Z"));
    expect(s.current_session).toBe("London");
    expect(s.session_info).toEqual({ is_overlap: true, overlap: "Asia/London" });
    expect([s.next_change, s.next_change_at]).toEqual(["Asia closes", "2024-03-01T09:00:00.000Z"]);
  });

  test("London/New York overlap from 13:00 exactly", () => {
    const s = computeSession(at("2024-03-01T13:00:00Z"));
    expect(s.active_sessions).toEqual(["London", "New York"]);
    expect(s.current_session).toBe("New York");
    expect(s.session_info.overlap).toBe("London/New York");
    expect(s.next_change).toBe("London closes");
  });

  test("off-hours from 22:00 until Asia opens the next day", () => {
    const s = computeSession(at("2024-03-01T22:00:00Z"));
    expect(s.current_session).toBe("Off-hours");
    expect(s.active_sessions).toEqual([]);
    expect([s.next_change, s.next_change_at]).toEqual(["Asia opens", "2024-03-02T00:00:00.000Z"]);
  });
});

describe("prices and core assets on recorded data", () => {
  const p = createReplayProvider(createReplayClock({ fixedMs: at("2024-03-01T12:00:00Z") }));

  test("24h change from the CSV: 62936.02 (Feb 29 11:00 close) → 61863.72 (Mar 1 11:00 close)", async () => {
    const h1 = await p.candles("BTCUSDT", "1h", { limit: 30 });
    const pc = priceAndChange(h1);
    expect(pc).toEqual({
      price: 61863.72,
      change_24h: Math.round((61863.72 / 62936.02 - 1) * 100 * 1e4) / 1e4,
      as_of_ms: at("2024-03-01T12:00:00Z"),
    });
    expect(pc!.change_24h).toBe(-1.7038);
  });

  test("5m candles are preferred when shipped: 59492.69 → 59444.44 over 24 h", async () => {
    const q = createReplayProvider(createReplayClock({ fixedMs: at("2024-08-15T14:30:00Z") }));
    const pc = priceAndChange(await q.candles("BTCUSDT", "1h", { limit: 30 }), await q.candles("BTCUSDT", "5m", { limit: 289 }));
    expect(pc).toEqual({ price: 59444.44, change_24h: -0.0811, as_of_ms: at("2024-08-15T14:30:00Z") });
  });

  test("a gap or a young listing gives no 24h change", () => {
    const ks: Candle[] = [0, 1, 2].map((i) => ({ t: i * H, o: 1, h: 1, l: 1, c: 1, v: 1 }));
    expect(priceAndChange(ks)).toBeNull();
  });

  test("core asset card: momentum from EMA20/EMA50 and RSI14 on 1h, levels around the price", async () => {
    const h1 = await p.candles("BTCUSDT", "1h", { limit: 200 });
    const card = computeCoreAsset("BTCUSDT", h1);
    const closes = h1.map((k) => k.c);
    const e20 = ema(closes, 20).at(-1)!;
    const e50 = ema(closes, 50).at(-1)!;
    expect(card.price).toBe(61863.72);
    expect(card.change_24h).toBe(-1.7038);
    expect(card.momentum.rsi).toBe(rsi(closes, 14).at(-1)!);
    expect(card.momentum.status).toBe(e20 > e50 * 1.001 ? "BULLISH" : e20 < e50 * 0.999 ? "BEARISH" : "NEUTRAL");
    expect(card.levels.support!).toBeLessThan(61863.72);
    expect(card.levels.resistance!).toBeGreaterThan(61863.72);
    // Each level is a recorded high or low of the last 120 hours.
    const window = h1.slice(-120);
    expect(window.some((k) => k.l === card.levels.support)).toBe(true);
    expect(window.some((k) => k.h === card.levels.resistance)).toBe(true);
    expect(card.as_of).toBe("2024-03-01T12:00:00.000Z");
  });

  test("every group computes at the fixed clock", async () => {
    const groups = ["market_health", "session", "full_snapshot", "orderbook", "movers", "sentiment"] as const;
    const snaps = (await Promise.all(groups.map((g) => computeGroup(p, g)))).flat();
    expect(snaps.map((s) => s.topic)).toEqual([
      "health",
      "gate",
      "session",
      "core_assets",
      "orderbook:BTCUSDT",
      "orderbook:ETHUSDT",
      "movers",
      "prices",
      "sentiment",
    ]);
    // Every pair's last closed 1h close, stamped with the market time it closed at (never after the clock).
    const prices = snaps.find((s) => s.topic === "prices")?.data as { prices: Record<string, { price: number; at_ms: number }> };
    const btc = (await p.candles("BTCUSDT", "1h", { limit: 1 }))[0];
    expect(prices.prices.BTCUSDT).toEqual({ price: btc.c, at_ms: btc.t + 3_600_000 });
    expect(prices.prices.BTCUSDT.at_ms).toBeLessThanOrEqual(p.now());
  });
});

describe("health", () => {
  test("status rule: DEAD needs both volume and volatility collapsed", () => {
    expect(healthStatus(0.9, 0.4, 0.4)).toBe("DEAD");
    expect(healthStatus(0.9, 0.4, 0.6)).toBe("HEALTHY");
    expect(healthStatus(0.65, 1, 1)).toBe("HEALTHY");
    expect(healthStatus(0.5, 1, 1)).toBe("NORMAL");
    expect(healthStatus(0.44, 1, 1)).toBe("WEAK");
  });

  test("volatility score is 1 in the normal band and falls to 0 at 0.2× and 3×", () => {
    expect([volatilityScore(0.2), volatilityScore(0.45), volatilityScore(1), volatilityScore(2.25), volatilityScore(3)]).toEqual([0, 0.5, 1, 0.5, 0]);
  });

  test("breadth, volume ratio and composite on recorded BTC candles", async () => {
    const p = createReplayProvider(createReplayClock({ fixedMs: at("2024-03-01T12:00:00Z") }));
    const btc = await p.candles("BTCUSDT", "1h", { limit: 735 });
    const h = computeHealth(btc, [1, -2, 0, 3]);
    expect(h.components.breadth).toEqual({ score: 0.5, advancing: 2, declining: 1, total: 4 });
    const vol24 = btc.slice(-24).reduce((s, k) => s + k.v, 0);
    const avg = btc.slice(-720).reduce((s, k) => s + k.v, 0) / 30;
    expect(h.components.volume.ratio_24h_to_30d).toBe(Math.round((vol24 / avg) * 1e4) / 1e4);
    const c = h.components;
    expect(h.composite_score).toBeCloseTo(0.3 * c.trend.score + 0.25 * c.volatility.score + 0.2 * c.breadth.score + 0.25 * c.volume.score, 3);
    expect(() => computeHealth(btc.slice(-100), [])).toThrow("health needs 735 1h candles, got 100");
  });
});

const health = (status: HealthPayload["status"], ratio: number, composite = 0.6): HealthPayload => ({
  status,
  composite_score: composite,
  components: {
    trend: { score: 0.5, direction: "UP", ema20: 1, ema50: 1 },
    volatility: { score: 1, atr_pct: 1, ratio_to_30d_median: ratio },
    breadth: { score: 0.5, advancing: 1, declining: 1, total: 2 },
    volume: { score: 1, ratio_24h_to_30d: 1 },
  },
  rule: "",
  as_of: "",
});
const london: SessionPayload = computeSession(at("2024-03-01T10:00:00Z"));

describe("pre-analysis gate", () => {
  test("GO when healthy, normal volatility, active session, calm funding", () => {
    expect(computeGate(health("HEALTHY", 1, 0.7), london, 0.0001)).toEqual({
      status: "GO",
      action: "PROCEED",
      reasons: ["Market health HEALTHY (composite 0.70)", "Session: London", "BTC funding 0.0100% per 8h"],
      inputs: { health_status: "HEALTHY", composite_score: 0.7, volatility_ratio: 1, session: "London", btc_funding_rate: 0.0001 },
    });
  });

  test("NO_GO / STAND_ASIDE when the market is dead or volatility spikes", () => {
    const dead = computeGate(health("DEAD", 0.4, 0.2), london, null);
    expect([dead.status, dead.action]).toEqual(["NO_GO", "STAND_ASIDE"]);
    expect(dead.reasons[0]).toBe("Market health DEAD (composite 0.20): volume and volatility have collapsed");
    const spike = computeGate(health("NORMAL", 2.6), london, null);
    expect([spike.status, spike.reasons[0]]).toEqual(["NO_GO", "Volatility spike: hourly ATR 2.60× its 30-day median"]);
  });

  test("CAUTION: crowded funding reduces size; weak health or off-hours waits", () => {
    const crowded = computeGate(health("NORMAL", 1), london, 0.00064824);
    expect([crowded.status, crowded.action, crowded.reasons[0]]).toEqual(["CAUTION", "REDUCE_SIZE", "BTC funding 0.0648% per 8h: crowded longs"]);
    const weak = computeGate(health("WEAK", 1, 0.4), london, null);
    expect([weak.status, weak.action]).toEqual(["CAUTION", "WAIT_FOR_CONFIRMATION"]);
    const late = computeGate(health("HEALTHY", 1, 0.7), computeSession(at("2024-03-01T23:00:00Z")), null);
    expect([late.status, late.action, late.reasons[0]]).toEqual([
      "CAUTION",
      "WAIT_FOR_CONFIRMATION",
      "Off-hours (22:00-00:00 UTC): thin liquidity between New York close and Asia open",
    ]);
    const quiet = computeGate(health("NORMAL", 0.5), london, null);
    expect(quiet.reasons[0]).toBe("Compressed volatility: hourly ATR 0.50× its 30-day median");
  });
});

const flat = (n: number, f: (i: number) => Partial<Candle>): Candle[] =>
  Array.from({ length: n }, (_, i) => ({ t: i * H, o: 1, h: 1, l: 1, c: 1, v: 1, ...f(i) }));

describe("movers and sentiment", () => {
  test("top gainers and losers by 24h change", () => {
    const series = [
      { symbol: "AAAUSDT", h1: flat(25, (i) => ({ c: i === 24 ? 1.1 : 1 })) },
      { symbol: "BBBUSDT", h1: flat(25, (i) => ({ c: i === 24 ? 0.8 : 1 })) },
      { symbol: "CCCUSDT", h1: flat(25, () => ({})) },
      { symbol: "DDDUSDT", h1: flat(10, () => ({})) },
    ];
    const m = computeMovers(series, 0);
    expect(m.gainers).toEqual([{ symbol: "AAAUSDT", change_24h: 10, price: 1.1 }]);
    expect(m.losers).toEqual([{ symbol: "BBBUSDT", change_24h: -20, price: 0.8 }]);
    expect(m.all_symbols.map((x) => x.symbol)).toEqual(["AAAUSDT", "BBBUSDT", "CCCUSDT"]);
  });

  test("BTC dominance is BTC's share of 24h quote volume; correlation of 1h returns", () => {
    const btc = flat(169, (i) => ({ c: 100 * (1 + 0.01 * Math.sin(i)), v: 1 }));
    const eth = btc.map((k, i) => ({ ...k, c: 50 * (1 + 0.01 * Math.sin(i)), v: 2 }));
    const other = flat(24, () => ({ c: 1, v: 2400 }));
    const s = computeSentiment({
      universe: [
        { symbol: "BTCUSDT", h1: btc },
        { symbol: "ETHUSDT", h1: eth },
        { symbol: "XUSDT", h1: other },
      ],
      btcH1: btc,
      ethH1: eth,
      funding: { btc: 0.0001, eth: null },
      nowMs: 0,
    });
    const btcQv = btc.slice(-24).reduce((a, k) => a + k.c * k.v, 0);
    const ethQv = eth.slice(-24).reduce((a, k) => a + k.c * k.v, 0);
    expect(s.btc_dominance).toBe(Math.round((btcQv / (btcQv + ethQv + 24 * 2400)) * 100 * 100) / 100);
    expect(s.btc_eth_correlation).toBe(1);
    expect(s.funding_rate).toEqual({ btc: 0.0001, eth: null });
    expect(s.derived).toBe(true);
  });
});

describe("order book model", () => {
  test("Corwin-Schultz estimate (values checked with an independent script)", () => {
    const k = (h: number, l: number): Candle => ({ t: 0, o: l, h, l, c: h, v: 1 });
    expect(corwinSchultz(k(101, 100), k(101.2, 100.2))).toBeCloseTo(0.005140705478557336, 12);
    expect(corwinSchultz(k(100.5, 99.5), k(100.6, 99.6))).toBeCloseTo(0.007581988618048382, 12);
    // A big move between candles makes the raw estimate negative (−0.1319): floored at 0.
    expect(corwinSchultz(k(101, 99), k(110, 105))).toBe(0);
  });

  test("imbalance: up-candle volume vs down-candle volume, flat candles split", () => {
    const ks: Candle[] = [
      { t: 0, o: 1, h: 2, l: 1, c: 2, v: 30 },
      { t: 1, o: 2, h: 2, l: 1, c: 1, v: 10 },
      { t: 2, o: 1, h: 1, l: 1, c: 1, v: 20 },
    ];
    const imb = volumeImbalance(ks);
    expect(imb.buy).toBeCloseTo(66.6667, 4);
    expect(imb.sell).toBeCloseTo(33.3333, 4);
  });

  test("a liquid pair's modelled spread is near a tick, not the hourly estimator's volatility (0.19 % for BTC)", async () => {
    // Before the 5m record begins: the model has hourly candles only.
    const p = createReplayProvider(createReplayClock({ fixedMs: at("2024-03-01T12:00:00Z") }));
    const ob = computeOrderbook("BTCUSDT", await p.candles("BTCUSDT", "1h", { limit: 48 }), "1h");
    const tickPct = (0.01 / ob.price) * 100;
    expect(ob.spread.percentage).toBeGreaterThanOrEqual(round(tickPct, 6));
    expect(ob.spread.percentage).toBeLessThan(0.02);
    expect(ob.spread.estimator).toContain("floored at one tick");
  });

  test("payload is marked derived with its basis", async () => {
    const p = createReplayProvider(createReplayClock({ fixedMs: at("2024-08-15T14:30:00Z") }));
    const ob = computeOrderbook("BTCUSDT", await p.candles("BTCUSDT", "5m", { limit: 48 }), "5m");
    expect(ob.derived).toBe(true);
    expect(ob.basis).toBe("Modelled from recent 5m candles, not a recorded order book");
    expect(ob.price).toBe(59444.44);
    expect(ob.imbalance.buy_percentage + ob.imbalance.sell_percentage).toBeCloseTo(100, 6);
  });
});

describe("modelled spread", () => {
  test("the mean of the raw estimates when it stands clear of zero, one tick when it does not", () => {
    const tick = 0.00001;
    expect(modelledSpread([0.002, 0.0021, 0.0019, 0.002], tick)).toBeCloseTo(0.002, 9);
    // Noise around zero (as hourly candles of a liquid pair give): one tick.
    expect(modelledSpread([0.004, -0.003, 0.002, -0.004, 0.001], tick)).toBe(tick);
    expect(modelledSpread([0.004], tick)).toBe(tick);
  });
});

describe("replay price between closes", () => {
  test("the stated path runs open → low → high → close for an up candle, open → high → low → close for a down one", () => {
    const up: Candle = { t: 0, o: 100, h: 112, l: 97, c: 110, v: 1 };
    expect([0, 1 / 3, 2 / 3, 1].map((f) => statedPathPrice(up, f * H, H))).toEqual([100, 97, 112, 110]);
    const down: Candle = { t: 0, o: 100, h: 103, l: 90, c: 95, v: 1 };
    expect(statedPathPrice(down, H / 6, H)).toBeCloseTo(101.5, 9);
  });

  test("the forming candle holds only the highs and lows its path has passed, and closes at the path price", () => {
    const up: Candle = { t: 0, o: 100, h: 112, l: 97, c: 110, v: 12 };
    expect(statedFormingCandle(up, H / 6, H)).toEqual({ t: 0, o: 100, h: 100, l: 98.5, c: 98.5, v: 2 });
    expect(statedFormingCandle(up, H / 2, H)).toEqual({ t: 0, o: 100, h: 104.5, l: 97, c: 104.5, v: 6 });
    expect(statedFormingCandle(up, H, H)).toEqual(up);
  });

  test("before the 5m record, BTC's card moves within the hour instead of holding the last hourly close", async () => {
    const card = async (iso: string) => {
      const q = createReplayProvider(createReplayClock({ fixedMs: at(iso) }));
      const data = (await computeGroup(q, "full_snapshot"))[0].data as Record<string, { price: number; as_of: string }>;
      return data.BTCUSDT;
    };
    const a = await card("2024-03-01T12:10:00Z");
    const b = await card("2024-03-01T12:35:00Z");
    expect(a.price).not.toBe(b.price);
    expect(a.price).not.toBe(61863.72); // the 11:00 candle's close, which the card used to hold all hour
    expect(b.as_of).toBe("2024-03-01T12:35:00.000Z");
  });
});
