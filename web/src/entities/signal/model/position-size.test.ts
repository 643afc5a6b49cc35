// Position sizing against hand-computed cases (the arithmetic is written out beside each expectation).
import { describe, expect, test } from "bun:test";
import { floorToStep, roundToTick, sizePosition, type SizerInput } from "./position-size";

const SOL = { tick: 0.01, step: 0.001, priceDecimals: 2, qtyDecimals: 3 };
const BTC_PERP = { tick: 0.1, step: 0.001, priceDecimals: 1, qtyDecimals: 3 };

const long = (over: Partial<SizerInput> = {}): SizerInput => ({
  side: "LONG",
  venue: "spot",
  entry: 100,
  stop: 95,
  target: 110,
  costPerSide: 0.0012,
  accountSize: 10_000,
  riskPercent: 1,
  lot: SOL,
  ...over,
});

describe("sizePosition", () => {
  test("spot LONG: quantity from the risk with costs at both sides, rounded down to the lot step", () => {
    const s = sizePosition(long());
    // budget 10 000 × 1 % = 100; loss per unit 5 + 0.0012 × (100 + 95) = 5.234; 100 / 5.234 = 19.10584… → 19.105
    expect(s.riskBudget).toBe(100);
    expect(s.quantity).toBe(19.105);
    expect(s.notional).toBeCloseTo(1910.5, 9);
    // 19.105 × 5.234 = 99.99557; gain 19.105 × (10 − 0.0012 × 210) = 19.105 × 9.748 = 186.23554
    expect(s.lossAtStop).toBeCloseTo(99.99557, 9);
    expect(s.gainAtTarget).toBeCloseTo(186.23554, 9);
    // costs 19.105 × 0.234 = 4.47057 at the stop, 19.105 × 0.252 = 4.81446 at the target
    expect(s.costsAtStop).toBeCloseTo(4.47057, 9);
    expect(s.costsAtTarget).toBeCloseTo(4.81446, 9);
    expect(s.lossPercent).toBeCloseTo(0.9999557, 9);
    expect([s.cappedByAccount, s.roundsToZero, s.minimumLot, s.leverage]).toEqual([false, false, null, null]);
  });

  test("perpetual SHORT: loss above the entry, leverage implied by notional over account", () => {
    const s = sizePosition(
      long({
        side: "SHORT",
        venue: "perp",
        entry: 60_000,
        stop: 61_200,
        target: 57_600,
        costPerSide: 0.0007,
        accountSize: 5000,
        riskPercent: 2,
        lot: BTC_PERP,
      }),
    );
    // budget 100; per unit 1200 + 0.0007 × 121 200 = 1284.84; 100 / 1284.84 = 0.07783 → 0.077
    expect(s.quantity).toBe(0.077);
    expect(s.notional).toBeCloseTo(4620, 9);
    // 0.077 × 1284.84 = 98.93268; gain 0.077 × (2400 − 0.0007 × 117 600) = 0.077 × 2317.68 = 178.46136
    expect(s.lossAtStop).toBeCloseTo(98.93268, 9);
    expect(s.gainAtTarget).toBeCloseTo(178.46136, 9);
    // 4620 / 5000
    expect(s.leverage).toBeCloseTo(0.924, 12);
  });

  test("perpetual SHORT with a tight stop needs leverage above 1×", () => {
    const s = sizePosition(
      long({ side: "SHORT", venue: "perp", entry: 100, stop: 101, target: 98, costPerSide: 0, accountSize: 1000, riskPercent: 2, lot: SOL }),
    );
    // 20 / 1 = 20 units → notional 2000 → 2×
    expect(s.quantity).toBe(20);
    expect(s.leverage).toBe(2);
    expect(s.cappedByAccount).toBe(false);
  });

  test("spot LONG: a notional above the account is capped at it and said so", () => {
    const s = sizePosition(long({ entry: 100, stop: 99, target: 102, costPerSide: 0.001, accountSize: 1000, riskPercent: 2 }));
    // 20 / (1 + 0.001 × 199) = 16.68 units = 1668 USDT > 1000 → 10 units; loss 10 × 1.199 = 11.99
    expect(s.cappedByAccount).toBe(true);
    expect(s.quantity).toBe(10);
    expect(s.notional).toBe(1000);
    expect(s.lossAtStop).toBeCloseTo(11.99, 9);
  });

  test("a quantity rounding to 0 reports what the smallest lot would risk", () => {
    const s = sizePosition(long({ entry: 60_000, stop: 59_000, target: 62_000, accountSize: 100, riskPercent: 0.5, lot: BTC_PERP }));
    // 0.5 / (1000 + 0.0012 × 119 000 = 1142.8) = 0.000437 → 0 lots; one lot 0.001 × 1142.8 = 1.1428 USDT = 1.1428 % > 0.5 %
    expect(s.roundsToZero).toBe(true);
    expect([s.quantity, s.lossAtStop, s.gainAtTarget]).toEqual([0, 0, 0]);
    expect(s.minimumLot?.quantity).toBe(0.001);
    expect(s.minimumLot?.lossAtStop).toBeCloseTo(1.1428, 9);
    expect(s.minimumLot?.lossPercent).toBeCloseTo(1.1428, 9);
    expect(s.minimumLot?.exceedsRisk).toBe(true);
  });

  test("levels are rounded to the tick before sizing", () => {
    const lot = { tick: 0.0001, step: 1, priceDecimals: 4, qtyDecimals: 0 };
    const s = sizePosition(long({ entry: 0.123456, stop: 0.120049, target: 0.130051, costPerSide: 0, accountSize: 1000, riskPercent: 1, lot }));
    // 0.1235 / 0.1200 / 0.1301; 10 / 0.0035 = 2857.14 → 2857 units
    expect([s.entry, s.stop, s.target]).toEqual([0.1235, 0.12, 0.1301]);
    expect(s.quantity).toBe(2857);
  });
});

test("rounding helpers stay on the grid", () => {
  expect(floorToStep(0.3, { tick: 1, step: 0.1, priceDecimals: 0, qtyDecimals: 1 })).toBe(0.3);
  expect(floorToStep(19.10584, SOL)).toBe(19.105);
  expect(roundToTick(42283.575, { tick: 0.01, step: 1, priceDecimals: 2, qtyDecimals: 0 })).toBe(42283.58);
});
