// Test fixtures of the learning loop: synthetic hourly markets, a small trees family, and real versions fitted on them.
import type { Candle } from "@core/market/candles";
import type { SymbolData } from "../analysis/model/dataset";
import { type ModelVersion, paramsHash, versionName } from "../analysis/model/version";
import { mulberry32 } from "../backtest/stats";
import { refitVersion } from "../research/refit";
import { SMALL_REFIT } from "./refit-presets";

export { SMALL_REFIT };

const H = 3_600_000;
export const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "ADAUSDT", "DOGEUSDT"];

/** Random walks with a little momentum, `days` long from `start`, one per symbol (seeded: the same every run). */
export function syntheticMarket(start: number, days: number, seed = 11): SymbolData[] {
  return SYMBOLS.map((symbol, si) => {
    const rand = mulberry32(seed + si);
    const h1: Candle[] = [];
    let c = 100 * (si + 1);
    let drift = 0;
    for (let i = 0; i < days * 24; i++) {
      drift = 0.995 * drift + 0.0006 * (rand() - 0.5);
      const o = c;
      c = o * Math.exp(drift + 0.01 * (rand() - 0.5));
      h1.push({
        t: start + i * H,
        o,
        h: Math.max(o, c) * (1 + 0.003 * rand()),
        l: Math.min(o, c) * (1 - 0.003 * rand()),
        c,
        v: 1000 + 1000 * rand(),
      });
    }
    return { symbol, h1, funding: [] };
  });
}

export const MARKET_START = Date.UTC(2024, 0, 1);
export const MARKET = syntheticMarket(MARKET_START, 240);
/** The base version's clock: 220 days in, with enough out-of-fold weeks behind it for every calibration bin. */
export const BASE_CLOCK = MARKET_START + 220 * 86_400_000;

let base: ModelVersion | null = null;
/** One real refit on the synthetic market (cached), the params every fixture version carries. */
export function baseVersion(): ModelVersion {
  base ??= refitVersion(MARKET, BASE_CLOCK, [], SMALL_REFIT);
  if (!base) throw new Error("the synthetic refit found no bar");
  return base;
}

/** A version with the base params under other dates and inner figures (the name follows its dates and params). */
export function versionWith(o: {
  trainedThrough: string;
  trainedAt?: string;
  lower?: number;
  source?: ModelVersion["source"];
  championForwardLower?: number | null;
}): ModelVersion {
  const b = baseVersion();
  const hash = paramsHash(b.params);
  return {
    ...b,
    version: versionName(o.trainedThrough, hash) + (o.lower === undefined ? "" : `-l${Math.round(o.lower * 1000)}`),
    trained_through: o.trainedThrough,
    trained_at: o.trainedAt ?? o.trainedThrough,
    inner: { ...b.inner, lower: o.lower ?? b.inner.lower },
    source: o.source ?? "walk-forward",
    ...(o.championForwardLower === undefined ? {} : { champion_forward_lower: o.championForwardLower }),
  };
}
