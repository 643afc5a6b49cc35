// The Start Trading pair list: all 200 pairs with the server's unavailable ones and reasons; the cap shown before a start.
import { describe, expect, test } from "bun:test";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { BUILT_IN_PAIRS, readPairs } from "../api/decode-pairs";
import { MAX_ACTIVE_ANALYSES, runningCap } from "./running-cap";

describe("pairs", () => {
  test("the server's list with its unavailable pairs and reasons", () => {
    const unavailable = { BNBUSDT: "no recorded data in replay", ADAUSDT: "no recorded data in replay", NOTLISTED: "x" };
    const pairs = readPairs({ data: { symbols: SUPPORTED_SYMBOLS, count: SUPPORTED_SYMBOLS.length, provider: "replay", unavailable } });
    expect(pairs.symbols).toHaveLength(200);
    expect(pairs.unavailable.get("BNBUSDT")).toBe("no recorded data in replay");
    expect(pairs.unavailable.has("BTCUSDT")).toBe(false);
    // A reason for a pair that is not listed is ignored.
    expect(pairs.unavailable.has("NOTLISTED")).toBe(false);
    expect(pairs.unavailable.size).toBe(2);
  });
  test("symbols are trimmed, upper-cased and unique; an unreadable or empty answer is the built-in list", () => {
    expect(readPairs({ data: { symbols: [" btcusdt", "BTCUSDT", 3, "ethusdt"] } }).symbols).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(readPairs(null)).toBe(BUILT_IN_PAIRS);
    expect(readPairs({ data: { symbols: [] } })).toBe(BUILT_IN_PAIRS);
    expect(BUILT_IN_PAIRS.symbols).toHaveLength(200);
    expect(BUILT_IN_PAIRS.unavailable.size).toBe(0);
  });
});

describe("running cap", () => {
  const running = (n: number) => Array.from({ length: n }, () => ({ status: "IN_PROGRESS" as const }));
  test("under the cap nothing is held back", () => {
    expect(runningCap(running(MAX_ACTIVE_ANALYSES - 1))).toEqual({ running: MAX_ACTIVE_ANALYSES - 1, blocked: false, reason: null });
  });
  test("at the cap the start is held back with the reason; finished ones do not count", () => {
    const cap = runningCap([...running(MAX_ACTIVE_ANALYSES), { status: "COMPLETED" as const }, { status: "FAILED" as const }]);
    expect(cap.running).toBe(MAX_ACTIVE_ANALYSES);
    expect(cap.blocked).toBe(true);
    expect(cap.reason).toBe(`${MAX_ACTIVE_ANALYSES} analyses are running, the most at once. Start another when one finishes.`);
    expect(runningCap([{ status: "COMPLETED" }, ...running(2)], 2).blocked).toBe(true);
  });
});
