// Labelled samples for fitting: features and both candidate setups at each strided bar, labelled by the outcome rule.
import type { Candle } from "@core/candles";
import { INTERVAL_MS, lastIndexAtOrBefore, loadCandleFile } from "@core/candles";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { evaluateOutcome, expiryMs } from "../../outcomes";
import { computeFeatures, FEATURE_WINDOW_H1 } from "../features";
import { buildSetup, type Side } from "./setup";
import { featureVector } from "./vector";

export const SIGNAL_TIMEFRAME = "1h";
const H = INTERVAL_MS["1h"];

export type SymbolData = { symbol: string; h1: Candle[]; funding: Candle[] };

export type Sample = { symbol: string; t: number; side: Side; x: number[]; y: 0 | 1; rr: number; r: number };

/** A funding record older than this is not "in force" any more (the recorded futures data ends before spot's). */
export const FUNDING_MAX_AGE_MS = 24 * H;

/** Funding rate in force at `t`: the last 8h record at or before it (rate in the `o` column); null without fresh data. */
export function fundingAt(series: Candle[], t: number): number | null {
  const i = lastIndexAtOrBefore(series, t);
  return i >= 0 && t - series[i].t <= FUNDING_MAX_AGE_MS ? series[i].o : null;
}

/** Every SYMBOL.csv.gz in a 1h folder, plus funding from a sibling futures/funding-8h folder when one exists. */
export function loadFolder(dir: string, only?: string[]): SymbolData[] {
  const fundingDir = join(dir, "..", "..", "futures", "funding-8h");
  const files = readdirSync(dir).filter((f) => /\.csv(\.gz)?$/.test(f)).sort();
  const out: SymbolData[] = [];
  for (const f of files) {
    const symbol = f.replace(/\.csv(\.gz)?$/, "").toUpperCase();
    if (only && !only.includes(symbol)) continue;
    const fundingFile = join(fundingDir, f);
    out.push({ symbol, h1: loadCandleFile(join(dir, f)), funding: existsSync(fundingFile) ? loadCandleFile(fundingFile) : [] });
  }
  return out;
}

/** Hour-aligned evaluation clocks from the first bar with enough history to the last bar, every strideHours. */
export function evaluationClocks(h1: Candle[], strideHours: number, from = -Infinity, to = Infinity): number[] {
  if (h1.length <= FEATURE_WINDOW_H1) return [];
  const first = Math.max(h1[FEATURE_WINDOW_H1 - 1].t + H, Math.ceil(from / H) * H);
  const last = Math.min(h1[h1.length - 1].t + H, to);
  const out: number[] = [];
  // Align to a fixed UTC grid so that runs over different ranges pick the same clocks.
  const stride = strideHours * H;
  for (let t = Math.ceil(first / stride) * stride; t <= last; t += stride) out.push(t);
  return out;
}

export function buildSamples(data: SymbolData, btc: Candle[], clocks: number[]): Sample[] {
  const samples: Sample[] = [];
  const horizon = expiryMs(SIGNAL_TIMEFRAME);
  for (const now of clocks) {
    const i = lastIndexAtOrBefore(data.h1, now - H);
    if (i < FEATURE_WINDOW_H1 - 1) continue;
    const f = computeFeatures({
      symbol: data.symbol,
      now,
      h1: data.h1.slice(i + 1 - FEATURE_WINDOW_H1, i + 1),
      btcH1: btc.slice(Math.max(0, lastIndexAtOrBefore(btc, now - H) + 1 - FEATURE_WINDOW_H1), lastIndexAtOrBefore(btc, now - H) + 1),
      funding: fundingAt(data.funding, now),
    });
    if (!f) continue;
    const after = data.h1.slice(i + 1, lastIndexAtOrBefore(data.h1, now + horizon) + 1);
    for (const side of ["LONG", "SHORT"] as const) {
      const s = buildSetup(f, side);
      const o = evaluateOutcome(
        { type: side, entry_price: s.entry, stop_loss: s.stopLoss, take_profit: s.takeProfit, created_at_market_ms: now, timeframe: SIGNAL_TIMEFRAME },
        after,
      );
      if (o.outcome === "OPEN" || o.r_multiple === null) continue;
      samples.push({ symbol: data.symbol, t: now, side, x: featureVector(f, s), y: o.outcome === "TP_HIT" ? 1 : 0, rr: s.rr, r: o.r_multiple });
    }
  }
  return samples;
}
