// GET /api/market/health: market status and the 0..1 composite score, polled at the market_health interval.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { isObj, num, obj, str, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export type MarketHealth = { status: string | null; score: number | null };

export function normalizeHealth(raw: unknown): MarketHealth | null {
  const outer = unwrap(raw);
  if (!isObj(outer)) return null;
  const data = obj(outer, "market_health", "health") ?? outer;
  return { status: str(data, "status", "health_status"), score: num(data, "composite_score", "score", "composite") };
}

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
