// Recorded candle folders for fitting and backtests: every pair's 1h candles and, where recorded, its funding.
import type { Candle } from "@core/candles";
import { INTERVAL_MS, lastIndexAtOrBefore, loadCandleFile } from "@core/candles";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const H = INTERVAL_MS["1h"];

export type SymbolData = { symbol: string; h1: Candle[]; funding: Candle[] };


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
