// Venue and cost rules (fees, slippage, funding), the 0.08 R cost floor on the stop, trade geometry and expected R on hand-computed numbers.
import { describe, expect, test } from "bun:test";
import {
  buildTrade,
  costsFor,
  DEFAULT_SHORT_FUNDING_PER_8H,
  EXPIRY_HOURS,
  expectedR,
  isPlaceable,
  MAX_COST_R,
  MAX_STOP_FRACTION,
  slippageRate,
  stopDistance,
  TAKER_FEE,
  venueOf,
} from "./trade";

describe("venue and costs", () => {
  test("LONG trades spot at 0.1 % taker per side, SHORT trades the perpetual at 0.05 %", () => {
    expect(venueOf("LONG")).toBe("spot");
    expect(venueOf("SHORT")).toBe("perp");
    expect(TAKER_FEE).toEqual({ spot: 0.001, perp: 0.0005 });
    const long = costsFor("LONG", 1e9);
    expect(long).toMatchObject({ venue: "spot", fee: 0.001, slippage: 0.0002, funding: 0 });
    expect(long.perSide).toBeCloseTo(0.0012, 15);
    expect(long.roundTrip).toBeCloseTo(0.0024, 15);
    const short = costsFor("SHORT", 1e9, 0.0001);
    expect(short).toMatchObject({ venue: "perp", fee: 0.0005, slippage: 0.0002, funding: 0 });
    expect(short.perSide).toBeCloseTo(0.0007, 15);
    expect(short.roundTrip).toBeCloseTo(0.0014, 15);
  });

  test("slippage: 2 bps at >= $500M, 10 bps at <= $5M, log-linear and monotone between", () => {
    expect(slippageRate(500e6)).toBeCloseTo(0.0002, 15);
    expect(slippageRate(5e9)).toBeCloseTo(0.0002, 15);
    expect(slippageRate(5e6)).toBeCloseTo(0.001, 15);
    expect(slippageRate(1e6)).toBeCloseTo(0.001, 15);
    expect(slippageRate(0)).toBeCloseTo(0.001, 15);
    // Unknown volume is treated as thin.
    expect(slippageRate(Number.NaN)).toBeCloseTo(0.001, 15);
    // Geometric midpoint $50M: halfway, 6 bps.
    expect(slippageRate(50e6)).toBeCloseTo(0.0006, 12);
    let prev = Infinity;
    for (let e = 5; e <= 10; e += 0.05) {
      const s = slippageRate(10 ** e);
      expect(s).toBeLessThanOrEqual(prev);
      expect(s).toBeGreaterThanOrEqual(0.0002 - 1e-15);
      expect(s).toBeLessThanOrEqual(0.001 + 1e-15);
      // Strictly falling inside the band.
      if (10 ** e > 5.1e6 && 10 ** e < 490e6) expect(s).toBeLessThan(prev);
      prev = s;
    }
    // Continuous at both ends of the band.
    expect(slippageRate(5e6 * 1.0001)).toBeCloseTo(0.001, 7);
    expect(slippageRate(500e6 * 0.9999)).toBeCloseTo(0.0002, 7);
  });

  test("funding: a SHORT pays negative funding over the 48 h horizon (6 periods), is never credited positive funding", () => {
    expect(EXPIRY_HOURS / 8).toBe(6);
    const pays = costsFor("SHORT", 1e9, -0.0001);
    expect(pays.funding).toBeCloseTo(0.0006, 15);
    expect(pays.roundTrip).toBeCloseTo(2 * (0.0005 + 0.0002) + 0.0006, 15);
    const credited = costsFor("SHORT", 1e9, 0.0003);
    expect(credited.funding).toBe(0);
    expect(credited.roundTrip).toBeCloseTo(0.0014, 15);
    expect(costsFor("SHORT", 1e9, 0).funding).toBe(0);
    // Where no rate is recorded a SHORT pays the stated default; a LONG on spot never pays funding.
    expect(DEFAULT_SHORT_FUNDING_PER_8H).toBeLessThan(0);
    expect(costsFor("SHORT", 1e9, null).funding).toBeCloseTo(-DEFAULT_SHORT_FUNDING_PER_8H * 6, 15);
    expect(costsFor("LONG", 1e9, null).funding).toBe(0);
    // Spot longs pay no funding whatever its sign.
    expect(costsFor("LONG", 1e9, -0.0001).funding).toBe(0);
    expect(costsFor("LONG", 1e9, 0.0001).funding).toBe(0);
    // Costs only ever go up with more negative funding.
    expect(costsFor("SHORT", 1e9, -0.0005).roundTrip).toBeGreaterThan(pays.roundTrip);
  });
});

describe("stop distance and trade geometry", () => {
  test("a liquid pair with a tiny ATR: the stop widens so round-trip costs are 0.08 R", () => {
    const entry = 123.456789;
    const atr = 0.01;
    const costs = costsFor("LONG", 1e9); // round trip 0.24 %
    const d = stopDistance(entry, atr, 1.5, costs.roundTrip);
    expect(d).toBeCloseTo((entry * costs.roundTrip) / MAX_COST_R, 12);
    expect(d).toBeGreaterThan(1.5 * atr);
    for (const side of ["LONG", "SHORT"] as const) {
      const tr = buildTrade(side, entry, atr, { k: 1.5, m: 2 }, costsFor(side, 1e9));
      expect(tr.costR).toBeCloseTo(MAX_COST_R, 4);
      expect(tr.stopAtr).toBeGreaterThan(1.5);
      const s = side === "LONG" ? 1 : -1;
      expect(s * (tr.entry - tr.stopLoss)).toBeGreaterThan(0);
      expect(s * (tr.takeProfit - tr.entry)).toBeGreaterThan(0);
      expect(tr.rr).toBeCloseTo(2, 2);
    }
  });

  test("a volatile pair: the stop is k·ATR and costs stay under 0.08 R", () => {
    const costs = costsFor("LONG", 1e9);
    expect(stopDistance(100, 5, 1.5, costs.roundTrip)).toBe(7.5);
    const long = buildTrade("LONG", 100, 5, { k: 1.5, m: 2 }, costs);
    expect(long).toMatchObject({ side: "LONG", entry: 100, stopLoss: 92.5, takeProfit: 115, risk: 7.5, rr: 2, stopAtr: 1.5 });
    expect(long.costR).toBeCloseTo((100 * 0.0024) / 7.5, 12);
    expect(long.costR).toBeLessThan(MAX_COST_R);
    const short = buildTrade("SHORT", 100, 5, { k: 1.5, m: 2 }, costsFor("SHORT", 1e9, 0));
    expect(short).toMatchObject({ side: "SHORT", entry: 100, stopLoss: 107.5, takeProfit: 85, risk: 7.5, rr: 2, stopAtr: 1.5 });
    expect(short.costR).toBeCloseTo((100 * 0.0014) / 7.5, 12);
  });

  test("the floor binds exactly where k·ATR would let costs exceed 0.08 R", () => {
    const rt = costsFor("LONG", 50e6).roundTrip; // fee 0.1 % + 6 bps, both sides
    const floor = (100 * rt) / MAX_COST_R;
    for (const atr of [0.1, 0.5, 1, 2, 5]) {
      const d = stopDistance(100, atr, 1, rt);
      expect(d).toBe(Math.max(atr, floor));
      expect((100 * rt) / d).toBeLessThanOrEqual(MAX_COST_R + 1e-12);
    }
  });
});

describe("expectedR", () => {
  test("p_TP·RR − p_SL + p_EXP·E[R|expiry] − costs", () => {
    expect(expectedR({ tp: 0.4, sl: 0.35, exp: 0.25 }, 1.5, 0.2, 0.07)).toBeCloseTo(0.23, 12);
    // Expiry marked to market below zero, and no costs.
    expect(expectedR({ tp: 0.3, sl: 0.3, exp: 0.4 }, 2, -0.25, 0)).toBeCloseTo(0.6 - 0.3 - 0.1, 12);
    // A certain stop costs 1 R plus the costs; a certain target pays RR minus them.
    expect(expectedR({ tp: 0, sl: 1, exp: 0 }, 3, 0.5, 0.05)).toBeCloseTo(-1.05, 12);
    expect(expectedR({ tp: 1, sl: 0, exp: 0 }, 3, 0.5, 0.05)).toBeCloseTo(2.95, 12);
    // Only the expiry share carries E[R|expiry].
    expect(expectedR({ tp: 0, sl: 0, exp: 1 }, 3, 0.5, 0.05)).toBeCloseTo(0.45, 12);
  });
});

describe("placeable levels", () => {
  test("a setup is placeable only with positive levels, its stop within MAX_STOP_FRACTION of entry and its target beyond entry", () => {
    const ok = buildTrade("SHORT", 100, 10, { k: 1, m: 1.5 }, costsFor("SHORT", 1e9, 0));
    expect(isPlaceable(ok)).toBe(true);
    // A stop 30 % away: refused although every level is still positive.
    const far = buildTrade("LONG", 100, 30, { k: 1, m: 1.5 }, costsFor("LONG", 1e9));
    expect(far.stopLoss).toBeGreaterThan(0);
    expect(far.risk / far.entry).toBeGreaterThan(MAX_STOP_FRACTION);
    expect(isPlaceable(far)).toBe(false);
    // A SHORT whose target would be at or below zero.
    const negative = buildTrade("SHORT", 1, 0.7, { k: 1, m: 1.5 }, costsFor("SHORT", 1e9, 0));
    expect(negative.takeProfit).toBeLessThanOrEqual(0);
    expect(isPlaceable(negative)).toBe(false);
  });
});
