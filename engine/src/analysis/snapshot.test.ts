// The hourly snapshot reads only closed candles in a fixed 336-bar window (no look-ahead, no history drift), excludes incomplete pairs, ranks within ±0.5, and its EMA/RSI follow the textbook rules.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import { INTERVAL_MS } from "@core/market/candles";
import { mulberry32 } from "../backtest/stats";
import { buildSnapshot, centredRanks, emaLast, lastClosedIndex, rsiLast, SNAPSHOT_WINDOW_H1, SWING_BARS, type PairSeries } from "./snapshot";

const H = INTERVAL_MS["1h"];
const T0 = Date.UTC(2024, 0, 1);
const HOURS = 800;
const LISTED_AT = 400; // NEWUSDT's first hour
const AT = T0 + 560 * H; // NEWUSDT has 160 closed hours here
const FULL = ["ADAUSDT", "BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT"];

function gauss(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Seeded hourly random walk with wicks and volume, `hours` candles from `from`. */
function walk(seed: number, from: number, hours: number, start: number, drift: number, vol: number): Candle[] {
  const rand = mulberry32(seed);
  const out: Candle[] = [];
  let c = start;
  for (let i = 0; i < hours; i++) {
    const o = c;
    c = o * Math.exp(drift + vol * gauss(rand));
    const h = Math.max(o, c) * (1 + vol * rand());
    const l = Math.min(o, c) * (1 - vol * rand());
    out.push({ t: from + i * H, o, h, l, c, v: 1000 * (0.5 + rand()) });
  }
  return out;
}

function makeSeries(): PairSeries[] {
  const params: [string, number, number, number][] = [
    ["BTCUSDT", 60000, 0.0002, 0.006],
    ["ETHUSDT", 3000, -0.0003, 0.009],
    ["SOLUSDT", 100, 0.0006, 0.014],
    ["XRPUSDT", 0.6, -0.0008, 0.011],
    ["ADAUSDT", 0.45, 0.0001, 0.012],
    ["GAPUSDT", 2.5, 0, 0.01],
  ];
  const out: PairSeries[] = params.map(([symbol, start, drift, vol], i) => ({ symbol, h1: walk(101 + i, T0, HOURS, start, drift, vol) }));
  // Listed later: fewer than 336 closed hours at AT.
  out.push({ symbol: "NEWUSDT", h1: walk(999, T0 + LISTED_AT * H, HOURS - LISTED_AT, 7, 0.001, 0.02) });
  // Missing the hour that closes at AT.
  const gap = out.find((s) => s.symbol === "GAPUSDT")!;
  gap.h1 = gap.h1.filter((k) => k.t !== AT - H);
  return out;
}

const clone = (series: PairSeries[]): PairSeries[] => series.map((s) => ({ symbol: s.symbol, h1: s.h1.map((k) => ({ ...k })) }));
const truncatedAt = (series: PairSeries[], at: number): PairSeries[] =>
  series.map((s) => ({ symbol: s.symbol, h1: s.h1.filter((k) => k.t + H <= at) }));

describe("buildSnapshot: no look-ahead, no history drift", () => {
  test("equals the snapshot of the series truncated at the clock, for several clocks", () => {
    const series = makeSeries();
    for (const at of [AT, AT + 7 * H, AT + 29 * H]) {
      const full = buildSnapshot(series, at);
      expect(full.rows.length).toBeGreaterThanOrEqual(FULL.length);
      expect(full).toEqual(buildSnapshot(truncatedAt(series, at), at));
    }
  });

  test("a clock inside an hour ignores the candle still in progress (same as the hour it is in)", () => {
    const series = makeSeries();
    const mid = AT + 30 * 60_000;
    const snap = buildSnapshot(series, mid);
    expect(snap.at).toBe(AT);
    expect(snap).toEqual(buildSnapshot(series, AT));
    expect(snap).toEqual(buildSnapshot(truncatedAt(series, mid), mid));
  });

  test("history older than the 336-bar window changes nothing", () => {
    const series = makeSeries();
    const base = buildSnapshot(series, AT);
    expect(base.rows.map((r) => r.symbol)).toEqual(FULL);
    // 300 extra older hours for every pair that was already trading (NEWUSDT's listing stays where it is).
    const longer = series.map((s, i) =>
      s.symbol === "NEWUSDT" ? s : { symbol: s.symbol, h1: [...walk(500 + i, T0 - 300 * H, 300, s.h1[0].o * 3, 0.01, 0.05), ...s.h1] },
    );
    expect(longer[0].h1.length).toBeGreaterThan(SNAPSHOT_WINDOW_H1 + 300);
    expect(buildSnapshot(longer, AT)).toEqual(base);
  });

  test("changing candles after the clock changes nothing; changing the last closed candle does", () => {
    const series = makeSeries();
    const base = buildSnapshot(series, AT);

    const future = clone(series);
    for (const s of future) {
      for (const k of s.h1) {
        if (k.t >= AT) {
          // The candle opening at AT closes after it: in the future too.
          k.c *= 5;
          k.h *= 10;
          k.l /= 10;
          k.v *= 100;
        }
      }
    }
    expect(buildSnapshot(future, AT)).toEqual(base);

    const lastClosed = clone(series);
    const eth = lastClosed.find((s) => s.symbol === "ETHUSDT")!;
    const k = eth.h1[lastClosedIndex(eth.h1, AT)];
    expect(k.t).toBe(AT - H);
    k.c *= 1.05;
    k.h = Math.max(k.h, k.c);
    const changed = buildSnapshot(lastClosed, AT);
    expect(changed).not.toEqual(base);
    const before = base.rows.find((r) => r.symbol === "ETHUSDT")!;
    const after = changed.rows.find((r) => r.symbol === "ETHUSDT")!;
    expect(after.close).toBe(k.c);
    expect(after.z1).toBeGreaterThan(before.z1);

    // BTC's last closed candle moves the other pairs' beta-adjusted residuals.
    const btcMoved = clone(series);
    const btc = btcMoved.find((s) => s.symbol === "BTCUSDT")!;
    btc.h1[lastClosedIndex(btc.h1, AT)].c *= 1.03;
    const sol0 = base.rows.find((r) => r.symbol === "SOLUSDT")!;
    const sol1 = buildSnapshot(btcMoved, AT).rows.find((r) => r.symbol === "SOLUSDT")!;
    expect(sol1.close).toBe(sol0.close);
    expect(sol1.resid24).not.toBe(sol0.resid24);
  });
});

describe("buildSnapshot: membership, values and ranks", () => {
  test("pairs without a full window or without the last hour are left out", () => {
    const series = makeSeries();
    const symbols = (at: number) => buildSnapshot(series, at).rows.map((r) => r.symbol);
    expect(symbols(AT)).toEqual(FULL);
    // No feature across a gap: GAPUSDT stays out while the missing hour lies in its window, and is back once it left.
    expect(symbols(AT + H)).not.toContain("GAPUSDT");
    const early = series.map((x) => (x.symbol === "GAPUSDT" ? { ...x, h1: makeSeries()[0].h1.filter((k) => k.t !== AT - 300 * H) } : x));
    const inEarly = (at: number) => buildSnapshot(early, at).rows.map((r) => r.symbol);
    expect(inEarly(AT)).not.toContain("GAPUSDT");
    expect(inEarly(AT + 36 * H)).not.toContain("GAPUSDT");
    expect(inEarly(AT + 37 * H)).toContain("GAPUSDT");
    // NEWUSDT: 335 closed hours → out; exactly 336 → in.
    const full = T0 + (LISTED_AT + SNAPSHOT_WINDOW_H1) * H;
    expect(symbols(full - H)).not.toContain("NEWUSDT");
    expect(symbols(full)).toContain("NEWUSDT");
    // Before any pair has a full window there are no rows.
    expect(buildSnapshot(series, T0 + (SNAPSHOT_WINDOW_H1 - 1) * H).rows).toEqual([]);
    expect(buildSnapshot(series, T0 + SNAPSHOT_WINDOW_H1 * H).rows.length).toBeGreaterThan(0);
  });

  test("per-pair values read exactly the last 336 closed candles", () => {
    const series = makeSeries();
    const snap = buildSnapshot(series, AT);
    for (const row of snap.rows) {
      const h1 = series.find((s) => s.symbol === row.symbol)!.h1.filter((k) => k.t + H <= AT);
      const w = h1.slice(-SNAPSHOT_WINDOW_H1);
      expect(w[w.length - 1].t).toBe(AT - H);
      const rets = w.slice(1).map((k, j) => Math.log(k.c / w[j].c));
      const mean = rets.reduce((a, b) => a + b, 0) / rets.length;
      const sd = Math.sqrt(rets.reduce((a, b) => a + (b - mean) ** 2, 0) / (rets.length - 1));
      const n = w.length;
      expect(row.close).toBe(w[n - 1].c);
      expect(row.z24).toBeCloseTo(Math.log(w[n - 1].c / w[n - 25].c) / (sd * Math.sqrt(24)), 9);
      expect(row.z168).toBeCloseTo(Math.log(w[n - 1].c / w[n - 169].c) / (sd * Math.sqrt(168)), 9);
      let tr = 0;
      for (let j = n - 14; j < n; j++) tr += Math.max(w[j].h - w[j].l, Math.abs(w[j].h - w[j - 1].c), Math.abs(w[j].l - w[j - 1].c));
      expect(row.atr).toBeCloseTo(tr / 14, 12);
      expect(row.swingHigh72).toBe(Math.max(...w.slice(-SWING_BARS).map((k) => k.h)));
      expect(row.swingLow72).toBe(Math.min(...w.slice(-SWING_BARS).map((k) => k.l)));
      expect(row.quoteVolume24h).toBeCloseTo(
        w.slice(-24).reduce((a, k) => a + k.v * k.c, 0),
        6,
      );
    }
  });

  test("ranks lie in [-0.5, 0.5]; the highest 24h z-return ranks 0.5 and the lowest -0.5", () => {
    const series = makeSeries();
    for (const at of [AT, AT + 40 * H, T0 + 790 * H]) {
      const { rows, regime } = buildSnapshot(series, at);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(regime.pairs).toBe(rows.length);
      for (const r of rows) {
        for (const v of [r.rankZ24, r.rankZ168, r.rankResid24, r.rankVolume, r.rankVolRegime, r.rankAtr]) {
          expect(v).toBeGreaterThanOrEqual(-0.5);
          expect(v).toBeLessThanOrEqual(0.5);
        }
      }
      const byZ24 = [...rows].sort((a, b) => a.z24 - b.z24);
      expect(byZ24[byZ24.length - 1].rankZ24).toBe(0.5);
      expect(byZ24[0].rankZ24).toBe(-0.5);
      // Ranks follow the z-returns' order.
      for (let i = 1; i < byZ24.length; i++) expect(byZ24[i].rankZ24).toBeGreaterThan(byZ24[i - 1].rankZ24);
      const btc = rows.find((r) => r.symbol === "BTCUSDT")!;
      expect(regime.btcZ24).toBe(btc.z24);
      expect(btc.beta).toBe(1);
    }
  });

  test("centredRanks: ties share their mean rank; one value ranks 0", () => {
    expect(centredRanks([3, 1, 2])).toEqual([0.5, -0.5, 0]);
    expect(centredRanks([1, 1, 2])).toEqual([-0.25, -0.25, 0.5]);
    expect(centredRanks([7])).toEqual([0]);
    expect(centredRanks([])).toEqual([]);
  });

  test("lastClosedIndex: a candle counts once open + 1h <= now", () => {
    const cs = [0, 1, 2].map((i) => ({ t: T0 + i * H, o: 1, h: 1, l: 1, c: 1, v: 1 }));
    expect(lastClosedIndex(cs, T0 + H - 1)).toBe(-1);
    expect(lastClosedIndex(cs, T0 + H)).toBe(0);
    expect(lastClosedIndex(cs, T0 + 3 * H - 1)).toBe(1);
    expect(lastClosedIndex(cs, T0 + 3 * H)).toBe(2);
    expect(lastClosedIndex([], T0)).toBe(-1);
  });
});

describe("indicators", () => {
  test("emaLast is the SMA-seeded EMA", () => {
    // period 3: seed (2+4+6)/3 = 4, k = 0.5 → 8: 6, 3: 4.5, 1: 2.75
    expect(emaLast([2, 4, 6, 8, 3, 1], 3)).toBeCloseTo(2.75, 12);
    // against a straightforward implementation on a longer series
    const rand = mulberry32(7);
    const xs = Array.from({ length: 120 }, () => 100 + 10 * rand());
    const period = 50;
    let e = xs.slice(0, period).reduce((a, b) => a + b, 0) / period;
    for (let i = period; i < xs.length; i++) e = e + (2 / (period + 1)) * (xs[i] - e);
    expect(emaLast(xs, period)).toBeCloseTo(e, 9);
    // exactly `period` values: the SMA
    expect(emaLast([1, 2, 3, 4], 4)).toBeCloseTo(2.5, 12);
  });

  test("rsiLast: 100 on a rising series, ~50 when alternating, 0 on a falling one", () => {
    const rising = Array.from({ length: 60 }, (_, i) => 10 + i * 0.5);
    expect(rsiLast(rising, 14)).toBe(100);
    const alternating = Array.from({ length: 61 }, (_, i) => (i % 2 ? 11 : 10));
    const a = rsiLast(alternating, 14);
    expect(Math.abs(a - 50)).toBeLessThan(4);
    // exactly the seed window: 7 ups and 7 downs of equal size → exactly 50
    expect(rsiLast(alternating.slice(0, 15), 14)).toBeCloseTo(50, 12);
    expect(rsiLast([...rising].reverse(), 14)).toBeCloseTo(0, 12);
  });
});
