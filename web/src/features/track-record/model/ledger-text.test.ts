// /verify's words: ids as pasted, root labels, and the disclosed fields of a LONG and a NO_TRADE.
import { describe, expect, test } from "bun:test";
import { committedFields, parseSignalId, rootLabel } from "./ledger-text";

const CANONICAL = (over: Record<string, unknown>) =>
  JSON.stringify({
    v: 1,
    signal_id: 7,
    request_id: 9,
    user: "ab".repeat(32),
    symbol: "BTCUSDT",
    type: "LONG",
    confidence: 0.55,
    entry_price: 65000.1,
    take_profit: 67000,
    stop_loss: 64000,
    rr_ratio: 1.8181818,
    cost_per_side: null,
    timeframe: "4h",
    entry_timing: "Now",
    no_trade_reason: null,
    market_time_ms: 1717200000000,
    created_at: "2024-06-01T12:34:56.123456Z",
    reasoning_sha256: "cd".repeat(32),
    context_sha256: null,
    ...over,
  });

describe("ledger texts", () => {
  test("signal ids as typed or pasted", () => {
    expect(["42", " #42 ", "#0042"].map(parseSignalId)).toEqual([42, 42, 42]);
    expect(["", "0", "-1", "4.2", "abc", "1".repeat(16)].map(parseSignalId)).toEqual([null, null, null, null, null, null]);
  });

  test("a final day's root and today's", () => {
    expect(rootLabel("2024-06-01", true)).toBe("the Jun 1, 2024 root");
    expect(rootLabel("2024-06-01", false)).toBe("the Jun 1, 2024 root so far");
  });

  test("a LONG's fields, and a NO_TRADE without the empty price rows", () => {
    expect(committedFields(CANONICAL({}))).toEqual([
      { label: "Pair", value: "BTCUSDT" },
      { label: "Direction", value: "Long" },
      { label: "Confidence", value: "55%" },
      { label: "Entry", value: "65,000.10" },
      { label: "Take profit", value: "67,000.00" },
      { label: "Stop loss", value: "64,000.00" },
      { label: "Risk/reward", value: "1 : 1.82" },
      { label: "Timeframe", value: "4h" },
      { label: "Issued", value: "2024-06-01 12:34 UTC" },
      { label: "Market time", value: "2024-06-01 00:00 UTC" },
    ]);
    const none = committedFields(
      CANONICAL({ type: "NO_TRADE", entry_price: null, take_profit: null, stop_loss: null, rr_ratio: null, no_trade_reason: "Spread too wide" }),
    );
    expect(none.map((f) => f.label)).toEqual(["Pair", "Direction", "Confidence", "Timeframe", "Reason for no trade", "Issued", "Market time"]);
    expect(none[1].value).toBe("No trade");
    expect(committedFields("not json")).toEqual([]);
  });
});
