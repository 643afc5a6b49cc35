// The fitter recovers planted effects on synthetic data; calibration, metrics and setups behave exactly.
import { describe, expect, test } from "bun:test";
import { mulberry32 } from "../../backtest";
import { fitLogistic, fitPlatt, fitStandardisation, metrics, sigmoid, standardise } from "./logistic";
import { buildSetup, roundPrice, rrFromPrices } from "./setup";
import type { Features } from "../features";

describe("logistic fitter", () => {
  test("recovers the sign and rough size of planted effects, ignores noise", () => {
    const rnd = mulberry32(11);
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const x = [rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1];
      rows.push(x);
      y.push(rnd() < sigmoid(-0.5 + 2 * x[0] - 1 * x[1]) ? 1 : 0);
    }
    const m = fitLogistic(rows, y, 0);
    expect(m.weights[0]).toBeGreaterThan(1.7);
    expect(m.weights[0]).toBeLessThan(2.3);
    expect(m.weights[1]).toBeLessThan(-0.7);
    expect(m.weights[1]).toBeGreaterThan(-1.3);
    expect(Math.abs(m.weights[2])).toBeLessThan(0.15);
    expect(m.intercept).toBeGreaterThan(-0.7);
    expect(m.intercept).toBeLessThan(-0.3);
    // L2 shrinks towards zero without flipping signs.
    const shrunk = fitLogistic(rows, y, 1);
    expect(shrunk.weights[0]).toBeGreaterThan(0);
    expect(shrunk.weights[0]).toBeLessThan(m.weights[0]);
    expect(shrunk.weights[1]).toBeLessThan(0);
  });

  test("deterministic for the same data", () => {
    const rows = [[0], [1], [2], [3], [4], [5]];
    const y = [0, 0, 1, 0, 1, 1];
    expect(fitLogistic(rows, y, 0.1)).toEqual(fitLogistic(rows, y, 0.1));
  });

  test("standardisation and Platt", () => {
    const s = fitStandardisation([[1, 5], [3, 5]]);
    expect(s.mean).toEqual([2, 5]);
    expect(s.std[0]).toBeCloseTo(Math.SQRT2, 12);
    expect(s.std[1]).toBe(1);
    expect(standardise([3, 6], s)).toEqual([1 / Math.SQRT2, 1]);
    const rnd = mulberry32(3);
    const z: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const zi = rnd() * 6 - 3;
      z.push(zi);
      y.push(rnd() < sigmoid(0.5 * zi + 0.2) ? 1 : 0);
    }
    const p = fitPlatt(z, y);
    expect(p.a).toBeGreaterThan(0.4);
    expect(p.a).toBeLessThan(0.6);
    expect(p.b).toBeGreaterThan(0.1);
    expect(p.b).toBeLessThan(0.3);
  });

  test("metrics: AUC by ranks, Brier, base rate", () => {
    const m = metrics([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]);
    expect(m.auc).toBe(0.75);
    expect(m.base_rate).toBe(0.5);
    expect(m.brier).toBe(0.1581);
  });
});

describe("setups", () => {
  const base: Features = {
    symbol: "TESTUSDT", asOf: 0, close: 100, atr: 2, atrPct: 0.02, ema20: 100, ema50: 100, ema200: 100, ema50SlopeAtr: 0,
    ema20h4: 100, ema50h4: 100, rsi1h: 50, rsi4h: 50, sma10d: 100, ret4h: 0, ret24h: 0, ret72h: 0, ret7d: 0, volRegime: 1,
    relVolume: 1, supportStop: 97, resistanceStop: 103, supportTarget: 90, resistanceTarget: 100.5, funding: null, btcCorr: 0,
    btcClose: 0, btcEma50: 0, btcAtr: 0, btcRet24h: 0, health: null, gate: null,
  };
  const full = (over: Partial<Features>): Features => ({ ...base, ...over });

  test("LONG: stop beyond structure clamped to ATR bounds, breakout target near the high", () => {
    const s = buildSetup(full({}), "LONG");
    // 97 - 0.2 * 2 = 96.6 → 3.4 from entry = 1.7 ATR (inside 1.5..4)
    expect(s).toMatchObject({ entry: 100, stopLoss: 96.6, takeProfit: 106, targetKind: "breakout", rr: 1.76 });
  });

  test("SHORT: target inside the 72h low; RR computed from the rounded prices", () => {
    const s = buildSetup(full({}), "SHORT");
    // stop 103 + 0.4 = 103.4 (1.7 ATR); target 90 + 0.2 = 90.2 → RR 9.8 / 3.4
    expect(s).toMatchObject({ entry: 100, stopLoss: 103.4, takeProfit: 90.2, targetKind: "structure", rr: 2.88 });
    expect(s.rr).toBe(rrFromPrices("SHORT", s.entry, s.stopLoss, s.takeProfit));
  });

  test("rrFromPrices and rounding", () => {
    expect(rrFromPrices("LONG", 100, 95, 112)).toBe(2.4);
    expect(rrFromPrices("SHORT", 100, 104, 93)).toBe(1.75);
    expect(rrFromPrices("LONG", 100, 100, 112)).toBe(0);
    expect(roundPrice(64210.123456)).toBe(64210.1);
    expect(roundPrice(0.0000123456789)).toBe(0.0000123457);
  });
});
