// GET /api/market/candles: closed candles of a pair for the signal chart; an open signal's window is re-read every minute.
import type { Candle } from "@core/market/candles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import type { ChartTimeframe } from "../model/chart-window";
import { chartKeys } from "./keys";

export type CandlesAnswer = {
  symbol: string;
  interval: ChartTimeframe;
  source: "replay" | "binance";
  candles: Candle[];
  /** A window up to now only: the candle forming after the last close (the replay's stated path), or null. */
  forming?: Candle | null;
};

/**
 * The closed candles with the forming one after them: a signal issued since the last close sits on it, so it shows on
 * the chart at once instead of at the next close.
 */
export function chartCandles(a: CandlesAnswer): Candle[] {
  const last = a.candles.at(-1);
  return a.forming && (!last || a.forming.t > last.t) ? [...a.candles, a.forming] : a.candles;
}

/** A window that ends at the market clock moves; one that ends at a past time does not. */
export const OPEN_WINDOW_POLL_MS = 60_000;

export function fetchCandles(symbol: string, interval: ChartTimeframe, end: number | undefined, limit: number) {
  const q = new URLSearchParams({ symbol, interval, limit: String(limit) });
  if (end !== undefined) q.set("end", String(end));
  return apiRequest<CandlesAnswer>("GET", `/api/market/candles?${q}`);
}

export const candlesQuery = (symbol: string, interval: ChartTimeframe, end: number | undefined, limit: number) =>
  queryOptions({
    queryKey: chartKeys.candles(symbol, interval, end, limit),
    queryFn: () => fetchCandles(symbol, interval, end, limit),
    staleTime: end === undefined ? OPEN_WINDOW_POLL_MS / 2 : Number.POSITIVE_INFINITY,
    refetchInterval: end === undefined ? OPEN_WINDOW_POLL_MS : false,
  });

export function useCandles(symbol: string, interval: ChartTimeframe, end: number | undefined, limit: number) {
  return useQuery(candlesQuery(symbol, interval, end, limit));
}
