// The signal decoder folds spec 02 §3's other spellings into the contract's shape (a contract-shaped answer is covered by
// test/contract.test.ts, which holds that it decodes to itself).
import { describe, expect, test } from "bun:test";
import { SAMPLE_CONTEXT } from "@web/lib/test-signal-context";
import { decodeSignal, decodeSignals } from "./decode-signal";

describe("decodeSignal", () => {
  test("the spec's spellings of direction, confidence, time, reasoning and request id", () => {
    const s = decodeSignal({
      data: {
        id: 7,
        symbol: "solusdt",
        action: "BUY",
        confidence_percent: 62,
        generated_at: "2025-01-01T00:00:00Z",
        reason: "r",
        analysis_request_id: 3,
        current_status: "DONE",
      },
    });
    expect(s).toMatchObject({
      id: 7,
      symbol: "SOLUSDT",
      type: "LONG",
      confidence: 0.62,
      created_at: "2025-01-01T00:00:00Z",
      reasoning: "r",
      request_id: 3,
      status: "DONE",
      no_trade: false,
    });
    expect(decodeSignal({ id: 8, signalType: "sell" })?.type).toBe("SHORT");
  });
  test("without a type: the no_trade flag, then the levels; nothing else names a direction (the reasoning text is not read)", () => {
    expect(decodeSignal({ id: 1, no_trade: true })?.type).toBe("NO_TRADE");
    expect(decodeSignal({ id: 1, entry_price: 100, take_profit: 90, stop_loss: 105 })?.type).toBe("SHORT");
    expect(decodeSignal({ id: 1, reasoning: "go LONG here" })).toMatchObject({ type: "NO_TRADE", no_trade: true });
  });
  test("model_version as sent, else the version the context names, else null", () => {
    expect(decodeSignal({ id: 1, model_version: "v3.2" })?.model_version).toBe("v3.2");
    const context = { ...SAMPLE_CONTEXT, model: { ...SAMPLE_CONTEXT.model, version: "v3.1" } };
    expect(decodeSignal({ id: 1, context })?.model_version).toBe("v3.1");
    expect(decodeSignal({ id: 1, context: SAMPLE_CONTEXT })?.model_version).toBeNull();
  });
  test("no id, no signal; a list in an envelope skips unreadable items", () => {
    expect(decodeSignal({ symbol: "BTCUSDT" })).toBeNull();
    expect(decodeSignals({ signals: [{ id: 1, type: "LONG" }, "x", { type: "LONG" }] }).map((s) => s.id)).toEqual([1]);
  });
});
