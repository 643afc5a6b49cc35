// The market data provider contract shared by market ingestion, the analysis worker and backtests.
import type { Candle } from "@core/market/candles";

export type ProviderInterval = "5m" | "1h" | "1d";

export interface MarketProvider {
  name: "replay" | "binance";
  /** The market's clock in ms (replayed time for replay, wall time for binance). */
  now(): number;
  /** Closed candles with open time + interval <= end (default now()), oldest first, at most `limit`. */
  candles(symbol: string, interval: ProviderInterval, opts: { end?: number; limit: number }): Promise<Candle[]>;
  /** The perpetual funding rate in force at `at` (default now()) as a fraction per 8 h; null when unknown. */
  fundingRate(symbol: string, at?: number): Promise<number | null>;
  /**
   * Replay only: the price between closes, on a stated path through the forming candle's open, high, low and close
   * (core/market/market-replay.ts); null when the record has no candle forming at `at`.
   */
  pathPrice?(symbol: string, at: number): Promise<{ price: number; interval: "5m" | "1h" } | null>;
  /** Supported pairs, upper case. */
  symbols(): string[];
  /** When the pair's USDT-M perpetual was listed (ms), or null when it has none: a SHORT is a perpetual setup. */
  perpSince(symbol: string): number | null;
}
