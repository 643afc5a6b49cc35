// Polling and retry rules of spec 02 §7/§8 as pure functions: intervals by state, error classes and their texts.
import { ApiError } from "@web/lib/api";
import { isObj } from "@web/lib/read";

export { isInProgressStatus } from "@web/lib/analysis-status";
export { SIGNALS_POLL_MS, ACTIVE_POLL_MS } from "@web/lib/analysis-polling";

export const TRANSACTIONS_POLL_MS = 15_000;
export const USAGE_POLL_MS = 10_000;
export const HISTORY_POLL_MS = 10_000;
export const STATS_POLL_MS = 10_000;
/** First three transient HTML answers of the signals list are hidden; HTML is retried up to 6 times, parse/network 3. */
export const SIGNALS_HIDDEN_HTML = 3;
export const SIGNALS_HTML_RETRIES = 6;
export const SIGNALS_PARSE_RETRIES = 3;
export const ERROR_SNIPPET = 160;

export type ErrorKind = "html" | "parse" | "network" | "other";

const looksHtml = (body: string) => /^\s*<(!doctype|html|head|body|\?xml)/i.test(body) || /<html[\s>]/i.test(body.slice(0, 500));

export function errorKind(err: unknown): ErrorKind {
  if (err instanceof ApiError) {
    if (looksHtml(err.body)) return "html";
    // A failed read of a 2xx body is a parse failure (the request layer only throws for those below 300).
    if (err.status < 300) return "parse";
    return "other";
  }
  if (err instanceof TypeError) return "network";
  return "other";
}

/** Transient: an HTML page in place of JSON on a success or a 5xx (a proxy or a restarting server). */
export const isTransientHtml = (err: unknown) => err instanceof ApiError && errorKind(err) === "html" && (err.status < 300 || err.status >= 500);

export function signalsRetry(failureCount: number, err: unknown): boolean {
  const kind = errorKind(err);
  if (kind === "html") return failureCount < SIGNALS_HTML_RETRIES;
  if (kind === "parse" || kind === "network") return failureCount < SIGNALS_PARSE_RETRIES;
  return false;
}

function jsonMessage(body: string): string | null {
  try {
    const v: unknown = JSON.parse(body);
    if (isObj(v)) {
      for (const k of ["detail", "message"]) if (typeof v[k] === "string" && v[k]) return v[k] as string;
    }
  } catch {
    // not JSON
  }
  return null;
}

/** Spec 02 §8 texts for a failed JSON call (server detail first). */
export function describeError(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const html = looksHtml(err.body);
  if (err.status >= 500) return html ? "Server returned HTML (5xx)" : (jsonMessage(err.body) ?? `Server error ${err.status}`);
  if (err.status >= 400) {
    const msg = jsonMessage(err.body);
    if (msg) return msg;
    return html ? `Client error ${err.status} (HTML fallback)` : `Client error ${err.status}`;
  }
  if (html) return "Received HTML instead of JSON";
  // The request layer says 'Expected JSON…' when the content type was not JSON, 'Invalid JSON…' when it was.
  const undeclared = err.message.startsWith("Expected JSON");
  const snippet = err.body.slice(0, ERROR_SNIPPET);
  return `${undeclared ? "Undeclared JSON parse failed" : "JSON parse failed"}: ${snippet}`;
}
