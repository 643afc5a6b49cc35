// Historical provider: any folder of recorded candles behind the live provider interface, at a clock the backtest sets.
import { INTERVAL_MS, lastIndexAtOrBefore, type Candle } from "@core/market/candles";
import { fundingInForce } from "./funding";
import type { MarketProvider, ProviderInterval } from "./types";

export type HistoricalSeries = { symbol: string; h1: Candle[]; m5?: Candle[]; funding?: Candle[]; perpSince?: number | null };
export type HistoricalProvider = MarketProvider & { setNow(t: number): void };

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
      return fundingInForce(bySymbol.get(symbol)?.funding ?? [], at ?? now);
    },
    symbols: () => symbols,
    perpSince: (symbol: string) => bySymbol.get(symbol)?.perpSince ?? null,
  };
}
