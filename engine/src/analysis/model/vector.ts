// Model inputs for one candidate side: direction-signed features so one model serves LONG and SHORT.
import type { Features } from "../features";
import type { Setup } from "./setup";

export const FEATURE_NAMES = [
  "is_long",
  "trend_1h_ema50_atr",
  "trend_1h_ema200_atr",
  "ema50_slope_atr",
  "trend_4h_ema50_atr",
  "trend_1d_sma10_atr",
  "rsi_1h",
  "rsi_4h",
  "rsi_1h_extreme",
  "ret_4h_z",
  "ret_24h_z",
  "ret_72h_z",
  "ret_7d_z",
  "log_atr_pct",
  "log_vol_regime",
  "log_rel_volume",
  "funding_bps",
  "btc_corr",
  "btc_trend_atr",
  "btc_ret_24h_z",
  "sl_atr",
  "tp_atr",
  "log_rr",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

const clip = (x: number, lim = 6) => (Number.isFinite(x) ? Math.max(-lim, Math.min(lim, x)) : 0);

/** Values in FEATURE_NAMES order. Returns over h hours are z-scored by ATR% * sqrt(h) so pairs are comparable. */
export function featureVector(f: Features, setup: Setup): number[] {
  const s = setup.side === "LONG" ? 1 : -1;
  const z = (ret: number, hours: number) => clip((s * ret) / (f.atrPct * Math.sqrt(hours)));
  const btcAtrPct = f.btcClose > 0 && f.btcAtr > 0 ? f.btcAtr / f.btcClose : 0;
  const v: Record<FeatureName, number> = {
    is_long: s > 0 ? 1 : 0,
    trend_1h_ema50_atr: clip((s * (f.close - f.ema50)) / f.atr),
    trend_1h_ema200_atr: clip((s * (f.close - f.ema200)) / f.atr, 15),
    ema50_slope_atr: clip((s * f.ema50SlopeAtr)),
    trend_4h_ema50_atr: clip((s * (f.close - f.ema50h4)) / f.atr, 15),
    trend_1d_sma10_atr: clip((s * (f.close - f.sma10d)) / f.atr, 15),
    rsi_1h: (s * (f.rsi1h - 50)) / 50,
    rsi_4h: (s * (f.rsi4h - 50)) / 50,
    rsi_1h_extreme: ((f.rsi1h - 50) / 50) ** 2,
    ret_4h_z: z(f.ret4h, 4),
    ret_24h_z: z(f.ret24h, 24),
    ret_72h_z: z(f.ret72h, 72),
    ret_7d_z: z(f.ret7d, 168),
    log_atr_pct: clip(Math.log(f.atrPct)),
    log_vol_regime: clip(Math.log(f.volRegime || 1)),
    log_rel_volume: clip(Math.log(f.relVolume || 1)),
    funding_bps: f.funding === null ? 0 : clip(s * f.funding * 1e4, 10),
    btc_corr: f.btcCorr,
    btc_trend_atr: btcAtrPct > 0 ? clip((s * (f.btcClose - f.btcEma50)) / f.btcAtr) : 0,
    btc_ret_24h_z: btcAtrPct > 0 ? clip((s * f.btcRet24h) / (btcAtrPct * Math.sqrt(24))) : 0,
    sl_atr: setup.slAtr,
    tp_atr: setup.tpAtr,
    log_rr: clip(Math.log(Math.max(setup.rr, 0.05))),
  };
  return FEATURE_NAMES.map((n) => v[n]);
}
