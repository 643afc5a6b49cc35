// Dashboard polling and retry numbers of spec 02 §7/§8, and the texts of a failed signals load (classes are in lib).
import { describeFetchError, retryWithin } from "@web/lib/fetch-errors";

export { SIGNALS_POLL_MS } from "@web/entities/analysis/model/analysis-polling";

export const STATS_POLL_MS = 10_000;
export const USAGE_POLL_MS = 10_000;
export const TRANSACTIONS_POLL_MS = 15_000;
/** First three transient HTML answers of the signals list are hidden; HTML is retried up to 6 times, parse/network 3. */
export const SIGNALS_HIDDEN_HTML = 3;
export const SIGNALS_HTML_RETRIES = 6;
export const SIGNALS_PARSE_RETRIES = 3;

/** Dashboard budget (spec 02 §8): HTML up to 6, parse or network up to 3, others none. */
export const signalsRetry = retryWithin({ html: SIGNALS_HTML_RETRIES, parse: SIGNALS_PARSE_RETRIES });

/** Spec 02 §8 texts for a failed JSON call (server detail first). */
export const describeError = describeFetchError;
