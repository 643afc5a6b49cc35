// Outcome rules on hand-built candles: TP, SL, both-in-one-candle → SL, expiry, OPEN, SHORT mirror, fees.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import { evaluateOutcome, expiryMs, rMultiple, STOP_SLIPPAGE, stopFill, TAKER_FEE_RATE, timeframeMs } from "./index";

const H = 3_600_000;
const k = (i: number, h: number, l: number, c: number): Candle => ({ t: i * H, o: c, h, l, c, v: 1 });
const flat = (from: number, n: number, c = 101): Candle[] => Array.from({ length: n }, (_, j) => k(from + j, c + 1, c - 1, c));
const long = { type: "LONG" as const, entry_price: 100, stop_loss: 95, take_profit: 110, created_at_market_ms: 0, timeframe: "1h" };
const short = { type: "SHORT" as const, entry_price: 100, stop_loss: 105, take_profit: 90, created_at_market_ms: 0, timeframe: "1h" };

describe("evaluateOutcome", () => {
  test("fee constant is 0.1% per side", () => {
    expect(TAKER_FEE_RATE).toBe(0.001);
  });

  test("LONG take profit: R net of fees on entry and exit", () => {
    const o = evaluateOutcome(long, [k(0, 103, 97, 101), k(1, 111, 100, 109)]);
    // (110 - 100 - 0.001 * (100 + 110)) / 5
    expect(o).toEqual({ outcome: "TP_HIT", closed_at_market_ms: H, r_multiple: 1.958 });
  });

  test("LONG stop loss", () => {
    expect(evaluateOutcome(long, [k(0, 103, 97, 101), k(1, 102, 94, 96)])).toEqual({
      outcome: "SL_HIT",
      closed_at_market_ms: H,
      r_multiple: rMultiple("LONG", 100, 95, 95 * (1 - STOP_SLIPPAGE)),
    });
  });

  test("both levels inside one candle count as the stop", () => {
    const longStop = rMultiple("LONG", 100, 95, 95 * (1 - STOP_SLIPPAGE));
    const shortStop = rMultiple("SHORT", 100, 105, 105 * (1 + STOP_SLIPPAGE));
    expect(evaluateOutcome(long, [k(0, 111, 94, 105)])).toEqual({ outcome: "SL_HIT", closed_at_market_ms: 0, r_multiple: longStop });
    expect(evaluateOutcome(short, [k(0, 106, 89, 95)])).toEqual({ outcome: "SL_HIT", closed_at_market_ms: 0, r_multiple: shortStop });
  });

  test("SHORT mirrors LONG", () => {
    expect(evaluateOutcome(short, [k(0, 103, 97, 99), k(1, 100, 89, 91)])).toEqual({ outcome: "TP_HIT", closed_at_market_ms: H, r_multiple: 1.962 });
    expect(evaluateOutcome(short, [k(0, 105, 97, 104)])).toEqual({
      outcome: "SL_HIT",
      closed_at_market_ms: 0,
      r_multiple: rMultiple("SHORT", 100, 105, 105 * (1 + STOP_SLIPPAGE)),
    });
  });

  test("expires after 48 bars at the last close, later candles ignored", () => {
    const candles = [...flat(0, 47, 101), k(47, 103, 101, 102), k(48, 200, 1, 150)];
    // (102 - 100 - 0.001 * 202) / 5
    expect(evaluateOutcome(long, candles)).toEqual({ outcome: "EXPIRED", closed_at_market_ms: 48 * H, r_multiple: 0.3596 });
  });

  test("open while the expiry window is not covered yet", () => {
    expect(evaluateOutcome(long, flat(0, 10))).toEqual({ outcome: "OPEN", closed_at_market_ms: null, r_multiple: null });
    expect(evaluateOutcome(long, [])).toEqual({ outcome: "OPEN", closed_at_market_ms: null, r_multiple: null });
  });

  test("a gap at the window's end still expires once later candles exist", () => {
    const candles = [...flat(0, 40, 101), k(50, 102, 100, 101)];
    expect(evaluateOutcome(long, candles)).toEqual({ outcome: "EXPIRED", closed_at_market_ms: 48 * H, r_multiple: 0.1598 });
  });

  test("candles that opened before the issue time are ignored", () => {
    const o = evaluateOutcome({ ...long, created_at_market_ms: 2 * H }, [k(0, 120, 80, 100), k(1, 120, 80, 100), k(2, 112, 99, 111)]);
    expect(o).toEqual({ outcome: "TP_HIT", closed_at_market_ms: 2 * H, r_multiple: 1.958 });
  });

  test("expiry scales with the timeframe", () => {
    expect(timeframeMs("4h")).toBe(4 * H);
    expect(timeframeMs("15m")).toBe(15 * 60_000);
    expect(timeframeMs("1d")).toBe(24 * H);
    expect(expiryMs("1h")).toBe(48 * H);
    expect(expiryMs("4h")).toBe(192 * H);
    const o = evaluateOutcome({ ...long, timeframe: "4h" }, [...flat(0, 100), k(100, 111, 100, 110)]);
    expect(o).toEqual({ outcome: "TP_HIT", closed_at_market_ms: 100 * H, r_multiple: 1.958 });
  });

  test("rMultiple charges fees both ways", () => {
    expect(rMultiple("LONG", 100, 95, 100)).toBe(-0.04);
    expect(rMultiple("SHORT", 100, 105, 100)).toBe(-0.04);
  });
});

describe("stop fills as a trader pays them", () => {
  const hour: Candle = { t: 0, o: 96, h: 97, l: 90, c: 91, v: 1 };

  test("a stop fills at the stop less the stated slippage, or at the open of a candle that gapped through it", () => {
    expect(stopFill("LONG", 95, hour)).toBeCloseTo(95 * (1 - STOP_SLIPPAGE), 12);
    expect(stopFill("LONG", 95, { ...hour, o: 93 })).toBeCloseTo(93 * (1 - STOP_SLIPPAGE), 12);
    expect(stopFill("SHORT", 95, { ...hour, o: 98, h: 99 })).toBeCloseTo(98 * (1 + STOP_SLIPPAGE), 12);
    // Always at or beyond the stop, never better.
    for (const o of [80, 94.9, 95, 96, 120]) expect(stopFill("LONG", 95, { ...hour, o, h: Math.max(o, 97) })).toBeLessThan(95.0000001);
  });

  test("where a 5m path is recorded, the fill is read on it: the open of the 5m bar that crossed the stop", () => {
    const five = Array.from({ length: 12 }, (_, i): Candle => {
      // Quiet until 00:40, then a bar that opens at 94.2 (below the 95 stop) and trades down.
      const o = i < 8 ? 96 : i === 8 ? 94.2 : 93;
      return { t: i * 300_000, o, h: o + 0.3, l: i < 8 ? 95.5 : o - 0.5, c: o - 0.2, v: 1 };
    });
    expect(stopFill("LONG", 95, hour, five)).toBe(94.2);
    // A 5m record that does not cover the hour is not used.
    expect(stopFill("LONG", 95, hour, five.slice(0, 6))).toBeCloseTo(95 * (1 - STOP_SLIPPAGE), 12);
  });
});
