// Thin wrappers over `technicalindicators` (EMA, RSI, ATR) that keep results aligned with their input candles.
import { ATR, EMA, RSI } from "technicalindicators";
import type { Candle } from "@core/market/candles";

/** EMA seeded with the SMA of the first `period` values; result[i] belongs to values[i + period − 1]. */
export function ema(values: number[], period: number): number[] {
  return values.length < period ? [] : EMA.calculate({ period, values });
}

/** Wilder RSI (two decimals, as the library rounds); result[i] belongs to values[i + period]. */
export function rsi(values: number[], period = 14): number[] {
  return values.length <= period ? [] : RSI.calculate({ period, values });
}

/** Wilder ATR; result[i] belongs to candles[i + period]. */
export function atr(candles: Candle[], period = 14): number[] {
  if (candles.length <= period) return [];
  return ATR.calculate({ period, high: candles.map((k) => k.h), low: candles.map((k) => k.l), close: candles.map((k) => k.c) });
}

export const last = <T>(xs: T[]): T | undefined => xs[xs.length - 1];
