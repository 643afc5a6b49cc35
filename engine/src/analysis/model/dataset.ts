// Recorded candle folders for fitting and backtests: every pair's 1h candles (merged over several folders), its funding, its 5m path where recorded, and when its perpetual was first recorded.
import type { Candle } from "@core/market/candles";
import { loadCandleFile } from "@core/market/candles";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type SymbolData = {
  symbol: string;
  h1: Candle[];
  funding: Candle[];
  /** 5m candles where recorded (12 majors, 2024-01 → 2024-09): the path a stop fill is read from */
  m5?: Candle[];
  /** the first time a USDT-M perpetual of this pair is recorded (klines, funding or mark price); null = none, so no SHORT */
  perpSince?: number | null;
};

const HOUR = 3_600_000;

/** Candles of one symbol from several folders in time order; on a duplicate hour the earlier folder wins; off-hour candles are dropped. */
export function mergeCandles(parts: Candle[][]): Candle[] {
  const byHour = new Map<number, Candle>();
  for (const part of parts) for (const k of part) if (k.t % HOUR === 0 && !byHour.has(k.t)) byHour.set(k.t, k);
  return [...byHour.values()].sort((a, b) => a.t - b.t);
}

const symbolOf = (f: string) => f.replace(/\.csv(\.gz)?$/, "").toUpperCase();
const candleFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => /\.csv(\.gz)?$/.test(f)) : []);
/** Perpetual symbols keep Binance's names: 1000PEPEUSDT is the contract of PEPEUSDT. */
export const spotOfPerp = (perp: string) => perp.replace(/^1000+/, "").replace(/^1M/, "");

/**
 * The first recorded time of every perpetual under `futuresDir` (its 1h klines of either era, its funding, its mark
 * price), by spot symbol: the per-date list a SHORT needs (a SHORT is a perpetual setup, so none before its perpetual).
 */
export function perpListings(futuresDir: string): Map<string, number> {
  const first = new Map<string, number>();
  for (const sub of ["1h", "1h-2019-2021", "funding-8h", "mark-8h"]) {
    const dir = join(futuresDir, sub);
    for (const f of candleFiles(dir)) {
      const t = loadCandleFile(join(dir, f))[0]?.t;
      const s = spotOfPerp(symbolOf(f));
      if (t !== undefined && t < (first.get(s) ?? Infinity)) first.set(s, t);
    }
  }
  return first;
}

/**
 * Every SYMBOL.csv.gz in one or more 1h folders (a symbol found in several is merged), plus, from each folder's market
 * root (`<root>/spot/<1h folder>`): funding from `futures/funding-8h`, the perpetual's first record from `futures/`,
 * and the 5m path from `spot/5m`. A pair with no recorded funding gets the stated default (see trade.ts).
 */
export function loadFolders(dirs: string[], only?: string[]): SymbolData[] {
  const files = new Map<string, string[]>();
  const funding = new Map<string, string[]>();
  const fine = new Map<string, string[]>();
  const perps = new Map<string, number>();
  for (const dir of dirs) {
    const root = join(dir, "..", "..");
    for (const [s, t] of perpListings(join(root, "futures"))) if (t < (perps.get(s) ?? Infinity)) perps.set(s, t);
    for (const f of candleFiles(dir)) {
      const symbol = symbolOf(f);
      if (only && !only.includes(symbol)) continue;
      files.set(symbol, [...(files.get(symbol) ?? []), join(dir, f)]);
      for (const [map, path] of [
        [funding, join(root, "futures", "funding-8h", f)],
        [fine, join(root, "spot", "5m", f)],
      ] as const) {
        const seen = map.get(symbol) ?? [];
        if (existsSync(path) && !seen.includes(path)) map.set(symbol, [...seen, path]);
      }
    }
  }
  return [...files.keys()].sort().map((symbol) => ({
    symbol,
    h1: mergeCandles(files.get(symbol)!.map(loadCandleFile)),
    funding: (funding.get(symbol) ?? []).flatMap(loadCandleFile).sort((a, b) => a.t - b.t),
    m5: (fine.get(symbol) ?? []).flatMap(loadCandleFile).sort((a, b) => a.t - b.t),
    perpSince: perps.get(symbol) ?? null,
  }));
}

/** One folder: the same as `loadFolders([dir])`. */
export const loadFolder = (dir: string, only?: string[]): SymbolData[] => loadFolders([dir], only);
