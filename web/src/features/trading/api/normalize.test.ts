// Start Trading readings on top of the shared entities (No Trade default, refund badge), the start answer, and the
// signals feed hiding the first 2 HTML answers.
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { isRefunded } from "./normalize";
import { readStartResult } from "./decode-start";
import { HIDDEN_HTML_ANSWERS, createSignalsFetcher, signalsRetry } from "./signals";

describe("signals on this screen", () => {
  test("refund from credits_status, else from NO_TRADE", () => {
    expect(isRefunded({ credits_status: "RELEASED", type: "LONG" })).toBe(true);
    expect(isRefunded({ credits_status: "USED", type: "NO_TRADE" })).toBe(false);
    expect(isRefunded({ credits_status: null, type: "NO_TRADE" })).toBe(true);
    expect(isRefunded({ credits_status: null, type: "SHORT" })).toBe(false);
  });
});

describe("start answer", () => {
  test("start answer: symbol and request_id", () => {
    expect(readStartResult({ symbol: "btcusdt", request_id: 12 }, "BTCUSDT")).toEqual({ symbol: "BTCUSDT", requestId: 12 });
    expect(readStartResult(null, "ETHUSDT")).toEqual({ symbol: "ETHUSDT", requestId: null });
  });
});

describe("signals feed", () => {
  const html = new ApiError("502: <html>", 502, "<html><body>Bad gateway</body></html>");
  test("the first two transient HTML answers read as an empty list, the third surfaces", async () => {
    expect(HIDDEN_HTML_ANSWERS).toBe(2);
    const answers: unknown[] = [html, html, html, [{ id: 1, type: "LONG" }]];
    const fetcher = createSignalsFetcher(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    expect(await fetcher()).toEqual([]);
    expect(await fetcher()).toEqual([]);
    await expect(fetcher()).rejects.toBe(html);
    expect((await fetcher()).map((s) => [s.id, s.type])).toEqual([[1, "LONG"]]);
  });
  test("a real error is never hidden", async () => {
    const denied = new ApiError("403: {}", 403, "{}");
    const fetcher = createSignalsFetcher(async () => {
      throw denied;
    });
    await expect(fetcher()).rejects.toBe(denied);
  });
  test("Start Trading retry budget: HTML 8, parse and network 3", () => {
    expect(signalsRetry(7, html)).toBe(true);
    expect(signalsRetry(8, html)).toBe(false);
    expect(signalsRetry(2, new TypeError("x"))).toBe(true);
    expect(signalsRetry(3, new TypeError("x"))).toBe(false);
  });
});
