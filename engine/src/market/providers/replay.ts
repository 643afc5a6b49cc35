// Replay provider: recorded candles from engine/data/market, read lazily and cached, on a clock walking through the record.
import { join } from "node:path";
import type Redis from "ioredis";
import { INTERVAL_MS, lastIndexAtOrBefore, parseCandlesCsv, type Candle } from "@core/candles";
import type { RedisKeys } from "@core/redis";
import { RECORDED_SYMBOLS } from "@core/symbols";
import { fundingInForce } from "./funding";
import type { MarketProvider, ProviderInterval } from "./types";

export const REPLAY_DATA_DIR = join(import.meta.dir, "..", "..", "..", "data", "market");

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

type Cache = Map<string, Promise<Candle[]>>;

async function loadGz(path: string): Promise<Candle[]> {
  const file = Bun.file(path);
  if (!(await file.exists())) return [];
  return parseCandlesCsv(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await file.arrayBuffer()))));
}

export function createReplayProvider(clock: ReplayClock, dir = REPLAY_DATA_DIR): MarketProvider {
  const cache: Cache = new Map();
  const series = (path: string) => {
    let p = cache.get(path);
    if (!p) {
      p = loadGz(path);
      cache.set(path, p);
    }
    return p;
  };
  return {
    name: "replay",
    now: () => clock.now(),
    async candles(symbol: string, interval: ProviderInterval, { end, limit }: { end?: number; limit: number }) {
      if (!RECORDED_SYMBOLS.includes(symbol) || limit <= 0) return [];
      const all = await series(join(dir, "spot", interval, `${symbol}.csv.gz`));
      // Only closed candles: the one opened at end − interval closes exactly at end.
      const last = lastIndexAtOrBefore(all, (end ?? clock.now()) - INTERVAL_MS[interval]);
      if (last < 0) return [];
      return all.slice(Math.max(0, last - limit + 1), last + 1);
    },
    async fundingRate(symbol: string, at?: number) {
      if (!RECORDED_SYMBOLS.includes(symbol)) return null;
      const rows = await series(join(dir, "futures", "funding-8h", `${symbol}.csv.gz`));
      return fundingInForce(rows, at ?? clock.now());
    },
    symbols: () => [...RECORDED_SYMBOLS],
  };
}
