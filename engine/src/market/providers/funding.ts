// The funding rate in force at a time, from recorded 8h funding rows: the one rule of the replay and historical providers.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { INTERVAL_MS, lastIndexAtOrBefore, type Candle } from "@core/market/candles";

/** Funding older than this is unknown rather than carried forward (the perpetual record ends in May 2024). */
export const FUNDING_MAX_AGE_MS = 2 * INTERVAL_MS["8h"];

/** The last record at or before `t` (the rate sits in the `open` column), or null when none is fresh. */
export function fundingInForce(rows: Candle[], t: number): number | null {
  const i = lastIndexAtOrBefore(rows, t);
  return i < 0 || t - rows[i].t > FUNDING_MAX_AGE_MS ? null : rows[i].o;
}

/** The shipped per-pair listing times of the perpetuals (engine/data/market/futures/perps.json, made by data:subset). */
export function recordedPerps(dir: string): (symbol: string) => number | null {
  const file = join(dir, "futures", "perps.json");
  const list: Record<string, number> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  return (symbol) => list[symbol] ?? null;
}
