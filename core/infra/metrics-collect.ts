// What the metrics read at scrape time rather than count as it happens: queue depths, the Postgres pool, market snapshot ages.
import type { Queue } from "bullmq";
import { PG_APPLICATION_NAME, type Sql } from "./db";
import {
  metricsScrapeErrors,
  metricsText,
  pgConnections,
  queueJobs,
  checkFindings,
  checkLastRun,
  checkLastSuccess,
  checkResult,
  redisReconnects,
  snapshotAge,
} from "./metrics";

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
 * pg_stat_activity by this process's application_name (core/infra/db.ts); the collector's own query is not counted.
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

/**
 * Counts reconnect attempts under `connection`, for createRedis' onReconnect: the connection's duplicates (BullMQ's
 * worker clients, pub/sub subscribers) count under the same label.
 */
export const countReconnects = (connection: string) => () => redisReconnects.inc({ connection });

/** When this process last published each market topic; reported as an age at scrape. */
const lastPublished = new Map<string, number>();
export const markSnapshotPublished = (topic: string, at = Date.now()) => lastPublished.set(topic, at);
addCollector("snapshot_age", () => {
  for (const [topic, at] of lastPublished) snapshotAge.set({ topic }, (Date.now() - at) / 1000);
});

/** The operator's scheduled checks, each run by cron through `bun run admin` (docs/OPERATIONS.md). */
export const SCHEDULED_CHECKS = ["reconcile", "verify-ledger"] as const;
export type ScheduledCheck = (typeof SCHEDULED_CHECKS)[number];
const CHECK_RESULTS = ["ok", "findings", "error"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** Records one run of a check; a passing run also moves its last success. */
export async function recordCheckRun(sql: Sql, check: ScheduledCheck, result: CheckResult, findings: number): Promise<void> {
  await sql`
    insert into check_runs (check_name, last_run_at, result, findings, last_success_at)
    values (${check}, now(), ${result}, ${findings}, case when ${result} = 'ok' then now() end)
    on conflict (check_name) do update set
      last_run_at = excluded.last_run_at, result = excluded.result, findings = excluded.findings,
      last_success_at = coalesce(excluded.last_success_at, check_runs.last_success_at)`;
}

type CheckRow = { check_name: string; result: CheckResult; findings: number; last_run: number; last_success: number | null };

/** Exports each check's last run (result, findings, when) and last success, read at scrape; nothing before a first run. */
export function watchScheduledChecks(sql: Sql): () => void {
  return addCollector("scheduled_checks", async () => {
    const rows = await sql<CheckRow[]>`
      select check_name, result, findings, extract(epoch from last_run_at)::float8 as last_run,
             extract(epoch from last_success_at)::float8 as last_success
      from check_runs`;
    for (const r of rows) {
      const check = r.check_name;
      for (const result of CHECK_RESULTS) checkResult.set({ check, result }, r.result === result ? 1 : 0);
      checkFindings.set({ check }, r.findings);
      checkLastRun.set({ check }, r.last_run);
      // Never passed: no series, so "time since the last success" cannot read as recent.
      if (r.last_success !== null) checkLastSuccess.set({ check }, r.last_success);
    }
  });
}
