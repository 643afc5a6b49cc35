// Order-book view modelled from candles (no recorded book exists): Corwin–Schultz spread estimate (floored at one
// tick) and up/down volume imbalance.
import type { Candle } from "@core/market/candles";
import { lotFilter } from "@core/market/lot-sizes";
import { round } from "./price";
import type { OrderbookPayload } from "./types";

const K = 3 - 2 * Math.SQRT2;

/**
 * Corwin & Schultz (2012) high-low spread estimator for two consecutive candles, as a fraction of price, before any
 * flooring: a pair's estimate is noisy and often negative; averaging first and flooring after is the paper's method.
 */
export function corwinSchultzRaw(a: Candle, b: Candle): number {
  const beta = Math.log(a.h / a.l) ** 2 + Math.log(b.h / b.l) ** 2;
  const gamma = Math.log(Math.max(a.h, b.h) / Math.min(a.l, b.l)) ** 2;
  const alpha = (Math.sqrt(2 * beta) - Math.sqrt(beta)) / K - Math.sqrt(gamma / K);
  return (2 * (Math.exp(alpha) - 1)) / (1 + Math.exp(alpha));
}

/** One pair's estimate floored at 0, as the paper recommends for a single estimate. */
export const corwinSchultz = (a: Candle, b: Candle): number => Math.max(0, corwinSchultzRaw(a, b));

export const SPREAD_WINDOW = 48;

/**
 * The spread as a fraction of price from the pairs' raw estimates: their mean, floored at one tick (no book quotes
 * inside a tick). When the mean is within two standard errors of zero the candles cannot tell the spread from
 * volatility (a liquid pair on hourly candles, where a mean of floored estimates read 0.2-0.4 % for BTC): one tick.
 */
export function modelledSpread(rawEstimates: number[], tickFraction: number): number {
  const n = rawEstimates.length;
  if (n < 2) return tickFraction;
  const mean = rawEstimates.reduce((s, x) => s + x, 0) / n;
  const se = Math.sqrt(rawEstimates.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) / n);
  return mean <= 2 * se ? tickFraction : Math.max(tickFraction, mean);
}

export const IMBALANCE_WINDOW = 12;

/** Buy share = volume of candles closing up (half of unchanged ones) over total volume. */
export function volumeImbalance(candles: Candle[]): { buy: number; sell: number } {
  let up = 0;
  let down = 0;
  for (const k of candles) {
    if (k.c > k.o) up += k.v;
    else if (k.c < k.o) down += k.v;
    else {
      up += k.v / 2;
      down += k.v / 2;
    }
  }
  const total = up + down;
  return total > 0 ? { buy: (up / total) * 100, sell: (down / total) * 100 } : { buy: 50, sell: 50 };
}

export function executionNote(spreadPct: number, buyPct: number): string {
  const liquidity = spreadPct < 0.05 ? "Tight modelled spread" : spreadPct < 0.15 ? "Moderate modelled spread" : "Wide modelled spread";
  const side =
    buyPct >= 60
      ? "buyers dominate recent volume; longs may chase, prefer limit entries"
      : buyPct <= 40
        ? "sellers dominate recent volume; avoid catching the move, prefer limit entries"
        : "balanced flow";
  const style = spreadPct < 0.05 ? "market orders acceptable" : "use limit orders";
  // Six decimals, as the card shows the spread (spec 02 §2): a one-tick spread must not read 0.0000 %.
  return `${liquidity} (${spreadPct.toFixed(6)}%), ${side}; ${style}`;
}

/** @param candles the latest closed candles of one interval (5m when shipped, otherwise 1h), oldest first. */
export function computeOrderbook(symbol: string, candles: Candle[], intervalLabel: "5m" | "1h"): OrderbookPayload {
  if (candles.length < 2) throw new Error(`${symbol}: order-book model needs at least 2 candles`);
  const recent = candles.slice(-SPREAD_WINDOW);
  const estimates: number[] = [];
  for (let i = 1; i < recent.length; i++) estimates.push(corwinSchultzRaw(recent[i - 1], recent[i]));
  const last = candles[candles.length - 1];
  const tick = lotFilter(symbol, "spot", last.c).tick;
  const spread = modelledSpread(estimates, tick / last.c);
  const flow = candles.slice(-IMBALANCE_WINDOW);
  const imb = volumeImbalance(flow);
  const stepMs = intervalLabel === "5m" ? 300_000 : 3_600_000;
  return {
    symbol,
    price: last.c,
    spread: {
      percentage: round(spread * 100, 6),
      value: round(spread * last.c, 6),
      estimator: `Corwin-Schultz high-low estimate, mean of ${estimates.length} ${intervalLabel} candle pairs, floored at one tick (one tick when not resolved from zero)`,
    },
    imbalance: {
      buy_percentage: round(imb.buy, 2),
      sell_percentage: round(imb.sell, 2),
      window: `${flow.length} × ${intervalLabel} candles, up-volume vs down-volume`,
    },
    execution: executionNote(spread * 100, imb.buy),
    derived: true,
    basis: `Modelled from recent ${intervalLabel} candles, not a recorded order book`,
    as_of: new Date(last.t + stepMs).toISOString(),
  };
}
