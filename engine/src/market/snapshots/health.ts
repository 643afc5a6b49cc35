// Market health: composite 0..1 from BTC trend strength, volatility regime, breadth and volume, plus a status.
import type { Candle } from "@core/market/candles";
import { atr, ema, median } from "../indicators";
import { round } from "./price";
import type { HealthPayload, HealthStatus } from "./types";

export const HEALTH_WEIGHTS = { trend: 0.3, volatility: 0.25, breadth: 0.2, volume: 0.25 } as const;

export const HEALTH_RULE =
  "composite = 0.30 trend + 0.25 volatility + 0.20 breadth + 0.25 volume (each 0..1). DEAD when BTC 24h volume is below 0.5× its 30-day daily average AND hourly ATR is below 0.5× its 30-day median (the market has stopped moving and trading); otherwise HEALTHY at composite ≥ 0.65, NORMAL at ≥ 0.45, WEAK below.";

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** 1 inside the normal band 0.7–1.5× of the 30-day median ATR, falling linearly to 0 at 0.2× and at 3×. */
export function volatilityScore(ratio: number): number {
  if (ratio < 0.7) return clamp01((ratio - 0.2) / 0.5);
  if (ratio > 1.5) return clamp01((3 - ratio) / 1.5);
  return 1;
}

export function healthStatus(composite: number, volumeRatio: number, volatilityRatio: number): HealthStatus {
  if (volumeRatio < 0.5 && volatilityRatio < 0.5) return "DEAD";
  if (composite >= 0.65) return "HEALTHY";
  if (composite >= 0.45) return "NORMAL";
  return "WEAK";
}

export const HEALTH_MIN_CANDLES = 30 * 24 + 15;

/**
 * @param btcH1 at least 30 days + 15 closed 1h BTC candles (oldest first)
 * @param changes24h 24h change (percent) of every tracked pair that has one
 */
export function computeHealth(btcH1: Candle[], changes24h: number[]): HealthPayload {
  if (btcH1.length < HEALTH_MIN_CANDLES) throw new Error(`health needs ${HEALTH_MIN_CANDLES} 1h candles, got ${btcH1.length}`);
  const closes = btcH1.map((k) => k.c);
  const price = closes[closes.length - 1];
  const e20 = ema(closes, 20).at(-1)!;
  const e50 = ema(closes, 50).at(-1)!;
  const atrs = atr(btcH1, 14);
  const atrNow = atrs[atrs.length - 1];
  // Trend strength: EMA20–EMA50 separation measured in ATRs; 2 ATRs apart counts as a full-strength trend.
  const trendScore = clamp01(Math.abs(e20 - e50) / atrNow / 2);
  const direction = e20 > e50 * 1.001 ? "UP" : e20 < e50 * 0.999 ? "DOWN" : "FLAT";

  // ATR as a share of price over the last 30 days (atrs[i] belongs to btcH1[i + 14]).
  const atrPct = atrs.map((a, i) => a / btcH1[i + 14].c).slice(-30 * 24);
  const volRatio = atrPct[atrPct.length - 1] / median(atrPct);

  const advancing = changes24h.filter((c) => c > 0).length;
  const declining = changes24h.filter((c) => c < 0).length;
  const breadth = changes24h.length ? advancing / changes24h.length : 0.5;

  const vol24 = btcH1.slice(-24).reduce((s, k) => s + k.v, 0);
  const avgDaily = btcH1.slice(-30 * 24).reduce((s, k) => s + k.v, 0) / 30;
  const volumeRatio = vol24 / avgDaily;
  // Volume at 1.2× the 30-day average or more scores fully.
  const volumeScore = clamp01(volumeRatio / 1.2);

  const volScore = volatilityScore(volRatio);
  const composite =
    HEALTH_WEIGHTS.trend * trendScore + HEALTH_WEIGHTS.volatility * volScore + HEALTH_WEIGHTS.breadth * breadth + HEALTH_WEIGHTS.volume * volumeScore;
  const last = btcH1[btcH1.length - 1];
  return {
    status: healthStatus(composite, volumeRatio, volRatio),
    composite_score: round(composite, 4),
    components: {
      trend: { score: round(trendScore, 4), direction, ema20: round(e20, 2), ema50: round(e50, 2) },
      volatility: { score: round(volScore, 4), atr_pct: round((atrNow / price) * 100, 4), ratio_to_30d_median: round(volRatio, 4) },
      breadth: { score: round(breadth, 4), advancing, declining, total: changes24h.length },
      volume: { score: round(volumeScore, 4), ratio_24h_to_30d: round(volumeRatio, 4) },
    },
    rule: HEALTH_RULE,
    as_of: new Date(last.t + 3_600_000).toISOString(),
  };
}
