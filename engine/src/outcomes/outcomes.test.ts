// Outcome rules on hand-built candles: TP, SL, both-in-one-candle → SL, expiry, OPEN, SHORT mirror, fees.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/candles";
import { evaluateOutcome, expiryMs, rMultiple, TAKER_FEE_RATE, timeframeMs } from "./index";

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
      r_multiple: -1.039,
    });
  });

  test("both levels inside one candle count as the stop", () => {
    expect(evaluateOutcome(long, [k(0, 111, 94, 105)])).toEqual({ outcome: "SL_HIT", closed_at_market_ms: 0, r_multiple: -1.039 });
    expect(evaluateOutcome(short, [k(0, 106, 89, 95)])).toEqual({ outcome: "SL_HIT", closed_at_market_ms: 0, r_multiple: -1.041 });
  });

  test("SHORT mirrors LONG", () => {
    expect(evaluateOutcome(short, [k(0, 103, 97, 99), k(1, 100, 89, 91)])).toEqual({ outcome: "TP_HIT", closed_at_market_ms: H, r_multiple: 1.962 });
    expect(evaluateOutcome(short, [k(0, 105, 97, 104)])).toEqual({ outcome: "SL_HIT", closed_at_market_ms: 0, r_multiple: -1.041 });
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
