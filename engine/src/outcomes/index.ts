// Signal outcomes: walk the candles after issue on high/low; stop first when one candle touches both; R after fees.
import type { Candle } from "@core/market/candles";
import { INTERVAL_MS } from "@core/market/candles";

/** Taker fee per side (Binance spot default); both entry and exit pay it. */
export const TAKER_FEE_RATE = 0.001;
/** A signal expires after this many bars of its timeframe (48 x 1h = two days). */
export const EXPIRY_BARS = 48;

export type SignalForOutcome = {
  type: "LONG" | "SHORT";
  entry_price: number;
  stop_loss: number;
  take_profit: number;
  created_at_market_ms: number;
  timeframe: string;
  /** fee + slippage per side as a fraction of notional (default: the spot taker fee) */
  cost_per_side?: number;
  /** first candle open time that counts; earlier than the issue time when the path starts with the partial interval */
  path_start_ms?: number;
  /** the signal's own horizon; without it, EXPIRY_BARS of its timeframe */
  expiry_hours?: number;
};

export type OutcomeStatus = "TP_HIT" | "SL_HIT" | "EXPIRED" | "OPEN";
export type Outcome = { outcome: OutcomeStatus; closed_at_market_ms: number | null; r_multiple: number | null };

/** "15m", "1h", "4h", "1d" → ms; unknown spellings fall back to 1h (the engine's signal timeframe). */
export function timeframeMs(tf: string): number {
  const m = /^(\d+)\s*([mhdw])$/i.exec(tf.trim());
  if (!m) return INTERVAL_MS["1h"];
  const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
  return Number(m[1]) * (units[m[2].toLowerCase()] ?? INTERVAL_MS["1h"]);
}

export function expiryMs(tf: string, expiryHours?: number | null): number {
  return expiryHours ? expiryHours * INTERVAL_MS["1h"] : EXPIRY_BARS * timeframeMs(tf);
}

/**
 * Extra adverse slippage on a stop fill where no 5m path is recorded, beyond the per-side slippage every fill pays: a
 * stop is a market order sent when price is already moving through it.
 */
export const STOP_SLIPPAGE = 0.0005;

/**
 * The price a stop fills at: the open of the first candle that touched it when that candle opened beyond it (a gap), else
 * the stop; read on the 5m path inside the touching hour where one is recorded, else on the hour with STOP_SLIPPAGE more.
 */
export function stopFill(type: "LONG" | "SHORT", stop: number, touching: Candle, fine?: Candle[] | null): number {
  const s = type === "LONG" ? 1 : -1;
  const beyond = (k: Candle) => (s > 0 ? Math.min(stop, k.o) : Math.max(stop, k.o));
  const inside = fine?.filter((k) => k.t >= touching.t && k.t < touching.t + INTERVAL_MS["1h"]) ?? [];
  if (inside.length === 12) {
    const hit = inside.find((k) => (s > 0 ? k.l <= stop : k.h >= stop));
    if (hit) return beyond(hit);
  }
  return beyond(touching) * (1 - s * STOP_SLIPPAGE);
}

/** R multiple of a fill at `exit`, net of the per-side cost on entry and exit notional. */
export function rMultiple(type: "LONG" | "SHORT", entry: number, stop: number, exit: number, costPerSide = TAKER_FEE_RATE): number {
  const risk = Math.abs(entry - stop);
  if (!(risk > 0)) return 0;
  const gross = type === "LONG" ? exit - entry : entry - exit;
  const fees = costPerSide * (entry + exit);
  return Math.round(((gross - fees) / risk) * 10000) / 10000;
}

function candleInterval(candles: Candle[], fallback: number): number {
  let best = Infinity;
  for (let i = 1; i < candles.length; i++) {
    const d = candles[i].t - candles[i - 1].t;
    if (d > 0 && d < best) best = d;
  }
  return Number.isFinite(best) ? best : fallback;
}

/**
 * The one outcome walk of the tracker, the training labels and the backtest: in time order, the first candle that touches
 * the stop or the target decides, and a candle touching both is a stop (its path inside the hour is unknown).
 */
export function firstTouch(candles: ArrayLike<Candle>, type: "LONG" | "SHORT", stop: number, target: number, bars = candles.length) {
  for (let i = 0; i < Math.min(bars, candles.length); i++) {
    const k = candles[i];
    if (type === "LONG" ? k.l <= stop : k.h >= stop) return { hit: "SL" as const, index: i };
    if (type === "LONG" ? k.h >= target : k.l <= target) return { hit: "TP" as const, index: i };
  }
  return null;
}

/**
 * Candles opening before the issue time are ignored (their range happened before the signal).
 * A gap at the window's end still expires once later candles exist.
 * TP/SL close at the open time of the candle that touched the level; EXPIRED closes at issue + expiry at that
 * window's last close; OPEN while the window is not yet covered by candles.
 */
export function evaluateOutcome(signal: SignalForOutcome, candlesAfter: Candle[], fine?: Candle[] | null): Outcome {
  const { type, entry_price: entry, stop_loss: sl, take_profit: tp, created_at_market_ms: t0 } = signal;
  const end = t0 + expiryMs(signal.timeframe, signal.expiry_hours);
  const cost = signal.cost_per_side ?? TAKER_FEE_RATE;
  const window = candlesAfter.filter((k) => k.t >= (signal.path_start_ms ?? t0) && k.t < end);
  const touch = firstTouch(window, type, sl, tp);
  if (touch) {
    const exit = touch.hit === "SL" ? stopFill(type, sl, window[touch.index], fine) : tp;
    return {
      outcome: touch.hit === "SL" ? "SL_HIT" : "TP_HIT",
      closed_at_market_ms: window[touch.index].t,
      r_multiple: rMultiple(type, entry, sl, exit, cost),
    };
  }
  const last = window[window.length - 1];
  const interval = candleInterval(candlesAfter, timeframeMs(signal.timeframe));
  const pastEnd = candlesAfter.length > 0 && candlesAfter[candlesAfter.length - 1].t >= end;
  if (last && (last.t + interval >= end || pastEnd)) {
    return { outcome: "EXPIRED", closed_at_market_ms: end, r_multiple: rMultiple(type, entry, sl, last.c, cost) };
  }
  return { outcome: "OPEN", closed_at_market_ms: null, r_multiple: null };
}
