// GET /api/market/refresh-interval: seconds per market topic; cached 10 min, and the spec 02 §9 defaults when it fails.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { MARKET_REFRESH_SECONDS } from "@core/market/market-intervals";
import { isObj, num, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";

export type RefreshIntervals = { full_snapshot: number; market_health: number; orderbook: number; sentiment: number; movers: number };

export const DEFAULT_REFRESH: RefreshIntervals = {
  full_snapshot: MARKET_REFRESH_SECONDS.full_snapshot,
  market_health: MARKET_REFRESH_SECONDS.market_health,
  orderbook: MARKET_REFRESH_SECONDS.orderbook,
  sentiment: MARKET_REFRESH_SECONDS.sentiment,
  movers: MARKET_REFRESH_SECONDS.movers,
};
/** Spec 02 §9: session polled every 60 s whatever the server says. */
export const SESSION_POLL_MS = 60_000;
export const PRE_ANALYSIS_MIN_MS = 60_000;

/** Each field from the server when it is a positive number, otherwise its default. */
export function normalizeRefreshIntervals(raw: unknown): RefreshIntervals {
  const data = unwrap(raw);
  const out = { ...DEFAULT_REFRESH };
  if (!isObj(data)) return out;
  for (const k of Object.keys(out) as (keyof RefreshIntervals)[]) {
    const v = num(data, k);
    if (v !== null && v > 0) out[k] = v;
  }
  return out;
}

/** Pre-analysis follows health at twice its interval, never faster than once a minute. */
export const preAnalysisPollMs = (r: RefreshIntervals) => Math.max(PRE_ANALYSIS_MIN_MS, 2 * r.market_health * 1000);

export const fetchRefreshIntervals = () => apiQuery("/api/market/refresh-interval");

export function useRefreshIntervals(): RefreshIntervals {
  const q = useQuery({
    queryKey: marketKeys.refreshInterval(),
    queryFn: fetchRefreshIntervals,
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
    select: normalizeRefreshIntervals,
  });
  return q.data ?? DEFAULT_REFRESH;
}
