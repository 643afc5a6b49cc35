// Labels and backtest outcomes: a trade's outcome and net R by the tracker's own evaluateOutcome on the candles after issue.
import type { Candle } from "@core/market/candles";
import { evaluateOutcome, type SignalForOutcome } from "../outcomes";
import { costPerSide, EXPIRY_HOURS, type Trade } from "./trade";

const HOUR = 3_600_000;

export type Outcome = "TP" | "SL" | "EXPIRED";
export const OUTCOME_CLASSES: Outcome[] = ["TP", "SL", "EXPIRED"];
const CLASS = { TP_HIT: "TP", SL_HIT: "SL", EXPIRED: "EXPIRED" } as const;

/** The signal row a trade issued at `at` becomes: the prices, costs and horizon settle stores and the tracker reads back. */
export function signalOf(trade: Trade, at: number): SignalForOutcome {
  return {
    type: trade.side,
    entry_price: trade.entry,
    stop_loss: trade.stopLoss,
    take_profit: trade.takeProfit,
    created_at_market_ms: at,
    timeframe: "1h",
    cost_per_side: costPerSide(trade.costs),
    expiry_hours: trade.expiryHours ?? EXPIRY_HOURS,
  };
}

/**
 * Outcome and net R of `trade` issued at `at`, exactly as the live tracker will settle it, on the hourly path cut at the
 * first missing hour (a stop's fill read on the 5m path where one is recorded); null while that path does not decide it.
 */
export function tradeOutcome(h1: Candle[], at: number, trade: Trade, m5?: Candle[] | null): { outcome: Outcome; r: number } | null {
  const o = evaluateOutcome(signalOf(trade, at), pathFrom(h1, at, trade.expiryHours ?? EXPIRY_HOURS), m5);
  return o.outcome === "OPEN" || o.r_multiple === null ? null : { outcome: CLASS[o.outcome], r: o.r_multiple };
}

/**
 * The candles from the issue time `t` on, within the next `bars` hours, cut at the first missing hour: an outcome is never
 * read across a gap (a level touched after an outage may have been passed during it), so a path with a gap before
 * its exit is short and its label unknown.
 */
export function pathFrom(h1: Candle[], t: number, bars: number): Candle[] {
  let lo = 0;
  let hi = h1.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (h1[mid].t < t) lo = mid + 1;
    else hi = mid;
  }
  // The first candle must open within the hour after issue; every next one an hour after the last.
  if (lo >= h1.length || h1[lo].t >= t + HOUR) return [];
  let end = lo;
  while (end < h1.length && end - lo < bars && h1[end].t === h1[lo].t + (end - lo) * HOUR && h1[end].t < t + bars * HOUR) end++;
  return h1.slice(lo, end);
}
