// Reasoning formatting and the LLM rewrite guard (a real local HTTP server stands in for the provider).
import { afterAll, describe, expect, test } from "bun:test";
import { clip, fmtPct, fmtPrice, fmtUtc, ordinal } from "./format";
import { numbersIn, rewriteReasoning, sameNumbers } from "./llm";

describe("format", () => {
  test("percentile ranks read as English ordinals, never 1th or 21th", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 50, 100, 101, 111, 112].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "50th",
      "100th",
      "101st",
      "111th",
      "112th",
    ]);
  });

  test("prices, percents and the 140-character clip", () => {
    // Spec 02 §5's rule, as the screens show prices (not 6-9 significant digits).
    expect(fmtPrice(64210.123456789)).toBe("64,210.12");
    expect(fmtPrice(1.5)).toBe("1.500");
    expect(fmtPrice(0.523412345)).toBe("0.52341");
    // Moments in reasoning: UTC to the minute, not raw ISO strings.
    expect(fmtUtc(Date.UTC(2024, 5, 1, 13, 7, 45, 123))).toBe("2024-06-01 13:07 UTC");
    expect(fmtPct(0.01234)).toBe("+1.23%");
    expect(fmtPct(-0.004)).toBe("-0.40%");
    const long = "word ".repeat(40);
    expect(clip(long).length).toBeLessThanOrEqual(140);
    expect(clip(long).endsWith("…")).toBe(true);
    expect(clip("short")).toBe("short");
  });
});

describe("LLM rewrite hook", () => {
  let reply = "";
  const server = Bun.serve({
    port: 0,
    fetch: () => Response.json({ choices: [{ message: { role: "assistant", content: reply } }] }),
  });
  afterAll(() => server.stop(true));
  const base = `http://127.0.0.1:${server.port}/v1`;
  const ours = "1h trend up: close 64,210 above EMA50 63,480 (+1.15%), RSI 61.";

  test("numbers are compared as a multiset", () => {
    expect(numbersIn(ours)).toEqual(["1", "1.15", "50", "61", "63480", "64210"]);
    expect(sameNumbers(ours, "RSI 61; EMA50 63,480 below close 64,210 on 1h, +1.15%.")).toBe(true);
    expect(sameNumbers(ours, "RSI 62; EMA50 63,480 below close 64,210 on 1h, +1.15%.")).toBe(false);
  });

  test("off by default: the text is returned untouched", async () => {
    expect(await rewriteReasoning(ours, {})).toBe(ours);
  });

  test("a rephrasing that keeps every number is used", async () => {
    reply = "On the 1h chart price (64,210) trades above the EMA50 (63,480), +1.15%, with RSI at 61.";
    expect(await rewriteReasoning(ours, { baseUrl: base, model: "m" })).toBe(reply);
  });

  test("a rephrasing that changes or adds a number is rejected", async () => {
    reply = "On the 1h chart price (64,200) trades above the EMA50 (63,480), +1.15%, with RSI at 61.";
    expect(await rewriteReasoning(ours, { baseUrl: base })).toBe(ours);
    reply = "Price 64,210 above EMA50 63,480 (+1.15%), RSI 61 on 1h; target 70,000.";
    expect(await rewriteReasoning(ours, { baseUrl: base })).toBe(ours);
  });

  test("an unreachable provider leaves the text as is", async () => {
    expect(await rewriteReasoning(ours, { baseUrl: "http://127.0.0.1:9/v1", timeoutMs: 2000 })).toBe(ours);
  });
});
