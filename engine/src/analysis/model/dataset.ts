// Recorded candle folders for fitting and backtests: every pair's 1h candles and, where recorded, its funding.
import type { Candle } from "@core/candles";
import { loadCandleFile } from "@core/candles";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type SymbolData = { symbol: string; h1: Candle[]; funding: Candle[] };

/** Every SYMBOL.csv.gz in a 1h folder, plus funding from a sibling futures/funding-8h folder when one exists. */
export function loadFolder(dir: string, only?: string[]): SymbolData[] {
  const fundingDir = join(dir, "..", "..", "futures", "funding-8h");
  const files = readdirSync(dir)
    .filter((f) => /\.csv(\.gz)?$/.test(f))
    .sort();
  const out: SymbolData[] = [];
  for (const f of files) {
    const symbol = f.replace(/\.csv(\.gz)?$/, "").toUpperCase();
    if (only && !only.includes(symbol)) continue;
    const fundingFile = join(fundingDir, f);
    out.push({ symbol, h1: loadCandleFile(join(dir, f)), funding: existsSync(fundingFile) ? loadCandleFile(fundingFile) : [] });
  }
  return out;
}
