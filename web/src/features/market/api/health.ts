// GET /api/market/health: market status and the 0..1 composite score, polled at the market_health interval.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type MarketHealth, normalizeHealth } from "./decode-market";

export type { MarketHealth };

export const fetchMarketHealth = () => apiQuery("/api/market/health");

export function useMarketHealth() {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.health(),
    queryFn: fetchMarketHealth,
    select: normalizeHealth,
    refetchInterval: useLivePoll(r.market_health * 1000, "market"),
  });
}
