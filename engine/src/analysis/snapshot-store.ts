// The hourly signal snapshot shared through Redis: the market leader publishes it each closed hour; every analysis reads it.
import type Redis from "ioredis";
import type { RedisKeys } from "@core/infra/redis";
import type { MarketProvider } from "../market/providers/types";
import type { Snapshot } from "./snapshot";
import { snapshotAt } from "./context";

export type SnapshotStore = { get(hour: number): Promise<Snapshot | null>; put(snap: Snapshot): Promise<void> };

/** Kept a few hours: analyses in flight across an hour boundary still find theirs. */
const KEEP_SECONDS = 3 * 3600;
export const SNAPSHOT_CHANNEL = "signal.snapshot";

export function redisSnapshotStore(redis: Redis, keys: RedisKeys): SnapshotStore {
  const key = (hour: number) => keys.key(`signal:snapshot:${hour}`);
  return {
    async get(hour) {
      const raw = await redis.get(key(hour));
      if (!raw) return null;
      try {
        return JSON.parse(raw) as Snapshot;
      } catch {
        return null;
      }
    },
    async put(snap) {
      await redis
        .multi()
        .set(key(snap.at), JSON.stringify(snap), "EX", KEEP_SECONDS)
        .publish(keys.channel(SNAPSHOT_CHANNEL), JSON.stringify({ at: snap.at, pairs: snap.rows.length }))
        .exec();
    },
  };
}

const H = 3_600_000;

/** The leader's hourly duty: the snapshot of the last closed hour, computed once and stored; "stored" if it already was. */
export async function publishHourlySnapshot(provider: MarketProvider, store: SnapshotStore, now = provider.now()): Promise<"published" | "stored"> {
  const hour = Math.floor(now / H) * H;
  if (await store.get(hour)) return "stored";
  await store.put(await snapshotAt(provider, hour));
  return "published";
}
