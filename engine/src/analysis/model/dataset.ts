// Recorded candle folders for fitting and backtests: every pair's 1h candles (merged over several folders) and, where recorded, its funding.
import type { Candle } from "@core/candles";
import { loadCandleFile } from "@core/candles";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type SymbolData = { symbol: string; h1: Candle[]; funding: Candle[] };

const HOUR = 3_600_000;

/** Candles of one symbol from several folders in time order; on a duplicate hour the earlier folder wins; off-hour candles are dropped. */
export function mergeCandles(parts: Candle[][]): Candle[] {
  const byHour = new Map<number, Candle>();
  for (const part of parts) for (const k of part) if (k.t % HOUR === 0 && !byHour.has(k.t)) byHour.set(k.t, k);
  return [...byHour.values()].sort((a, b) => a.t - b.t);
}

const symbolOf = (f: string) => f.replace(/\.csv(\.gz)?$/, "").toUpperCase();
const candleFiles = (dir: string) => readdirSync(dir).filter((f) => /\.csv(\.gz)?$/.test(f));

/**
 * Every SYMBOL.csv.gz in one or more 1h folders (a symbol found in several is merged), plus funding from each folder's
 * sibling futures/funding-8h folder where one exists; a pair with no recorded funding gets none (stated by the caller).
 */
export function loadFolders(dirs: string[], only?: string[]): SymbolData[] {
  const files = new Map<string, string[]>();
  const funding = new Map<string, string[]>();
  for (const dir of dirs) {
    for (const f of candleFiles(dir)) {
      const symbol = symbolOf(f);
      if (only && !only.includes(symbol)) continue;
      files.set(symbol, [...(files.get(symbol) ?? []), join(dir, f)]);
      const fundingFile = join(dir, "..", "..", "futures", "funding-8h", f);
      const seen = funding.get(symbol) ?? [];
      if (existsSync(fundingFile) && !seen.includes(fundingFile)) funding.set(symbol, [...seen, fundingFile]);
    }
  }
  return [...files.keys()].sort().map((symbol) => ({
    symbol,
    h1: mergeCandles(files.get(symbol)!.map(loadCandleFile)),
    funding: (funding.get(symbol) ?? []).flatMap(loadCandleFile).sort((a, b) => a.t - b.t),
  }));
}

/** One folder: the same as `loadFolders([dir])`. */
export const loadFolder = (dir: string, only?: string[]): SymbolData[] => loadFolders([dir], only);
