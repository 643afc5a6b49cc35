// The price an open setup is measured against: the socket's `prices` push for the pair, or (socket down or not yet
// pushed) the close of the newest 1h candle of the candles query the caller already polls. Whichever is newer wins.
import type { Candle } from "@core/market/candles";
import type { PricesPayload } from "@core/market/market-intervals";
import { useQuery } from "@tanstack/react-query";
import { TIMEFRAME_MS } from "../model/chart-window";
import { type LatestPrice, pushedPrice } from "./decode-price";
import { chartKeys } from "./keys";

export { type LatestPrice, pushedPrice };

/** `hourly`: the pair's newest closed 1h candles (oldest first), the fallback when no push has arrived. */
export function useLatestPrice(symbol: string, hourly: Candle[] | undefined): LatestPrice | null {
  // Filled only by the socket (useMarketSocket); nothing to fetch here.
  const pushed = useQuery<{ data: PricesPayload } | null>({ queryKey: chartKeys.prices(), queryFn: () => null, enabled: false, staleTime: Infinity });
  const live = pushedPrice(pushed.data, symbol);
  const last = hourly?.at(-1);
  const fallback: LatestPrice | null = last ? { price: last.c, atMs: last.t + TIMEFRAME_MS["1h"], source: "candles" } : null;
  if (live && (!fallback || live.atMs >= fallback.atMs)) return live;
  return fallback;
}
