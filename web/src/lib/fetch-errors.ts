// Failure classes of a JSON call (spec 02 §8) and the retry rule built from a screen's own budget; shared by every screen.
import { ApiError } from "./api";

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
  if (err instanceof TypeError) return "network";
  return "other";
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
