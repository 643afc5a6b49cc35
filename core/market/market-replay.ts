// The replay's clock and its closed-candle rule, shared by the engine's replay provider and the server's candles endpoint.
import { join } from "node:path";
import type Redis from "ioredis";
import { INTERVAL_MS, lastIndexAtOrBefore, parseCandlesCsv, type Candle } from "./candles";
import { EARLY_REPLAY_PERIOD } from "./recorded-symbols";
import type { RedisKeys } from "../infra/redis";
import { replaysEarlyPeriod } from "./symbols";

/** The shipped recorded candles (engine/data/market): a data folder, read by path, not code imported from the engine. */
export const REPLAY_DATA_DIR = join(import.meta.dir, "..", "..", "engine", "data", "market");

export type ReplayManifest = { record_start_ms: number; record_end_ms: number };

export async function readManifest(dir = REPLAY_DATA_DIR): Promise<ReplayManifest> {
  return (await Bun.file(join(dir, "manifest.json")).json()) as ReplayManifest;
}

/** The default replay start: 45 days into the record, so indicators have 1000+ hourly candles of history. */
export const DEFAULT_START_OFFSET_MS = 45 * INTERVAL_MS["1d"];

export type ReplayClock = { now(): number };

export type ReplayClockOptions =
  | { fixedMs: number }
  | { recordStartMs: number; recordEndMs: number; startMs?: number; speed: number; anchorWallMs: number; wallNow?: () => number };

/**
 * Market time = start + (wall − anchor) × speed. Past the end of the record it wraps back to `start`
 * (not to the record's first candle, which has no history behind it).
 */
export function createReplayClock(opts: ReplayClockOptions): ReplayClock {
  if ("fixedMs" in opts) return { now: () => opts.fixedMs };
  const start = Math.min(Math.max(opts.startMs ?? opts.recordStartMs + DEFAULT_START_OFFSET_MS, opts.recordStartMs), opts.recordEndMs - 1);
  const span = opts.recordEndMs - start;
  const wallNow = opts.wallNow ?? Date.now;
  return {
    now() {
      const elapsed = Math.max(0, wallNow() - opts.anchorWallMs) * opts.speed;
      return start + Math.floor(elapsed % span);
    },
  };
}

/** The wall time at which replay began, agreed by every process through one SET NX. */
export async function replayAnchor(redis: Redis, keys: RedisKeys, wallNow = Date.now()): Promise<number> {
  const key = keys.key("market:replay_anchor");
  await redis.set(key, String(wallNow), "NX");
  const stored = Number(await redis.get(key));
  return Number.isFinite(stored) && stored > 0 ? stored : wallNow;
}

/**
 * The clock every process of one deployment agrees on: REPLAY_START / REPLAY_SPEED over the shipped record's default
 * period, or over the earlier period when REPLAY_START falls in it, anchored in Redis.
 */
export async function sharedReplayClock(
  config: { REPLAY_SPEED: number; REPLAY_START?: string; REDIS_PREFIX: string },
  anchor: () => Promise<number>,
): Promise<ReplayClock> {
  const manifest = await readManifest();
  const early = replaysEarlyPeriod(config.REPLAY_START);
  return createReplayClock({
    recordStartMs: early ? EARLY_REPLAY_PERIOD.start_ms : manifest.record_start_ms,
    recordEndMs: early ? EARLY_REPLAY_PERIOD.end_ms : manifest.record_end_ms,
    startMs: config.REPLAY_START ? Date.parse(config.REPLAY_START) : undefined,
    speed: config.REPLAY_SPEED,
    anchorWallMs: await anchor(),
  });
}

export type RecordedInterval = "5m" | "1h" | "1d";

/** Only closed candles, at most `limit`, oldest first: the one opened at end − interval closes exactly at end. */
export function closedCandles(all: Candle[], interval: RecordedInterval, end: number, limit: number): Candle[] {
  if (limit <= 0) return [];
  const last = lastIndexAtOrBefore(all, end - INTERVAL_MS[interval]);
  if (last < 0) return [];
  return all.slice(Math.max(0, last - limit + 1), last + 1);
}

async function loadGz(path: string): Promise<Candle[]> {
  const file = Bun.file(path);
  if (!(await file.exists())) return [];
  return parseCandlesCsv(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await file.arrayBuffer()))));
}

/** Recorded files read lazily, once per process: `series(path)` resolves to the whole file's candles ([] when absent). */
export function recordedSeries(): (path: string) => Promise<Candle[]> {
  const cache = new Map<string, Promise<Candle[]>>();
  return (path) => {
    let p = cache.get(path);
    if (!p) {
      p = loadGz(path);
      cache.set(path, p);
    }
    return p;
  };
}

/** Path of a pair's recorded spot candles of one interval. */
export const spotFile = (dir: string, interval: RecordedInterval, symbol: string) => join(dir, "spot", interval, `${symbol}.csv.gz`);

/**
 * The replay's price inside a candle that is still forming at `at`: a stated path through its recorded open, high,
 * low and close (open → low → high → close for a candle that closed up, open → high → low → close otherwise), linear
 * over three equal legs. Recorded candles hold no ticks, so this is a declared model, never a recorded trade price.
 */
export function statedPathPrice(k: Candle, at: number, intervalMs: number): number {
  const f = Math.min(1, Math.max(0, (at - k.t) / intervalMs));
  const [a, b] = k.c >= k.o ? [k.l, k.h] : [k.h, k.l];
  const points = [k.o, a, b, k.c];
  const leg = Math.min(2, Math.floor(f * 3));
  const within = f * 3 - leg;
  return points[leg] + (points[leg + 1] - points[leg]) * within;
}

/**
 * The forming candle as it stands at `at` on the same stated path: its recorded open, the highs and lows the path has
 * passed so far, and the path price as close (volume pro rata). What the chart draws after the last close.
 */
export function statedFormingCandle(k: Candle, at: number, intervalMs: number): Candle {
  const f = Math.min(1, Math.max(0, (at - k.t) / intervalMs));
  const [a, b] = k.c >= k.o ? [k.l, k.h] : [k.h, k.l];
  const passed = [k.o, a, b].slice(0, Math.min(3, Math.floor(f * 3) + 1));
  const c = statedPathPrice(k, at, intervalMs);
  return { t: k.t, o: k.o, h: Math.max(...passed, c), l: Math.min(...passed, c), c, v: k.v * f };
}

/** Which recorded candle forms at `at` (5m where the record has it, else 1h) and the stated path price in it. */
export async function formingPathPrice(
  series: (path: string) => Promise<Candle[]>,
  dir: string,
  symbol: string,
  at: number,
): Promise<{ price: number; interval: "5m" | "1h" } | null> {
  for (const interval of ["5m", "1h"] as const) {
    const all = await series(spotFile(dir, interval, symbol));
    const i = lastIndexAtOrBefore(all, at);
    if (i >= 0 && at < all[i].t + INTERVAL_MS[interval]) return { price: statedPathPrice(all[i], at, INTERVAL_MS[interval]), interval };
  }
  return null;
}
