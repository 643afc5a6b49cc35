// Candle type and the recorded-data format (gzip'd CSV: open_time_ms,open,high,low,close,volume), shared by engine and scripts.
import { existsSync, readFileSync } from "node:fs";

export type Candle = { t: number; o: number; h: number; l: number; c: number; v: number };

export const INTERVAL_MS = {
  "5m": 5 * 60_000,
  "1h": 60 * 60_000,
  "8h": 8 * 60 * 60_000,
  "1d": 24 * 60 * 60_000,
} as const;
export type Interval = keyof typeof INTERVAL_MS;

export function parseCandlesCsv(text: string): Candle[] {
  const out: Candle[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || (i === 0 && line.startsWith("open_time"))) continue;
    const [t, o, h, l, c, v] = line.split(",").map(Number);
    if (!Number.isFinite(t) || !Number.isFinite(c)) continue;
    out.push({ t, o, h, l, c, v });
  }
  return out;
}

export function formatCandlesCsv(candles: Candle[]): string {
  return "open_time_ms,open,high,low,close,volume\n" + candles.map((k) => `${k.t},${k.o},${k.h},${k.l},${k.c},${k.v}`).join("\n") + "\n";
}

/** Reads a .csv.gz (or plain .csv) candle file; returns [] when the file does not exist. */
export function loadCandleFile(path: string): Candle[] {
  if (!existsSync(path)) return [];
  const raw = readFileSync(path);
  const text = path.endsWith(".gz") ? new TextDecoder().decode(Bun.gunzipSync(raw)) : raw.toString("utf8");
  return parseCandlesCsv(text);
}

/** Index of the last candle whose open time is <= t (binary search); -1 when none. */
export function lastIndexAtOrBefore(candles: Candle[], t: number): number {
  let lo = 0;
  let hi = candles.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid].t <= t) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}
