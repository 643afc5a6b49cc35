// Status words, polling intervals, start validation texts, toasts and failure classification (spec 02 §4, §5, §7, §8).
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { classifyFailure, signalsRetry } from "./fetch-errors";
import { activePollMs, detailPollMs, reasoningPollMs } from "@web/lib/analysis-polling";
import { checkStart, favoriteFailure, heldBalance, startFailedToast, startedToast } from "./start-rules";
import { isCompletedStatus, isInProgressStatus } from "@web/lib/analysis-status";

const SUPPORTED = new Set(["BTCUSDT", "ETHUSDT"]);
const apiError = (status: number, body: string, message = `${status}: ${body}`) => new ApiError(message, status, body);

describe("status words", () => {
  test("completed and in-progress families", () => {
    for (const s of ["COMPLETED", "final", "finished", "done", "closed", "success", "READY"]) expect(isCompletedStatus(s)).toBe(true);
    for (const s of ["IN_PROGRESS", "in-progress", "pending", "generating", "processing", "running", "HOLD", "open", "active", "building"])
      expect(isInProgressStatus(s)).toBe(true);
    expect(isInProgressStatus("FAILED")).toBe(false);
    expect(isCompletedStatus("FAILED")).toBe(false);
    expect(isInProgressStatus(null)).toBe(false);
  });
});

describe("polling", () => {
  test("active list: 8 s while one runs in a visible tab, otherwise 5 s", () => {
    expect(activePollMs(["IN_PROGRESS"], true)).toBe(8000);
    expect(activePollMs(["IN_PROGRESS"], false)).toBe(5000);
    expect(activePollMs([], true)).toBe(5000);
    expect(activePollMs(["COMPLETED"], true)).toBe(5000);
  });
  test("detail: 10 s with next_run_at, 8 s without or before data, off when settled", () => {
    expect(detailPollMs({ status: "IN_PROGRESS", nextRunAt: "2025-01-01T00:00:00Z" })).toBe(10000);
    expect(detailPollMs({ status: "IN_PROGRESS", nextRunAt: null })).toBe(8000);
    expect(detailPollMs(null)).toBe(8000);
    expect(detailPollMs({ status: "COMPLETED", nextRunAt: null })).toBe(false);
    expect(detailPollMs({ status: "FAILED", nextRunAt: null })).toBe(false);
  });
  test("reasoning by remaining time: 12 / 7 / 4 / 5 s", () => {
    expect(reasoningPollMs(61)).toBe(12000);
    expect(reasoningPollMs(60)).toBe(7000);
    expect(reasoningPollMs(16)).toBe(7000);
    expect(reasoningPollMs(15)).toBe(4000);
    expect(reasoningPollMs(1)).toBe(4000);
    expect(reasoningPollMs(0)).toBe(5000);
    expect(reasoningPollMs(null)).toBe(5000);
  });
});

describe("start rules", () => {
  test("button path: Cannot start with the reason", () => {
    expect(checkStart("  ", SUPPORTED, 3, "button")).toEqual({ ok: false, title: "Cannot start", description: "Enter a symbol" });
    expect(checkStart("dogeusdt", SUPPORTED, 3, "button")).toEqual({ ok: false, title: "Cannot start", description: "Symbol not in list" });
    expect(checkStart("btcusdt", SUPPORTED, 0, "button")).toEqual({ ok: false, title: "Cannot start", description: "Insufficient credits" });
    expect(checkStart(" btcusdt ", SUPPORTED, 1, "button")).toEqual({ ok: true, symbol: "BTCUSDT" });
    // An unknown balance does not block: the server decides.
    expect(checkStart("ETHUSDT", SUPPORTED, null, "button")).toEqual({ ok: true, symbol: "ETHUSDT" });
  });
  test("quick path: Invalid symbol / No credits", () => {
    expect(checkStart("xyz", SUPPORTED, 2, "quick")).toEqual({ ok: false, title: "Invalid symbol", description: "XYZ is not available." });
    expect(checkStart("BTCUSDT", SUPPORTED, -1, "quick")).toEqual({ ok: false, title: "No credits", description: "Insufficient credits" });
  });
  test("the held credit never takes the balance below 0", () => {
    expect(heldBalance(3)).toBe(2);
    expect(heldBalance(1)).toBe(0);
    expect(heldBalance(0)).toBe(0);
  });
  test("toasts: started with symbol and request number; failure with the server's words or fallbacks", () => {
    expect(startedToast("BTCUSDT", 17)).toEqual({ title: "Analysis started", description: "BTCUSDT · Request #17" });
    expect(startFailedToast(apiError(402, '{"detail":"Insufficient credits"}'))).toEqual({ title: "Failed to start", description: "Insufficient credits" });
    expect(startFailedToast(apiError(500, ""))).toEqual({ title: "Failed to start", description: "500: " });
    expect(startFailedToast(new Error(""))).toEqual({ title: "Failed to start", description: "Failed to start analysis" });
    expect(startFailedToast("weird")).toEqual({ title: "Failed to start", description: "Failed to start analysis" });
  });
  test("favorite failures: 401 ends the session, 'limit' is the cap toast, others keep the server message", () => {
    expect(favoriteFailure("add", apiError(401, '{"detail":"Unauthorized"}'))).toEqual({ kind: "session" });
    expect(favoriteFailure("remove", new Error("401: expired"))).toEqual({ kind: "session" });
    expect(favoriteFailure("add", apiError(409, '{"detail":"Favorite limit reached: maximum 100 favorites allowed"}'))).toEqual({ kind: "limit" });
    expect(favoriteFailure("add", apiError(400, '{"detail":"Symbol X is not supported"}'))).toEqual({
      kind: "toast",
      title: "Favorite add failed",
      description: "Symbol X is not supported",
    });
    expect(favoriteFailure("add", new Error(""))).toEqual({ kind: "toast", title: "Favorite add failed", description: "Add failed" });
    expect(favoriteFailure("remove", apiError(404, '{"detail":"BTCUSDT is not in your favorites"}'))).toEqual({
      kind: "toast",
      title: "Favorite remove failed",
      description: "BTCUSDT is not in your favorites",
    });
    expect(favoriteFailure("remove", new Error(""))).toEqual({ kind: "toast", title: "Favorite remove failed", description: "Remove failed" });
  });
});

describe("failure classification", () => {
  const html = "<!DOCTYPE html><html><body>Bad gateway</body></html>";
  test("HTML from a 5xx or a 200 is transient; a 4xx HTML page is not", () => {
    expect(classifyFailure(apiError(502, html))).toBe("html");
    expect(classifyFailure(apiError(200, html, "Expected JSON response but got 'text/html': ..."))).toBe("html");
    expect(classifyFailure(apiError(404, html))).toBe("other");
    expect(classifyFailure(apiError(200, "{oops", "Invalid JSON response: Unexpected token: {oops"))).toBe("parse");
    expect(classifyFailure(new TypeError("Failed to fetch"))).toBe("network");
    expect(classifyFailure(apiError(400, '{"detail":"bad"}'))).toBe("other");
  });
  test("retry budget: HTML 8, parse and network 3, others none", () => {
    expect(signalsRetry(7, apiError(503, html))).toBe(true);
    expect(signalsRetry(8, apiError(503, html))).toBe(false);
    expect(signalsRetry(2, new TypeError("x"))).toBe(true);
    expect(signalsRetry(3, new TypeError("x"))).toBe(false);
    expect(signalsRetry(0, apiError(400, "{}"))).toBe(false);
  });
});
