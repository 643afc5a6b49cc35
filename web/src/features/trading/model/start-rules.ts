// Start-analysis rules (spec 02 §4, §5, §8): validation texts per path, the optimistic hold, success and failure toasts.
import { serverMessage } from "@web/lib/api";
import { errorCodeOf } from "@web/lib/error-text";
import { normalizeSymbolInput } from "./symbol-search";

export type ToastText = { title: string; description: string };
export type StartCheck = { ok: true; symbol: string } | ({ ok: false } & ToastText);
/** 'button': the main Start Analysis button; 'quick': a favorite chip or Enter in the combobox (auto-start). */
export type StartPath = "button" | "quick";

/** Neither the balance nor the profile gave a number: the start waits rather than go through unchecked. */
export const BALANCE_UNKNOWN = "Your credit balance could not be read. Try again in a moment.";

/** `credits`: null when unknown (the screen has already tried to read it again), which refuses the start. */
export function checkStart(raw: string, supported: ReadonlySet<string>, credits: number | null | undefined, path: StartPath): StartCheck {
  const symbol = normalizeSymbolInput(raw);
  const noCredits = typeof credits === "number" && credits <= 0;
  const unknown = typeof credits !== "number";
  if (path === "button") {
    if (symbol === "") return { ok: false, title: "Cannot start", description: "Enter a symbol" };
    if (!supported.has(symbol)) return { ok: false, title: "Cannot start", description: "Symbol not in list" };
    if (noCredits) return { ok: false, title: "Cannot start", description: "Insufficient credits" };
  } else {
    if (!supported.has(symbol)) return { ok: false, title: "Invalid symbol", description: `${symbol} is not available.` };
    if (noCredits) return { ok: false, title: "No credits", description: "Insufficient credits" };
  }
  if (unknown) return { ok: false, title: "Cannot start", description: BALANCE_UNKNOWN };
  return { ok: true, symbol };
}

/** The balance shown while the start is in flight: one credit held, never below 0. */
export const heldBalance = (credits: number) => Math.max(0, credits - 1);

export const startedToast = (symbol: string, requestId: number | string | null): ToastText => ({
  title: "Analysis started",
  description: requestId === null ? symbol : `${symbol} · Request #${requestId}`,
});

export function startFailedToast(err: unknown): ToastText {
  const own = serverMessage(err);
  if (own) return { title: "Failed to start", description: own };
  const message = err instanceof Error && err.message ? err.message : "";
  return { title: "Failed to start", description: message || "Failed to start analysis" };
}

export type FavoriteFailure = { kind: "session" } | { kind: "limit" } | ({ kind: "toast" } & ToastText);

export const FAVORITE_LIMIT_TOAST: ToastText = { title: "Favorite limit reached", description: "Maximum 100 favorites allowed." };
export const SESSION_EXPIRED_TOAST: ToastText = { title: "Session expired", description: "Please login again." };

/** A favorites call answered 401 (after the request layer's refresh-and-retry): the session is over. */
export function isSessionFailure(err: unknown): boolean {
  const raw = err instanceof Error ? err.message : "";
  return /^401\b/.test(raw) || (err instanceof Error && "status" in err && err.status === 401);
}

/** Maps a favorite add/remove failure to its toast: a 401 ends the session, the server's favorite_limit is the cap toast. */
export function favoriteFailure(op: "add" | "remove", err: unknown): FavoriteFailure {
  const raw = err instanceof Error ? err.message : "";
  const own = serverMessage(err);
  if (isSessionFailure(err)) return { kind: "session" };
  if (op === "add" && errorCodeOf(err) === "favorite_limit") return { kind: "limit" };
  return op === "add"
    ? { kind: "toast", title: "Favorite add failed", description: own || raw || "Add failed" }
    : { kind: "toast", title: "Favorite remove failed", description: own || raw || "Remove failed" };
}
