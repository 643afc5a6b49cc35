// Movers: 24h change of every supported pair, top 5 gainers and losers; and the last close of every pair (prices topic).
import { INTERVAL_MS, type Candle } from "@core/market/candles";
import type { PricesPayload } from "@core/market/market-intervals";
import { priceAndChange } from "./price";
import type { Mover, MoversPayload } from "./types";

export const MOVERS_TOP = 5;

/** @param series per pair (in the provider's symbols() order) its last 25+ closed 1h candles; pairs without a 24h reference are left out. */
export function computeMovers(series: { symbol: string; h1: Candle[] }[], nowMs: number): MoversPayload {
  const all: Mover[] = [];
  for (const { symbol, h1 } of series) {
    const pc = priceAndChange(h1);
    if (pc) all.push({ symbol, change_24h: pc.change_24h, price: pc.price });
  }
  // Ties broken by symbol so equal changes always list in the same order.
  const byChange = [...all].sort((a, b) => b.change_24h - a.change_24h || a.symbol.localeCompare(b.symbol));
  const losers = [...all].sort((a, b) => a.change_24h - b.change_24h || a.symbol.localeCompare(b.symbol));
  return {
    gainers: byChange.filter((m) => m.change_24h > 0).slice(0, MOVERS_TOP),
    losers: losers.filter((m) => m.change_24h < 0).slice(0, MOVERS_TOP),
    all_symbols: all,
    as_of: new Date(nowMs).toISOString(),
  };
}

/** Every pair's last closed 1h close and when it closed, from the same candles the movers read (no extra provider calls). */
export function computePrices(series: { symbol: string; h1: Candle[] }[], nowMs: number): PricesPayload {
  const prices: PricesPayload["prices"] = {};
  for (const { symbol, h1 } of series) {
    const last = h1[h1.length - 1];
    if (last) prices[symbol] = { price: last.c, at_ms: last.t + INTERVAL_MS["1h"] };
  }
  return { prices, as_of: new Date(nowMs).toISOString() };
}
