// Query keys of the signal chart and the open-setup status, the only place they are spelled; the market socket writes
// its `prices` pushes into prices().
import type { ChartTimeframe } from "../model/chart-window";

export const chartKeys = {
  all: ["signal-chart"] as const,
  candles: (symbol: string, interval: ChartTimeframe, end: number | undefined, limit: number) =>
    [...chartKeys.all, "candles", { symbol, interval, end: end ?? null, limit }] as const,
  /** Last close per pair, as the socket pushes it (topic `prices`). */
  prices: () => [...chartKeys.all, "prices"] as const,
  /** The market clock (GET /api/market/clock). */
  clock: () => [...chartKeys.all, "clock"] as const,
};
