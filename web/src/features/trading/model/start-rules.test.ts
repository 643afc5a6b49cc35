// Start rules (spec 02 §4, §5, §8): validation texts per path, the held credit, start and favorite toasts.
import { describe, expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { BALANCE_UNKNOWN, checkStart, favoriteFailure, heldBalance, isSessionFailure, startFailedToast, startedToast } from "./start-rules";

const SUPPORTED = new Set(["BTCUSDT", "ETHUSDT"]);
const apiError = (status: number, body: string, message = `${status}: ${body}`) => new ApiError(message, status, body);

describe("start rules", () => {
  test("button path: Cannot start with the reason", () => {
    expect(checkStart("  ", SUPPORTED, 3, "button")).toEqual({ ok: false, title: "Cannot start", description: "Enter a symbol" });
    expect(checkStart("dogeusdt", SUPPORTED, 3, "button")).toEqual({ ok: false, title: "Cannot start", description: "Symbol not in list" });
    expect(checkStart("btcusdt", SUPPORTED, 0, "button")).toEqual({ ok: false, title: "Cannot start", description: "Insufficient credits" });
    expect(checkStart(" btcusdt ", SUPPORTED, 1, "button")).toEqual({ ok: true, symbol: "BTCUSDT" });
    // An unknown balance (balance and profile both unread) does not let a start through unchecked.
    expect(checkStart("ETHUSDT", SUPPORTED, null, "button")).toEqual({ ok: false, title: "Cannot start", description: BALANCE_UNKNOWN });
    expect(checkStart("ETHUSDT", SUPPORTED, undefined, "quick")).toEqual({ ok: false, title: "Cannot start", description: BALANCE_UNKNOWN });
    // The symbol is still checked first, so the user fixes that before anything else.
    expect(checkStart("", SUPPORTED, null, "button")).toEqual({ ok: false, title: "Cannot start", description: "Enter a symbol" });
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
    expect(startFailedToast(apiError(402, '{"detail":"Insufficient credits"}'))).toEqual({
      title: "Failed to start",
      description: "Insufficient credits",
    });
    expect(startFailedToast(apiError(500, ""))).toEqual({ title: "Failed to start", description: "500: " });
    expect(startFailedToast(new Error(""))).toEqual({ title: "Failed to start", description: "Failed to start analysis" });
    expect(startFailedToast("weird")).toEqual({ title: "Failed to start", description: "Failed to start analysis" });
  });
  test("a 401 loading favorites is a session failure like add and remove; other failures are not", () => {
    expect(isSessionFailure(apiError(401, '{"detail":"Not authenticated"}'))).toBe(true);
    expect(isSessionFailure(new Error("401: expired"))).toBe(true);
    expect(isSessionFailure(apiError(403, '{"detail":"Forbidden"}'))).toBe(false);
    expect(isSessionFailure(apiError(500, "4010 things"))).toBe(false);
    expect(isSessionFailure(new TypeError("Failed to fetch"))).toBe(false);
  });
  test("favorite failures: 401 ends the session, the favorite_limit code is the cap toast, others keep the server message", () => {
    expect(favoriteFailure("add", apiError(401, '{"detail":"Unauthorized"}'))).toEqual({ kind: "session" });
    expect(favoriteFailure("remove", new Error("401: expired"))).toEqual({ kind: "session" });
    expect(favoriteFailure("add", apiError(409, '{"detail":"Reworded by the server","code":"favorite_limit"}'))).toEqual({ kind: "limit" });
    // The wording is not read: a limit of something else is the server's own message.
    expect(favoriteFailure("add", apiError(429, '{"detail":"Rate limit exceeded","code":"rate_limited"}'))).toMatchObject({
      kind: "toast",
      description: "Rate limit exceeded",
    });
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
