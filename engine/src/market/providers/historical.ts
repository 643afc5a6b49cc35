// Historical provider: any folder of recorded candles behind the live provider interface, at a clock the backtest sets.
import { INTERVAL_MS, lastIndexAtOrBefore, type Candle } from "@core/candles";
import type { MarketProvider, ProviderInterval } from "./types";

export type HistoricalSeries = { symbol: string; h1: Candle[]; m5?: Candle[]; funding?: Candle[] };
export type HistoricalProvider = MarketProvider & { setNow(t: number): void };

// Funding older than this is unknown rather than carried forward (as in replay).
const FUNDING_MAX_AGE_MS = 2 * INTERVAL_MS["8h"];

export function createHistoricalProvider(series: HistoricalSeries[], start = 0): HistoricalProvider {
  const bySymbol = new Map(series.map((s) => [s.symbol, s]));
  const symbols = [...bySymbol.keys()].sort();
  let now = start;
  return {
    name: "replay",
    now: () => now,
    setNow(t: number) {
      now = t;
    },
    async candles(symbol: string, interval: ProviderInterval, { end, limit }: { end?: number; limit: number }) {
      const s = bySymbol.get(symbol);
      const all = interval === "1h" ? s?.h1 : interval === "5m" ? s?.m5 : undefined;
      if (!all || limit <= 0) return [];
      // Only closed candles: the one opened at end − interval closes exactly at end.
      const last = lastIndexAtOrBefore(all, (end ?? now) - INTERVAL_MS[interval]);
      return last < 0 ? [] : all.slice(Math.max(0, last - limit + 1), last + 1);
    },
    async fundingRate(symbol: string, at?: number) {
      const rows = bySymbol.get(symbol)?.funding ?? [];
      const t = at ?? now;
      const i = lastIndexAtOrBefore(rows, t);
      return i < 0 || t - rows[i].t > FUNDING_MAX_AGE_MS ? null : rows[i].o;
    },
    symbols: () => symbols,
  };
}
