// Server JSON → screen shapes with the spellings of spec 02 §3, and the signals feed hiding the first 2 HTML answers.
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { inferSignalType, isRefunded, normalizeAnalyses, normalizeFavorites, normalizeReasoning, normalizeSignal, normalizeSignals } from "./normalize";
import { readStartResult } from "./start-analysis";
import { createSignalsFetcher } from "./signals";
import { finishedIds } from "../hooks/use-completion-watch";

describe("signals", () => {
  test("type from any field, BUY/SELL mapped, confidence scaled to a whole percent", () => {
    const s = normalizeSignal({ id: 4, symbol: "btcusdt", action: "BUY", confidence: 0.734, generated_at: "2025-09-25T10:00:00Z", entry_price: "100.5", rr_ratio: 2.345, analysis_request_id: 9 });
    expect(s).toMatchObject({ id: 4, symbol: "BTCUSDT", type: "LONG", confidencePercent: 73, createdAt: "2025-09-25T10:00:00Z", entry: 100.5, rr: 2.345, requestId: 9 });
    expect(normalizeSignal({ signalType: "SELL" })?.type).toBe("SHORT");
    expect(normalizeSignal({ signal_type: "NO_TRADE", confidence_percent: 64 })?.confidencePercent).toBe(64);
  });
  test("without a type: levels decide, then the reasoning text, else no trade", () => {
    expect(inferSignalType({ entry_price: 100, take_profit: 110, stop_loss: 95 })).toBe("LONG");
    expect(inferSignalType({ entry_price: 100, take_profit: 90, stop_loss: 105 })).toBe("SHORT");
    expect(inferSignalType({ reasoning: "Bias SHORT below resistance" })).toBe("SHORT");
    expect(inferSignalType({ no_trade: true, take_profit: 1 })).toBe("NO_TRADE");
    expect(inferSignalType({ reasoning: "LONG or SHORT, unclear" })).toBe("NO_TRADE");
  });
  test("lists from a bare array or an envelope; refund from credits_status, else from NO_TRADE", () => {
    expect(normalizeSignals({ data: [{ id: 1, type: "LONG" }, 5] }).map((s) => s.id)).toEqual([1]);
    expect(normalizeSignals([{ id: 2, type: "SHORT" }]).map((s) => s.type)).toEqual(["SHORT"]);
    expect(normalizeSignals("<html>")).toEqual([]);
    expect(isRefunded({ creditsStatus: "RELEASED", type: "LONG" })).toBe(true);
    expect(isRefunded({ creditsStatus: "USED", type: "NO_TRADE" })).toBe(false);
    expect(isRefunded({ creditsStatus: null, type: "NO_TRADE" })).toBe(true);
    expect(isRefunded({ creditsStatus: null, type: "SHORT" })).toBe(false);
  });
});

describe("analyses and reasoning", () => {
  test("id from id, request_id or analysis_request_id; latest reason and final signal type", () => {
    const [a, b] = normalizeAnalyses([
      { request_id: 7, symbol: "ethusdt", status: "IN_PROGRESS", current_phase: 2, next_run_at: "2025-09-25T10:00:00Z", latest_reasoning: { reason: "Trend up" } },
      { analysis_request_id: 8, symbol: "SOLUSDT", status: "COMPLETED", final_signal: { type: "SELL" }, credits_status: "USED" },
    ]);
    expect(a).toMatchObject({ id: 7, symbol: "ETHUSDT", currentPhase: 2, nextRunAt: "2025-09-25T10:00:00Z", latestReason: "Trend up" });
    expect(b).toMatchObject({ id: 8, finalSignalType: "SHORT", creditsStatus: "USED" });
  });
  test("reasoning detail keeps non-empty criteria; full text falls back to reason", () => {
    expect(normalizeReasoning({ reason: "short", timeframe: "4H", confirmation_criteria: ["RSI > 50", "", 3], phase_number: 1, status: "IN_PROGRESS" })).toEqual({
      status: "IN_PROGRESS",
      phaseNumber: 1,
      reason: "short",
      fullReasoning: "short",
      timeframe: "4H",
      confirmationCriteria: ["RSI > 50"],
      timeRemainingSeconds: null,
      nextRunAt: null,
    });
  });
  test("analyses that stopped running are found by id", () => {
    const now = normalizeAnalyses([{ id: 1, status: "IN_PROGRESS" }, { id: 2, status: "COMPLETED" }]);
    expect(finishedIds(new Set([1, 2, 3]), now)).toEqual([2, 3]);
    expect(finishedIds(new Set(), now)).toEqual([]);
  });
});

describe("favorites and start answer", () => {
  test("favorites from {favorites:[{symbol}]} or strings, upper-cased and unique", () => {
    expect(normalizeFavorites({ favorites: [{ symbol: "btcusdt" }, { symbol: "ETHUSDT" }, { symbol: "BTCUSDT" }] })).toEqual(["BTCUSDT", "ETHUSDT"]);
    expect(normalizeFavorites(["solusdt"])).toEqual(["SOLUSDT"]);
    expect(normalizeFavorites(null)).toEqual([]);
  });
  test("start answer: symbol and request_id", () => {
    expect(readStartResult({ symbol: "btcusdt", request_id: 12 }, "BTCUSDT")).toEqual({ symbol: "BTCUSDT", requestId: 12 });
    expect(readStartResult(null, "ETHUSDT")).toEqual({ symbol: "ETHUSDT", requestId: null });
  });
});

describe("signals feed", () => {
  const html = new ApiError("502: <html>", 502, "<html><body>Bad gateway</body></html>");
  test("the first two transient HTML answers read as an empty list, the third surfaces", async () => {
    const answers: unknown[] = [html, html, html, [{ id: 1 }]];
    const fetcher = createSignalsFetcher(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    expect(await fetcher()).toEqual([]);
    expect(await fetcher()).toEqual([]);
    await expect(fetcher()).rejects.toBe(html);
    expect(await fetcher()).toEqual([{ id: 1 }]);
  });
  test("a real error is never hidden", async () => {
    const denied = new ApiError("403: {}", 403, "{}");
    const fetcher = createSignalsFetcher(async () => {
      throw denied;
    });
    await expect(fetcher()).rejects.toBe(denied);
  });
});
