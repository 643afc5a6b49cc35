// Local analysis benchmark: N analyses started at once (one per seeded trader, from client processes) against a
// server and an engine; how late each phase job starts against its due time, read from the queue's own event stream
// (BullMQ's "delayed" event carries the due time, "active" is stamped by Redis when a worker takes the job); every
// analysis must settle and the books (scripts/reconcile.ts) must balance afterwards.
import { QueueEvents } from "bullmq";
import Redis from "ioredis";
import { ANALYSIS_QUEUE, maxDurationMs, queuePrefix } from "../../core/queues/analysis-queue";
import { createSql } from "../../core/infra/db";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { reconcile } from "../../scripts/reconcile";
import type { StartResult } from "./client-worker";
import { runClients, split } from "./clients";
import { seedTraders } from "./seed";
import { percentiles, round, type Report } from "./stats";

export type AnalysisOptions = { inFlight: number; workers: number };

/** Phase job ids are `<request>-p<phase>` (core/queues/analysis-queue.ts); the engine's sweep and outcome jobs are not. */
const PHASE_JOB = /^\d+-p\d$/;

/** Records each phase job's lateness: when it became active minus when it was due (its last "delayed" event). */
async function watchPhaseStarts(redisUrl: string, prefix: string) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(ANALYSIS_QUEUE, { connection, prefix });
  const due = new Map<string, number>();
  const late: number[] = [];
  events.on("delayed", ({ jobId, delay }) => {
    if (PHASE_JOB.test(jobId)) due.set(jobId, Number(delay));
  });
  // A stream entry id is "<ms>-<seq>", stamped by Redis as the worker moved the job to active.
  events.on("active", ({ jobId }, id) => {
    const at = due.get(jobId);
    if (at === undefined) return;
    due.delete(jobId);
    late.push(Number(id.split("-")[0]) - at);
  });
  await events.waitUntilReady();
  return {
    late,
    close: async () => {
      await events.close();
      connection.disconnect();
    },
  };
}

export async function analysisBench(opts: AnalysisOptions): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const app = await startApp(ws, { quiet: true });
  const sql = createSql(ws.databaseUrl, { max: 2 });
  const watch = await watchPhaseStarts(ws.redisUrl, queuePrefix({ REDIS_PREFIX: ws.redisPrefix }));
  try {
    const phaseSeconds = Number(app.env.ANALYSIS_PHASE_SECONDS);
    const timeoutMs = maxDurationMs({ ANALYSIS_PHASE_SECONDS: phaseSeconds });
    const { tokens } = await seedTraders(ws.databaseUrl, app.env.JWT_SECRET!, opts.inFlight);
    const baseUrl = app.baseUrls[0];
    const t0 = performance.now();
    const starts = await runClients<StartResult>(
      split(tokens, opts.workers).map((part) => ({ kind: "start", baseUrl, tokens: part })),
      60_000,
    );
    const started = starts.reduce((sum, r) => sum + r.started, 0);
    // Until every analysis settles; past the time-out the engine's sweeper fails and refunds a stuck one.
    let running = started;
    while (running > 0 && performance.now() - t0 < timeoutMs + 30_000) {
      await Bun.sleep(250);
      [{ running }] = await sql<{ running: number }[]>`select count(*)::int as running from analysis_requests where status = 'IN_PROGRESS'`;
    }
    const seconds = (performance.now() - t0) / 1000;
    const [{ completed, failed }] = await sql<{ completed: number; failed: number }[]>`
      select count(*) filter (where status = 'COMPLETED')::int as completed, count(*) filter (where status = 'FAILED')::int as failed
      from analysis_requests`;
    const findings = await reconcile(sql, timeoutMs + 30_000);
    const startErrors = starts.reduce((sum, r) => sum + r.errors, 0);
    const p = percentiles(watch.late);
    const json = {
      scenario: "analysis",
      in_flight: opts.inFlight,
      completed,
      phase_start_late_p99_ms: round(p.p99, 0),
      errors: startErrors + failed + running + findings.length,
    };
    const lines = [
      `${opts.inFlight} analyses started at once (${started} accepted, ${phaseSeconds}s phases): ${completed} completed, ${failed} failed, ${running} unsettled after ${round(seconds, 1)}s`,
      `phase job start vs due, ${p.n} jobs: p50 ${round(p.p50, 0)} ms  p95 ${round(p.p95, 0)} ms  p99 ${json.phase_start_late_p99_ms} ms  max ${round(p.max, 0)} ms`,
      `reconcile: ${findings.length ? findings.map((f) => `${f.kind}: ${f.detail}`).join("; ") : "the books balance"}`,
      ...starts.flatMap((r) => r.errorSamples).slice(0, 5),
    ];
    return { name: "analysis", json, lines, ok: json.errors === 0 && completed === opts.inFlight };
  } finally {
    await watch.close();
    await sql.end();
    await app.stop();
    await ws.drop();
  }
}
