// Dashboard polling and retry numbers of spec 02 §7/§8, and the texts of a failed signals load (classes are in lib).
import { ApiError } from "@web/lib/api";
import { looksLikeHtml, retryWithin } from "@web/lib/fetch-errors";
import { isObj } from "@web/lib/read";

export { SIGNALS_POLL_MS } from "@web/lib/analysis-polling";

export const TRANSACTIONS_POLL_MS = 15_000;
export const USAGE_POLL_MS = 10_000;
export const HISTORY_POLL_MS = 10_000;
export const STATS_POLL_MS = 10_000;
/** First three transient HTML answers of the signals list are hidden; HTML is retried up to 6 times, parse/network 3. */
export const SIGNALS_HIDDEN_HTML = 3;
export const SIGNALS_HTML_RETRIES = 6;
export const SIGNALS_PARSE_RETRIES = 3;
export const ERROR_SNIPPET = 160;

/** Dashboard budget (spec 02 §8): HTML up to 6, parse or network up to 3, others none. */
export const signalsRetry = retryWithin({ html: SIGNALS_HTML_RETRIES, parse: SIGNALS_PARSE_RETRIES });

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
  const html = looksLikeHtml(err.body);
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
