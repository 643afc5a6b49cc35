// What the metrics read at scrape time rather than count as it happens: queue depths, the Postgres pool, market snapshot ages.
import type { Queue } from "bullmq";
import type Redis from "ioredis";
import { PG_APPLICATION_NAME, type Sql } from "./db";
import {
  metricsScrapeErrors,
  metricsText,
  pgConnections,
  queueJobs,
  reconcileFindings,
  reconcileLastRun,
  redisReconnects,
  snapshotAge,
} from "./metrics";
import type { RedisKeys } from "./redis";

type Collector = { name: string; run: () => Promise<void> | void };
const collectors = new Set<Collector>();
/** A collector slower than this is skipped for the scrape (its family keeps its last value) so /metrics always answers. */
const COLLECT_TIMEOUT_MS = 2000;

/** Registers a collector; returns its removal (a stopped worker or closed pool must not be read again). */
export function addCollector(name: string, run: Collector["run"]): () => void {
  const c = { name, run };
  collectors.add(c);
  return () => void collectors.delete(c);
}

/** Runs every collector (each bounded in time), then renders the registry. */
export async function scrape(): Promise<string> {
  await Promise.all(
    [...collectors].map(async (c) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), COLLECT_TIMEOUT_MS)));
      try {
        await Promise.race([c.run(), timeout]);
      } catch {
        metricsScrapeErrors.inc({ collector: c.name });
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return metricsText();
}

const JOB_STATES = ["waiting", "active", "delayed", "failed"] as const;

/** The queue's depth per state, read at each scrape from Redis (one round trip). */
export function watchQueue(queue: Queue): () => void {
  return addCollector(`queue:${queue.name}`, async () => {
    const counts = await queue.getJobCounts(...JOB_STATES);
    for (const state of JOB_STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
  });
}

/**
 * This process's Postgres connections in use and idle. postgres.js exposes no pool statistics, so they are read from
 * pg_stat_activity by this process's application_name (core/db.ts); the collector's own query is not counted.
 */
export function watchPostgresPool(sql: Sql): () => void {
  return addCollector("postgres_pool", async () => {
    const [row] = await sql<{ in_use: number; idle: number }[]>`
      select count(*) filter (where state <> 'idle')::int - 1 as in_use, count(*) filter (where state = 'idle')::int as idle
      from pg_stat_activity where application_name = ${PG_APPLICATION_NAME}`;
    pgConnections.set({ state: "in_use" }, Math.max(0, row.in_use));
    pgConnections.set({ state: "idle" }, row.idle);
  });
}

/** Counts the connection's reconnect attempts (ioredis emits "reconnecting" before each). */
export function watchRedis(redis: Redis, connection: string): void {
  redis.on("reconnecting", () => redisReconnects.inc({ connection }));
}

/** When this process last published each market topic; reported as an age at scrape. */
const lastPublished = new Map<string, number>();
export const markSnapshotPublished = (topic: string, at = Date.now()) => lastPublished.set(topic, at);
addCollector("snapshot_age", () => {
  for (const [topic, at] of lastPublished) snapshotAge.set({ topic }, (Date.now() - at) / 1000);
});

const reconcileKey = (keys: RedisKeys) => keys.key("ops:reconcile");

/** Stores a reconcile run's result (`bun run admin -- reconcile` with REDIS_URL set) for the engines to export. */
export async function recordReconcile(deps: { redis: Redis; keys: RedisKeys }, findings: number): Promise<void> {
  await deps.redis.set(reconcileKey(deps.keys), JSON.stringify({ at: Date.now(), findings }));
}

/** Exports the last recorded reconcile run (findings and when), read from Redis at scrape; nothing before the first run. */
export function watchReconcile(deps: { redis: Redis; keys: RedisKeys }): () => void {
  return addCollector("reconcile", async () => {
    const raw = await deps.redis.get(reconcileKey(deps.keys));
    if (!raw) return;
    const last = JSON.parse(raw) as { at: number; findings: number };
    reconcileFindings.set(last.findings);
    reconcileLastRun.set(last.at / 1000);
  });
}
