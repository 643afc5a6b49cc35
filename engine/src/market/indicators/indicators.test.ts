// Indicator wrappers checked against straightforward reference implementations on shipped BTCUSDT candles.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadCandleFile, type Candle } from "@core/market/candles";
import { REPLAY_DATA_DIR } from "../providers/replay";
import { atr, correlation, ema, returnCorrelation, returns, rsi, supportResistance, swingPoints } from "./index";

const btc = loadCandleFile(join(REPLAY_DATA_DIR, "spot", "1h", "BTCUSDT.csv.gz")).slice(0, 500);
const closes = btc.map((k) => k.c);

function refEma(xs: number[], p: number): number[] {
  const k = 2 / (p + 1);
  let prev = xs.slice(0, p).reduce((s, x) => s + x, 0) / p;
  const out = [prev];
  for (let i = p; i < xs.length; i++) {
    prev = (xs[i] - prev) * k + prev;
    out.push(prev);
  }
  return out;
}

function refRsi(xs: number[], p: number): number[] {
  let g = 0;
  let l = 0;
  for (let i = 1; i <= p; i++) {
    const d = xs[i] - xs[i - 1];
    if (d > 0) g += d;
    else l -= d;
  }
  g /= p;
  l /= p;
  const out = [100 - 100 / (1 + g / l)];
  for (let i = p + 1; i < xs.length; i++) {
    const d = xs[i] - xs[i - 1];
    g = (g * (p - 1) + Math.max(d, 0)) / p;
    l = (l * (p - 1) + Math.max(-d, 0)) / p;
    out.push(100 - 100 / (1 + g / l));
  }
  return out;
}

function refAtr(ks: Candle[], p: number): number[] {
  const tr = ks.slice(1).map((k, i) => Math.max(k.h - k.l, Math.abs(k.h - ks[i].c), Math.abs(k.l - ks[i].c)));
  let a = tr.slice(0, p).reduce((s, x) => s + x, 0) / p;
  const out = [a];
  for (let i = p; i < tr.length; i++) {
    a = (a * (p - 1) + tr[i]) / p;
    out.push(a);
  }
  return out;
}

const k = (t: number, h: number, l: number, c = (h + l) / 2): Candle => ({ t, o: c, h, l, c, v: 1 });

describe("moving averages and oscillators", () => {
  test("EMA(20) equals the SMA-seeded reference on 500 hourly closes", () => {
    const got = ema(closes, 20);
    const want = refEma(closes, 20);
    expect(got.length).toBe(481);
    for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i], 6);
  });

  test("RSI(14) equals Wilder's reference (library rounds to 2 decimals)", () => {
    const got = rsi(closes, 14);
    const want = refRsi(closes, 14);
    expect(got.length).toBe(want.length);
    for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i], 2);
  });

  test("ATR(14) equals Wilder's reference", () => {
    const got = atr(btc, 14);
    const want = refAtr(btc, 14);
    expect(got.length).toBe(486);
    for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i], 6);
  });

  test("too little input gives empty series", () => {
    expect(ema([1, 2], 3)).toEqual([]);
    expect(rsi([1, 2, 3], 14)).toEqual([]);
    expect(atr(btc.slice(0, 10), 14)).toEqual([]);
  });
});

describe("swing structure", () => {
  // Highs rise to a peak at t=3 and t=9, lows bottom at t=5.
  const series = [
    k(0, 10, 8),
    k(1, 11, 9),
    k(2, 12, 10),
    k(3, 15, 11),
    k(4, 13, 9),
    k(5, 12, 7),
    k(6, 13, 8),
    k(7, 14, 9),
    k(8, 15.5, 10),
    k(9, 16, 11),
    k(10, 14, 10),
    k(11, 13, 9.5),
    k(12, 12.5, 9),
  ];

  test("pivot highs and lows with 2 candles each side", () => {
    const { highs, lows } = swingPoints(series, 2, 2);
    expect(highs).toEqual([
      { t: 3, price: 15 },
      { t: 9, price: 16 },
    ]);
    expect(lows).toEqual([{ t: 5, price: 7 }]);
  });

  test("support is the highest swing low below, resistance the lowest swing high above", () => {
    expect(supportResistance(series, 14.5, { left: 2, right: 2 })).toEqual({ support: 7, resistance: 15 });
    expect(supportResistance(series, 15.5, { left: 2, right: 2 })).toEqual({ support: 7, resistance: 16 });
  });

  test("beyond every swing level the window extreme is used, or null", () => {
    expect(supportResistance(series, 17, { left: 2, right: 2 })).toEqual({ support: 7, resistance: null });
    expect(supportResistance(series, 6, { left: 2, right: 2 })).toEqual({ support: null, resistance: 15 });
    expect(supportResistance([], 1)).toEqual({ support: null, resistance: null });
  });
});

describe("returns and correlation", () => {
  test("simple returns", () => {
    expect(returns([100, 110, 99])).toEqual([0.10000000000000009, -0.09999999999999998]);
  });

  test("perfectly related, opposite and constant series", () => {
    expect(correlation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(correlation([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(correlation([1, 2], [1, 2])).toBeNull();
  });

  test("Pearson value matches a hand-computed example", () => {
    // x = 1..5, y = [2, 1, 4, 3, 5]: cov 8, var_x 10, var_y 10 → 0.8
    expect(correlation([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
  });

  test("return correlation aligns candles by open time and skips gaps", () => {
    const a = [100, 101, 103, 102, 104].map((c, i) => ({ t: i, o: c, h: c, l: c, c, v: 1 }));
    const b = a.map((x) => ({ ...x, c: x.c * 2 })); // same returns
    expect(returnCorrelation(a, b)).toBeCloseTo(1, 12);
    const gappy = b.filter((x) => x.t !== 2);
    // Only the pairs (0,1) and (3,4) remain: two points → null.
    expect(returnCorrelation(a, gappy)).toBeNull();
  });
});
