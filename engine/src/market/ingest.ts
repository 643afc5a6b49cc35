// Market ingestion: one leader (Redis lock) computes each topic on its refresh interval, stores it and publishes it.
import type Redis from "ioredis";
import { randomUUID } from "node:crypto";
import type { Config } from "@core/infra/config";
import type { Logger } from "@core/infra/log";
import type { RedisKeys } from "@core/infra/redis";
import { startLeaderLock, type LeaderLock } from "@core/infra/leader-lock";
import {
  MARKET_REFRESH_SECONDS,
  MARKET_TOPICS,
  snapshotChannelName,
  snapshotKeyName,
  type RefreshKey,
  type StoredSnapshot,
} from "@core/market/market-intervals";
import { encodePush, type MarketPushType } from "@core/contract/socket";
import type { MarketProvider } from "./providers/types";
import { computeGroup, type ComputedSnapshot } from "./snapshots";
import { markSnapshotPublished } from "@core/infra/metrics-collect";

// The lock itself is core's (the server's Telegram poller elects its leader the same way); re-exported for the fault tests.
export { LEADER_TTL_MS, RENEW_EVERY_MS, standbyWait } from "@core/infra/leader-lock";

/** Every stored topic is in the table (a topic outside it would have no message type to travel as). */
const wsTypeOf = (topic: string): MarketPushType => {
  const info = MARKET_TOPICS.find((t) => t.topic === topic) ?? (topic.startsWith("orderbook:") ? { wsType: "orderbook" as const } : null);
  if (!info) throw new Error(`market topic ${topic} has no socket message type`);
  return info.wsType;
};

/** Stores a snapshot under market:<topic> (expiring, so a dead engine leads to 503 rather than stale data) and publishes it. */
export async function storeSnapshot(redis: Redis, keys: RedisKeys, snap: ComputedSnapshot, computedAt = new Date()) {
  const info = MARKET_TOPICS.find((t) => t.topic === snap.topic);
  const ttlSeconds = Math.max(600, 5 * MARKET_REFRESH_SECONDS[info?.refresh ?? "full_snapshot"]);
  const stored: StoredSnapshot = { data: snap.data, computed_at: computedAt.toISOString(), ...(snap.derived ? { derived: true as const } : {}) };
  await redis
    .multi()
    .set(keys.key(snapshotKeyName(snap.topic)), JSON.stringify(stored), "EX", ttlSeconds)
    // published_at first: the servers read it from the message's head for the fan-out lag metric, without parsing it.
    .publish(keys.channel(snapshotChannelName(snap.topic)), encodePush({ published_at: Date.now(), type: wsTypeOf(snap.topic), data: snap.data }))
    .exec();
  markSnapshotPublished(snap.topic);
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
  const id = deps.instanceId ?? `${process.pid}:${randomUUID()}`;
  const groups = Object.keys(MARKET_REFRESH_SECONDS) as RefreshKey[];
  const timers = new Map<RefreshKey, ReturnType<typeof setTimeout>>();
  let stopped = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((r) => (resolveReady = r));
  const leading = () => lock.isLeader() && !stopped;

  const runGroup = async (group: RefreshKey) => {
    if (!leading()) return;
    try {
      const snaps = await computeGroup(provider, group);
      if (!leading()) return;
      for (const s of snaps) await storeSnapshot(redis, keys, s);
    } catch (err) {
      log.error("market snapshot failed", { group, error: String((err as Error)?.stack ?? err) });
    }
    if (!leading()) return;
    // One timer per group even when a run from before a lost-and-regained lock finishes late.
    clearTimeout(timers.get(group));
    timers.set(
      group,
      setTimeout(() => void runGroup(group), 1000 * (deps.intervalsSeconds?.[group] ?? MARKET_REFRESH_SECONDS[group])),
    );
  };

  const becomeLeader = async () => {
    log.info("market ingestion: leader", { instance: id, provider: provider.name });
    // Health (with the gate) first: the analysis gate depends on it; the rest follow one after another.
    for (const g of ["market_health", ...groups.filter((x) => x !== "market_health")] as RefreshKey[]) await runGroup(g);
    resolveReady();
  };

  const loseLeadership = () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    log.warn("market ingestion: lost leadership", { instance: id });
  };

  const lock: LeaderLock = startLeaderLock({
    redis,
    key: keys.key("market:leader"),
    id,
    log,
    what: "market",
    renewEveryMs: deps.renewEveryMs,
    onElected: () => void becomeLeader(),
    onLost: loseLeadership,
  });

  return {
    ready,
    isLeader: () => lock.isLeader(),
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await lock.stop();
    },
  };
}
