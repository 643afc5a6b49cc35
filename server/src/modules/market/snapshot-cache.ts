// An in-process copy of the market snapshots for the REST reads: one Redis read per topic per update, not per request.
import type Redis from "ioredis";
import { snapshotKeyName, type MarketTopic, type StoredSnapshot } from "@core/market/market-intervals";
import type { RedisKeys } from "@core/infra/redis";
import type { Logger } from "@core/infra/log";

/**
 * A copy is dropped when the engine announces a new snapshot of its topic (pub/sub), and in any case after this long,
 * so a missed message (a reconnect) or a lost Redis shows within a second, as reads straight from Redis would.
 */
const MAX_AGE_MS = 1000;

/** `settled` is the value once read: what peekSnapshot answers without awaiting. */
type Copy = { at: number; value: Promise<StoredSnapshot | null>; settled?: StoredSnapshot | null };
type Cache = { copies: Map<string, Copy> };

const caches = new Map<string, Cache>();

/** One copy and one subscriber per deployment (key prefix) in a process, however many apps it builds. */
function cacheFor(deps: { redis: Redis; keys: RedisKeys; log: Logger }): Cache {
  const pattern = deps.keys.channel("market.*");
  let cache = caches.get(pattern);
  if (cache) return cache;
  const created: Cache = { copies: new Map() };
  cache = created;
  caches.set(pattern, created);
  const sub = deps.redis.duplicate();
  const prefix = deps.keys.channel("market.");
  sub.on("pmessage", (_pattern: string, channel: string) => created.copies.delete(`market:${channel.slice(prefix.length)}`));
  // Messages missed while disconnected: start over.
  sub.on("ready", () => created.copies.clear());
  sub.on("error", (err) => deps.log.debug("snapshot cache subscriber error", { error: String(err) }));
  sub.psubscribe(pattern).catch((err) => deps.log.warn("snapshot cache subscribe failed", { error: String(err) }));
  return created;
}

/** The stored snapshot of a topic, or null when the engine has not published it (or Redis lost it). */
export function cachedSnapshot(deps: { redis: Redis; keys: RedisKeys; log: Logger }, topic: MarketTopic): Promise<StoredSnapshot | null> {
  const cache = cacheFor(deps);
  const name = snapshotKeyName(topic);
  const now = Date.now();
  const copy = cache.copies.get(name);
  if (copy && now - copy.at < MAX_AGE_MS) return copy.value;
  // Concurrent readers share one Redis read; a failed read is not kept.
  const value = deps.redis.get(deps.keys.key(name)).then((raw) => (raw ? (JSON.parse(raw) as StoredSnapshot) : null));
  const fresh: Copy = { at: now, value };
  cache.copies.set(name, fresh);
  value.then(
    (snap) => {
      fresh.settled = snap;
    },
    () => cache.copies.get(name) === fresh && cache.copies.delete(name),
  );
  return value;
}

/** The snapshot cachedSnapshot would answer right now, when it can without a read (fresh and already read), or undefined. */
export function peekSnapshot(deps: { redis: Redis; keys: RedisKeys; log: Logger }, topic: MarketTopic): StoredSnapshot | null | undefined {
  const copy = cacheFor(deps).copies.get(snapshotKeyName(topic));
  return copy && Date.now() - copy.at < MAX_AGE_MS ? copy.settled : undefined;
}
