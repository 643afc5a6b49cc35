// Query keys of signals, the signal chart and the open-setup status, the only place they are spelled (TkDodo factories);
// the market socket writes its `prices` pushes into prices().
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

/** The server-side filters of a paged list, as sent (spelled out, so equal filters share one cache entry). */
export type ListFilters = { symbol: string; type: string; range: string };

export const signalKeys = {
  all: ["signals"] as const,
  /** Each screen reads the list with its own fetcher (transient answers are handled differently), so each has its entry. */
  feed: (screen: "dashboard" | "start-trading") => [...signalKeys.all, "feed", screen] as const,
  /** The dashboard table's pages under its filters; under feed("dashboard"), so the completion refetches reach them. */
  pages: (filters: ListFilters) => [...signalKeys.feed("dashboard"), "pages", filters] as const,
  stats: () => [...signalKeys.all, "stats"] as const,
  /** The track record (GET /api/results); under all, so the push for a newly stored outcome refreshes it. */
  results: () => [...signalKeys.all, "results"] as const,
};
