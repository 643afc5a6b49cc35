// Market ingestion: one leader (Redis lock) computes each topic on its refresh interval, stores it and publishes it.
import type Redis from "ioredis";
import { randomUUID } from "node:crypto";
import type { Config } from "@core/config";
import type { Logger } from "@core/log";
import type { RedisKeys } from "@core/redis";
import {
  MARKET_REFRESH_SECONDS,
  MARKET_TOPICS,
  snapshotChannelName,
  snapshotKeyName,
  type RefreshKey,
  type StoredSnapshot,
} from "@core/market-intervals";
import type { MarketProvider } from "./providers/types";
import { computeGroup, type ComputedSnapshot } from "./snapshots";

export const LEADER_TTL_MS = 30_000;
export const RENEW_EVERY_MS = 10_000;

// Compare-and-act scripts: only the holder may extend or release the lock.
const RENEW_LUA = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_LUA = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** How long a standby waits before campaigning again, given the lock's remaining PTTL (-2: gone, -1: no expiry). */
export function standbyWait(pttlMs: number, everyMs: number): number {
  if (pttlMs === -2) return 0;
  return pttlMs >= 0 ? Math.min(everyMs, pttlMs + 1) : everyMs;
}

const wsTypeOf = (topic: string) => MARKET_TOPICS.find((t) => t.topic === topic)?.wsType ?? topic;

/** Stores a snapshot under market:<topic> (expiring, so a dead engine leads to 503 rather than stale data) and publishes it. */
export async function storeSnapshot(redis: Redis, keys: RedisKeys, snap: ComputedSnapshot, computedAt = new Date()) {
  const info = MARKET_TOPICS.find((t) => t.topic === snap.topic);
  const ttlSeconds = Math.max(600, 5 * MARKET_REFRESH_SECONDS[info?.refresh ?? "full_snapshot"]);
  const stored: StoredSnapshot = { data: snap.data, computed_at: computedAt.toISOString(), ...(snap.derived ? { derived: true as const } : {}) };
  await redis
    .multi()
    .set(keys.key(snapshotKeyName(snap.topic)), JSON.stringify(stored), "EX", ttlSeconds)
    .publish(keys.channel(snapshotChannelName(snap.topic)), JSON.stringify({ type: wsTypeOf(snap.topic), data: snap.data }))
    .exec();
}

export type IngestionDeps = {
  config: Pick<Config, "MARKET_PROVIDER">;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
  provider: MarketProvider;
  /** Override intervals (tests); defaults to MARKET_REFRESH_SECONDS. */
  intervalsSeconds?: Partial<Record<RefreshKey, number>>;
  instanceId?: string;
  /** How often the lock is renewed or campaigned for (tests shorten it); the lock lives LEADER_TTL_MS. */
  renewEveryMs?: number;
};

export type Ingestion = { stop(): Promise<void>; isLeader(): boolean; ready: Promise<void> };

export function startMarketIngestion(deps: IngestionDeps): Ingestion {
  const { redis, keys, log, provider } = deps;
  const lockKey = keys.key("market:leader");
  const id = deps.instanceId ?? `${process.pid}:${randomUUID()}`;
  const groups = Object.keys(MARKET_REFRESH_SECONDS) as RefreshKey[];
  const timers = new Map<RefreshKey, ReturnType<typeof setTimeout>>();
  let leader = false;
  let stopped = false;
  let electionTimer: ReturnType<typeof setTimeout> | null = null;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((r) => (resolveReady = r));

  const runGroup = async (group: RefreshKey) => {
    if (!leader || stopped) return;
    try {
      const snaps = await computeGroup(provider, group);
      if (!leader || stopped) return;
      for (const s of snaps) await storeSnapshot(redis, keys, s);
    } catch (err) {
      log.error("market snapshot failed", { group, error: String((err as Error)?.stack ?? err) });
    }
    if (!leader || stopped) return;
    // One timer per group even when a run from before a lost-and-regained lock finishes late.
    clearTimeout(timers.get(group));
    timers.set(
      group,
      setTimeout(() => void runGroup(group), 1000 * (deps.intervalsSeconds?.[group] ?? MARKET_REFRESH_SECONDS[group])),
    );
  };

  const becomeLeader = async () => {
    leader = true;
    log.info("market ingestion: leader", { instance: id, provider: provider.name });
    // Health (with the gate) first: the analysis gate depends on it; the rest follow one after another.
    for (const g of ["market_health", ...groups.filter((x) => x !== "market_health")] as RefreshKey[]) await runGroup(g);
    resolveReady();
  };

  const loseLeadership = () => {
    leader = false;
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    log.warn("market ingestion: lost leadership", { instance: id });
  };

  const elect = async () => {
    if (stopped) return;
    let next = deps.renewEveryMs ?? RENEW_EVERY_MS;
    try {
      if (leader) {
        const ok = await redis.eval(RENEW_LUA, 1, lockKey, id, String(LEADER_TTL_MS));
        if (Number(ok) !== 1) loseLeadership();
      }
      // A leader that just lost the lock campaigns at once too: after a Redis flush or restart nobody holds it, and
      // winning it republishes every snapshot now instead of one renew period later.
      if (!leader) {
        if ((await redis.set(lockKey, id, "PX", LEADER_TTL_MS, "NX")) === "OK") void becomeLeader();
        // A standby campaigns again the moment the holder's lock would lapse: a leader that died right after renewing
        // is replaced within one lock time, not a lock time plus a campaign interval.
        else next = standbyWait(Number(await redis.pttl(lockKey)), next);
      }
    } catch (err) {
      log.error("market leader election failed", { error: String(err) });
    }
    if (!stopped) electionTimer = setTimeout(() => void elect(), next);
  };
  void elect();

  return {
    ready,
    isLeader: () => leader,
    async stop() {
      stopped = true;
      if (electionTimer) clearTimeout(electionTimer);
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      if (leader) {
        leader = false;
        // Release at once so a standby engine takes over without waiting for the TTL.
        await redis.eval(RELEASE_LUA, 1, lockKey, id).catch(() => {});
      }
    },
  };
}
