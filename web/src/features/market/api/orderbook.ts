// GET /api/market/orderbook?symbol=: spread, buy/sell imbalance and execution note (modelled books say derived).
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { bool, isObj, num, obj, str, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { useRefreshIntervals } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export type Orderbook = {
  spreadPercent: number | null;
  buyPercent: number | null;
  sellPercent: number | null;
  execution: string | null;
  derived: boolean;
  basis: string | null;
};

export function normalizeOrderbook(raw: unknown): Orderbook | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const spread = obj(data, "spread");
  const imbalance = obj(data, "imbalance");
  const execObj = obj(data, "execution");
  return {
    spreadPercent: spread ? num(spread, "percentage", "value") : num(data, "spread"),
    buyPercent: imbalance && num(imbalance, "buy_percentage", "buy"),
    sellPercent: imbalance && num(imbalance, "sell_percentage", "sell"),
    execution: str(data, "execution") ?? (execObj && str(execObj, "recommendation", "note", "quality")),
    // The flag may sit on the envelope or on the payload.
    derived: (isObj(raw) && bool(raw, "derived")) || bool(data, "derived") === true,
    basis: str(data, "basis"),
  };
}

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
