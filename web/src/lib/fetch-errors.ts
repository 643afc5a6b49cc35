// Failure classes of a JSON call (spec 02 §8) and the retry rule built from a screen's own budget; shared by every screen.
import { ApiError, serverMessage } from "./api";

export type FailureKind = "html" | "parse" | "network" | "other";

/** An HTML page (or XML prologue) where JSON was expected: a proxy, a restarting server or the SPA fallback. */
export const looksLikeHtml = (body: string) => /^\s*<(!doctype|html|head|body|\?xml)/i.test(body) || /<html[\s>]/i.test(body.slice(0, 500));

/**
 * 'html': a 5xx or a 2xx whose body is an HTML page (transient, usually gone on retry; a 4xx HTML page is a real
 * answer); 'parse': a 2xx body that is not readable JSON, declared or not; 'network': fetch itself failed;
 * 'other': a real answer (4xx, JSON 5xx …).
 */
export function classifyFailure(err: unknown): FailureKind {
  if (err instanceof ApiError) {
    if (looksLikeHtml(err.body)) return err.status < 300 || err.status >= 500 ? "html" : "other";
    // The request layer throws for a status below 300 only when it could not read the body as JSON.
    return err.status < 300 ? "parse" : "other";
  }
  if (err instanceof SyntaxError) return "parse";
  if (isNetworkFailure(err)) return "network";
  return "other";
}

/** Spec 01 §8's text for a call that got no answer (network failure or time-out). */
export const NETWORK_ISSUE = "Network issue. Please check your connection and retry.";

/** No answer at all: fetch failed (TypeError), or the request's time limit ran out (TimeoutError, see ./timeout). */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  return typeof err === "object" && err !== null && "name" in err && (err.name === "TimeoutError" || err.name === "AbortError");
}

/** Spec 02 §8: at most this many characters of an unreadable body are shown. */
export const ERROR_SNIPPET = 160;

/** Spec 02 §8 texts for a failed JSON call (server detail first), shared by every screen that lists a load failure. */
export function describeFetchError(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const html = looksLikeHtml(err.body);
  if (err.status >= 500) return html ? "Server returned HTML (5xx)" : (serverMessage(err) ?? `Server error ${err.status}`);
  if (err.status >= 400) {
    const msg = serverMessage(err);
    if (msg) return msg;
    return html ? `Client error ${err.status} (HTML fallback)` : `Client error ${err.status}`;
  }
  if (html) return "Received HTML instead of JSON";
  // The request layer says 'Expected JSON…' when the content type was not JSON, 'Invalid JSON…' when it was.
  const undeclared = err.message.startsWith("Expected JSON");
  const snippet = err.body.slice(0, ERROR_SNIPPET);
  return `${undeclared ? "Undeclared JSON parse failed" : "JSON parse failed"}: ${snippet}`;
}

/** How many times a screen retries each class; network failures share the parse budget, others are never retried. */
export type RetryBudget = { html: number; parse: number };

/** TanStack `retry` for a screen's budget. */
export const retryWithin =
  (budget: RetryBudget) =>
  (failureCount: number, err: unknown): boolean => {
    const kind = classifyFailure(err);
    if (kind === "html") return failureCount < budget.html;
    if (kind === "parse" || kind === "network") return failureCount < budget.parse;
    return false;
  };

/** How a screen hides transient HTML answers (spec 02 §7/§8): how many, whether a good answer restarts the count, what stands in. */
export type HtmlHiding<A extends unknown[], T> = { hide: number; resetOnSuccess: boolean; fallback: (...args: A) => T };

/**
 * The spec's one tolerance rule for the signals list, parameterised by screen: the first `hide` transient HTML
 * answers (see classifyFailure) answer `fallback` instead of failing; later ones throw for the retry rule to handle.
 * Each call makes its own count (one per mounted screen).
 */
export function hidingTransientHtml<A extends unknown[], T>(fetch: (...args: A) => Promise<T>, rule: HtmlHiding<A, T>) {
  let hidden = 0;
  return async (...args: A): Promise<T> => {
    try {
      const answer = await fetch(...args);
      if (rule.resetOnSuccess) hidden = 0;
      return answer;
    } catch (err) {
      if (classifyFailure(err) !== "html" || hidden >= rule.hide) throw err;
      hidden += 1;
      return rule.fallback(...args);
    }
  };
}
