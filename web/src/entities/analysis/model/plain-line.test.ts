// The plain first line from a signal as the reader leaves it: LONG/SHORT with and without context, NO_TRADE, unknown.
import { describe, expect, test } from "bun:test";
import { SAMPLE_CONTEXT } from "@web/lib/test-signal-context";
import { baseAsset, plainLine, targetR } from "./plain-line";
import { decodeSignal } from "@web/entities/signal/api/decode-signal";

const signal = (over: Record<string, unknown> = {}) => {
  const s = decodeSignal({
    id: 7,
    symbol: "SOLUSDT",
    type: "LONG",
    confidence: 0.3821,
    entry_price: 100,
    take_profit: 110,
    stop_loss: 95,
    rr_ratio: 2,
    credits_status: "USED",
    context: SAMPLE_CONTEXT,
    ...over,
  });
  if (!s) throw new Error("unreadable");
  return s;
};

describe("plainLine", () => {
  test("a LONG: its R target, P(target first) and expected R after costs, in the issue's words", () => {
    expect(plainLine(signal())).toEqual({ text: "LONG SOL: 2R target, 38% chance to hit it first, +0.04R expected after costs", tone: "pos" });
  });

  test("a SHORT with a negative expectation reads negative; the target keeps one decimal", () => {
    const s = signal({
      type: "SHORT",
      take_profit: 90,
      stop_loss: 105,
      rr_ratio: 1.96,
      context: { ...SAMPLE_CONTEXT, side: "SHORT", p_tp: 0.341, expected_r: -0.0151 },
    });
    expect(plainLine(s)).toEqual({ text: "SHORT SOL: 2R target, 34% chance to hit it first, −0.02R expected after costs", tone: "neg" });
    expect(plainLine(signal({ rr_ratio: 1.5, context: { ...SAMPLE_CONTEXT, expected_r: 0.001 } }))?.tone).toBe("muted");
  });

  test("a signal stored without context says what it has: the target and its calibrated confidence", () => {
    expect(plainLine(signal({ context: null, confidence: 0.55 }))).toEqual({
      text: "LONG SOL: 2R target, 55% chance to hit it first",
      tone: "muted",
    });
  });

  test("NO_TRADE has its own sentence: the best side's expectation against the bar, and the returned credit", () => {
    const best = { ...SAMPLE_CONTEXT, side: "SHORT", expected_r: -0.0512 };
    const s = signal({
      type: "NO_TRADE",
      no_trade: true,
      entry_price: null,
      take_profit: null,
      stop_loss: null,
      rr_ratio: null,
      credits_status: "RELEASED",
      context: best,
    });
    expect(plainLine(s)).toEqual({
      text: "NO TRADE SOL: best side SHORT, −0.05R expected after costs, under the +0.02R bar; credit returned",
      tone: "muted",
    });
    const bare = signal({
      type: "NO_TRADE",
      no_trade: true,
      entry_price: null,
      take_profit: null,
      stop_loss: null,
      context: null,
      credits_status: "RELEASED",
    });
    expect(plainLine(bare)?.text).toBe("NO TRADE SOL: no side cleared the bar; credit returned");
  });

  test("helpers: the coin of a pair and the target in R", () => {
    expect([baseAsset("SOLUSDT"), baseAsset("1000PEPEUSDT"), baseAsset("USDT")]).toEqual(["SOL", "1000PEPE", "USDT"]);
    expect([targetR(2), targetR(1.96), targetR(1.54)]).toEqual(["2R", "2R", "1.5R"]);
  });
});
