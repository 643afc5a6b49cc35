// GET /api/market/refresh-interval: seconds per market topic; cached 10 min, and the spec 02 §9 defaults when it fails.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { type RefreshIntervals, DEFAULT_REFRESH, normalizeRefreshIntervals } from "./decode-market";

export { DEFAULT_REFRESH, type RefreshIntervals };

/** Spec 02 §9: session polled every 60 s whatever the server says. */
export const SESSION_POLL_MS = 60_000;
export const PRE_ANALYSIS_MIN_MS = 60_000;

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
