// Candidate LONG/SHORT trade setups: entry at the last close, stop from swing structure and ATR, target from the opposite structure.
import type { Features } from "../features";

export type Side = "LONG" | "SHORT";

/** Stop sits this many ATRs beyond the 24h swing low/high, so a wick to the level does not stop us out. */
export const SL_BUFFER_ATR = 0.2;
/** Stop distance is kept between these ATR multiples (too tight is noise, too wide is a different trade). */
export const MIN_SL_ATR = 1.5;
export const MAX_SL_ATR = 4.0;
/** When price is within this many ATRs of the 72h extreme it is a breakout: target a fixed ATR multiple. */
export const BREAKOUT_ZONE_ATR = 0.5;
export const BREAKOUT_TARGET_ATR = 3.0;
/** Target sits this many ATRs inside the opposite structure level (orders cluster at the level). */
export const TARGET_BUFFER_ATR = 0.1;
export const MAX_TP_ATR = 6.0;
/** Prices are rounded to this many significant digits before RR is computed from them. */
export const PRICE_SIGNIFICANT_DIGITS = 6;

export type Setup = {
  side: Side;
  entry: number;
  stopLoss: number;
  takeProfit: number;
  /** reward / risk computed from the rounded prices */
  rr: number;
  slAtr: number;
  /** whether the stop sits at the structure level or was pushed to the minimum / capped at the maximum distance */
  stopBasis: "structure" | "min" | "max";
  tpAtr: number;
  targetKind: "structure" | "breakout";
  /** the structure level the stop is anchored to, and the target level (or null for a breakout target) */
  stopLevel: number;
  targetLevel: number | null;
};

export function roundPrice(p: number): number {
  if (!(p > 0)) return p;
  const digits = PRICE_SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(p));
  const f = 10 ** digits;
  return Math.round(p * f) / f;
}

/** Reward/risk from the three prices, rounded to 2 decimals; never chosen, always measured. */
export function rrFromPrices(side: Side, entry: number, stopLoss: number, takeProfit: number): number {
  const risk = side === "LONG" ? entry - stopLoss : stopLoss - entry;
  const reward = side === "LONG" ? takeProfit - entry : entry - takeProfit;
  if (!(risk > 0)) return 0;
  return Math.round((reward / risk) * 100) / 100;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function buildSetup(f: Features, side: Side): Setup {
  const { close, atr } = f;
  const long = side === "LONG";
  const stopLevel = long ? f.supportStop : f.resistanceStop;
  const rawSl = long ? close - (stopLevel - SL_BUFFER_ATR * atr) : stopLevel + SL_BUFFER_ATR * atr - close;
  const slDist = clamp(rawSl, MIN_SL_ATR * atr, MAX_SL_ATR * atr);
  const stopBasis = rawSl < MIN_SL_ATR * atr ? "min" : rawSl > MAX_SL_ATR * atr ? "max" : "structure";
  const targetLevel = long ? f.resistanceTarget : f.supportTarget;
  const room = long ? targetLevel - close : close - targetLevel;
  const breakout = room <= BREAKOUT_ZONE_ATR * atr;
  const tpDist = breakout ? BREAKOUT_TARGET_ATR * atr : Math.min(room - TARGET_BUFFER_ATR * atr, MAX_TP_ATR * atr);
  const entry = roundPrice(close);
  const stopLoss = roundPrice(long ? close - slDist : close + slDist);
  const takeProfit = roundPrice(long ? close + tpDist : close - tpDist);
  return {
    side,
    entry,
    stopLoss,
    takeProfit,
    rr: rrFromPrices(side, entry, stopLoss, takeProfit),
    slAtr: slDist / atr,
    stopBasis,
    tpAtr: tpDist / atr,
    targetKind: breakout ? "breakout" : "structure",
    stopLevel,
    targetLevel: breakout ? null : targetLevel,
  };
}
