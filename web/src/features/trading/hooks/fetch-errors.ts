// Classifies request failures (spec 02 §8) for the signals feed: transient HTML answers, parse and network errors, retry budget.
import { ApiError } from "@web/lib/api";

export type FailureKind = "html" | "parse" | "network" | "other";

/** How many transient HTML answers the Start Trading signals feed hides as an empty list. */
export const HIDDEN_HTML_ANSWERS = 2;
const RETRIES: Record<FailureKind, number> = { html: 8, parse: 3, network: 3, other: 0 };

const looksLikeHtml = (body: string) => /^\s*<(!doctype\s+html|html|head|body)\b/i.test(body);

/**
 * 'html': a 5xx or a 200 whose body is an HTML page (a proxy or dev-server fallback, usually gone on retry);
 * 'parse': a JSON body that does not parse; 'network': fetch itself failed; 'other': a real answer (4xx...).
 */
export function classifyFailure(err: unknown): FailureKind {
  if (err instanceof ApiError) {
    if (looksLikeHtml(err.body) && (err.status >= 500 || err.status < 300)) return "html";
    if (/^Invalid JSON response/.test(err.message)) return "parse";
    return "other";
  }
  if (err instanceof SyntaxError) return "parse";
  if (err instanceof TypeError) return "network";
  return "other";
}

/** TanStack `retry` for the signals feed: HTML up to 8 times, parse or network up to 3, nothing else. */
export const signalsRetry = (failureCount: number, err: unknown) => failureCount < RETRIES[classifyFailure(err)];
