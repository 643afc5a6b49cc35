// What one signed-in trader's browser polls and how often (spec 02 §7 and §9), shared by the k6 scripts and the local harness.

export type PollTarget = { name: string; path: string; everySeconds: number; auth: boolean };

/**
 * What one open dashboard tab polls, exactly as the web client asks it (web/e2e/load-mix.spec.ts holds the two to each
 * other): the signals table's first page, the analyses that issued no signal, the stat cards, the credit calls and
 * the market lists.
 */
export const TRADER_POLLING: PollTarget[] = [
  { name: "signals", path: "/api/signals/?limit=50&cursor=", everySeconds: 5, auth: true },
  { name: "analysis_active", path: "/api/analysis/active", everySeconds: 5, auth: true },
  { name: "analysis_history", path: "/api/analysis/history?limit=50&cursor=&has_signal=false", everySeconds: 10, auth: true },
  { name: "signal_stats", path: "/api/signals/stats", everySeconds: 10, auth: true },
  { name: "credits_usage", path: "/api/credits/usage", everySeconds: 10, auth: true },
  { name: "transactions", path: "/api/transactions/", everySeconds: 15, auth: true },
  { name: "market_orderbook_btc", path: "/api/market/orderbook?symbol=BTCUSDT", everySeconds: 15, auth: false },
  { name: "market_orderbook_eth", path: "/api/market/orderbook?symbol=ETHUSDT", everySeconds: 15, auth: false },
  { name: "market_health", path: "/api/market/health", everySeconds: 40, auth: false },
  { name: "market_session", path: "/api/market/session", everySeconds: 60, auth: false },
  { name: "market_pre_analysis", path: "/api/market/pre-analysis", everySeconds: 80, auth: false },
  { name: "market_core_assets", path: "/api/market/core-assets?symbols=BTCUSDT,ETHUSDT", everySeconds: 90, auth: false },
  { name: "market_movers", path: "/api/market/movers?full_details=true", everySeconds: 90, auth: false },
  { name: "market_sentiment", path: "/api/market/sentiment", everySeconds: 180, auth: false },
];

/** Requests per second one trader generates at the spec's intervals. */
export const requestsPerTraderPerSecond = TRADER_POLLING.reduce((sum, t) => sum + 1 / t.everySeconds, 0);

/**
 * Draws targets in proportion to how often a tab polls each (`random` in [0, 1)): the mix of a saturation run. The
 * running totals are summed once, not per draw: the load generator shares the machine with the server it measures.
 */
export function targetPicker(targets: PollTarget[]): (random: number) => PollTarget {
  let sum = 0;
  const upTo = targets.map((t) => (sum += 1 / t.everySeconds));
  return (random) => {
    const r = random * sum;
    for (let i = 0; i < targets.length; i++) if (r < upTo[i]) return targets[i];
    return targets[targets.length - 1];
  };
}

/**
 * The request headers of one poll: the trader's token where the endpoint needs a session, and the tag of the last
 * answer the client holds for it (the web client sends it back, and unchanged lists answer 304 Not Modified).
 */
export function pollHeaders(target: PollTarget, token: string, etag?: string | null): Record<string, string> {
  const headers: Record<string, string> = target.auth
    ? { authorization: `Bearer ${token}`, accept: "application/json" }
    : { accept: "application/json" };
  if (etag) headers["if-none-match"] = etag;
  return headers;
}

/** A poll answered: 2xx, or 304 for a revalidated list. */
export const pollOk = (status: number) => (status >= 200 && status < 300) || status === 304;

/** The trivial endpoint every measurement is compared against (same server, same network path, no work). */
export const BASELINE: PollTarget = { name: "health", path: "/api/health", everySeconds: 5, auth: false };

/** Symbols the analysis scenario starts (listed and served by the replay provider). */
export const ANALYSIS_SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT"];

/** Socket fan-out: the subscription message every dashboard sends. */
export const SUBSCRIBE_MESSAGE = JSON.stringify({ action: "subscribe", topics: ["market"] });
export const MARKET_MESSAGE_TYPES = ["market_health", "session", "gate_decision", "core_assets", "orderbook", "movers", "sentiment"];
