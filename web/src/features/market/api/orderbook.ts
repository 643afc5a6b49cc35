// GET /api/market/orderbook?symbol=: spread, buy/sell imbalance and execution note (modelled books say derived).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type Orderbook, normalizeOrderbook } from "./decode-market";

export type { Orderbook };

export const fetchOrderbook = (symbol: string) => apiQuery(`/api/market/orderbook?symbol=${encodeURIComponent(symbol)}`);

export function useOrderbook(symbol: string) {
  const r = useRefreshIntervals();
  return useQuery({
    queryKey: marketKeys.orderbook(symbol),
    queryFn: () => fetchOrderbook(symbol),
    select: normalizeOrderbook,
    refetchInterval: useLivePoll(r.orderbook * 1000, "market"),
  });
}
