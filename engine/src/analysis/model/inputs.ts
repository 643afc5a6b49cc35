// Model inputs for one side of one pair at one snapshot hour: direction-signed, so one model serves LONG and SHORT.
import type { PairRow, Regime } from "../snapshot";
import type { Side, Trade } from "../trade";

export const INPUT_NAMES = [
  "is_long",
  "z1",
  "z4",
  "z24",
  "z72",
  "z168",
  "range24",
  "range168",
  "resid24",
  "resid168",
  "ema50_dist_atr",
  "rsi14",
  "rank_z24",
  "rank_z168",
  "rank_resid24",
  "room_to_swing_atr",
  "cushion_to_swing_atr",
  "btc_z24",
  "btc_z168",
  "breadth24",
  "breadth168",
  "long_x_btc_z24",
  "long_x_breadth24",
  "log_atr_pct",
  "vol_regime",
  "volume_ratio",
  "log_quote_volume",
  "beta",
  "rank_volume",
  "rank_vol_regime",
  "rank_atr",
  "btc_vol_regime",
  "dispersion",
  "log_stop_atr",
  "cost_r",
] as const;

const clip = (x: number, lim = 6) => (Number.isFinite(x) ? Math.max(-lim, Math.min(lim, x)) : 0);

export function inputVector(r: PairRow, g: Regime, side: Side, trade: Pick<Trade, "stopAtr" | "costR">): number[] {
  const s = side === "LONG" ? 1 : -1;
  const isLong = s > 0 ? 1 : 0;
  // Distance to the swing level the trade runs toward (room) and the one behind it (cushion), in ATRs.
  const above = (r.swingHigh72 - r.close) / r.atr;
  const below = (r.close - r.swingLow72) / r.atr;
  const v: Record<(typeof INPUT_NAMES)[number], number> = {
    is_long: isLong,
    z1: clip(s * r.z1),
    z4: clip(s * r.z4),
    z24: clip(s * r.z24),
    z72: clip(s * r.z72),
    z168: clip(s * r.z168),
    range24: s * r.range24,
    range168: s * r.range168,
    resid24: clip(s * r.resid24),
    resid168: clip(s * r.resid168),
    ema50_dist_atr: clip(s * r.ema50DistAtr, 10),
    rsi14: (s * (r.rsi14 - 50)) / 50,
    rank_z24: s * r.rankZ24,
    rank_z168: s * r.rankZ168,
    rank_resid24: s * r.rankResid24,
    room_to_swing_atr: Math.log1p(clip(s > 0 ? above : below, 30)),
    cushion_to_swing_atr: Math.log1p(clip(s > 0 ? below : above, 30)),
    btc_z24: clip(s * g.btcZ24),
    btc_z168: clip(s * g.btcZ168),
    breadth24: s * g.breadth24,
    breadth168: s * g.breadth168,
    long_x_btc_z24: isLong * clip(g.btcZ24),
    long_x_breadth24: isLong * g.breadth24,
    log_atr_pct: clip(Math.log(r.atrPct), 10),
    vol_regime: clip(r.volRegime),
    volume_ratio: clip(r.volumeRatio),
    log_quote_volume: clip(Math.log10(Math.max(r.quoteVolume24h, 1)), 12),
    beta: clip(r.beta),
    rank_volume: r.rankVolume,
    rank_vol_regime: r.rankVolRegime,
    rank_atr: r.rankAtr,
    btc_vol_regime: clip(g.btcVolRegime),
    dispersion: clip(g.dispersion),
    log_stop_atr: clip(Math.log(trade.stopAtr)),
    cost_r: trade.costR,
  };
  return INPUT_NAMES.map((n) => v[n]);
}

/**
 * The v3 inputs: the same direction-signed market state without the geometry columns (v3's geometry is one σ-scaled
 * point per model, so they carry nothing), plus the trend set a 7-day-trend baseline must be beaten with: the 335 h
 * return, the EMA200 distance, whether the side agrees with the 7-day and 14-day trend, and the σ the stop is made of.
 */
export const INPUT_NAMES_V3 = [
  ...INPUT_NAMES.filter((n) => n !== "log_stop_atr" && n !== "cost_r"),
  "z335",
  "ema200_dist_atr",
  "with_trend168",
  "with_trend335",
  "log_sigma168",
] as const;

const V2_KEPT = INPUT_NAMES.map((n, j) => (n === "log_stop_atr" || n === "cost_r" ? -1 : j)).filter((j) => j >= 0);

export function inputVectorV3(r: PairRow, g: Regime, side: Side): number[] {
  const s = side === "LONG" ? 1 : -1;
  const base = inputVector(r, g, side, { stopAtr: 1, costR: 0 });
  return [
    ...V2_KEPT.map((j) => base[j]),
    clip(s * r.z335),
    clip(s * r.ema200DistAtr, 20),
    Math.sign(s * r.z168),
    Math.sign(s * r.z335),
    clip(Math.log(Math.max(r.sigma168, 1e-6)), 20),
  ];
}

/** Inputs shared by every pair at a clock: trees split on them to learn each week's market direction, not a pair's setup. */
export const CLOCK_INPUTS = [
  "btc_z24",
  "btc_z168",
  "breadth24",
  "breadth168",
  "long_x_btc_z24",
  "long_x_breadth24",
  "btc_vol_regime",
  "dispersion",
] as const;

const isClockInput = (n: string) => (CLOCK_INPUTS as readonly string[]).includes(n);

/**
 * The v4 inputs: the v3 set without the clock-level columns, so a score can only rank pairs and sides at a clock (what
 * the trend and always-long baselines cannot), never time the whole market from two bull quarters.
 */
export const INPUT_NAMES_V4 = INPUT_NAMES_V3.filter((n) => !isClockInput(n));
const V3_KEPT = INPUT_NAMES_V3.map((n, j) => (isClockInput(n) ? -1 : j)).filter((j) => j >= 0);

export function inputVectorV4(r: PairRow, g: Regime, side: Side): number[] {
  const v3 = inputVectorV3(r, g, side);
  return V3_KEPT.map((j) => v3[j]);
}
