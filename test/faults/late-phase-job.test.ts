// Clock and delay: phase jobs delivered twice at once, after their analysis' deadline, or racing the time-out still settle each analysis once.
import { afterAll, beforeAll, describe, expect, setSystemTime, test } from "bun:test";
import type { Queue } from "bullmq";
import Redis from "ioredis";
import { parseConfig } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import { applyCreditChange } from "@core/ledger/credits";
import { createLogger } from "@core/infra/log";
import { createRedis, redisKeys } from "@core/infra/redis";
import { createAnalysisQueue, maxDurationMs, phaseJobId, type AnalysisJobData } from "@core/queues/analysis-queue";
import type { Workspace } from "../../scripts/app-process";
import { createReplayClock, createReplayProvider } from "../../engine/src/market/providers/replay";
import { createAnalysisRunner } from "../../engine/src/analysis/run-phase";
import { failAnalysis } from "../../engine/src/analysis/settle";
import type { AnalysisWorkerDeps } from "../../engine/src/analysis/worker";
import { analysisBooks, booksFindings, faultWorkspace, settledOnce } from "./harness";
import { insertUser } from "../helpers";

const PHASE_SECONDS = 1;
let ws: Workspace;
let sql: Sql;
let deps: AnalysisWorkerDeps;
let queue: Queue<AnalysisJobData>;
let queueConnection: Redis;
let runner: ReturnType<typeof createAnalysisRunner>;
let subscriber: Redis;
/** Progress pushes per analysis: what a watching client would be told. */
const pushes: { request_id: number; status: string; current_phase: number }[] = [];

beforeAll(async () => {
  ({ ws, sql } = await faultWorkspace("late"));
  const config = parseConfig({
    ...process.env,
    DATABASE_URL: ws.databaseUrl,
    REDIS_URL: ws.redisUrl,
    REDIS_PREFIX: ws.redisPrefix,
    ANALYSIS_PHASE_SECONDS: String(PHASE_SECONDS),
  });
  const redis = createRedis(config.REDIS_URL);
  const provider = createReplayProvider(createReplayClock({ fixedMs: Date.parse("2024-06-01T00:00:00Z") }));
  deps = { config, sql, redis, keys: redisKeys(config.REDIS_PREFIX), log: createLogger("engine", "silent"), provider };
  // No worker consumes this queue: the test itself delivers every job, as often and as late as it likes.
  queueConnection = createRedis(config.REDIS_URL, { forBullMQ: true });
  queue = createAnalysisQueue(config, queueConnection);
  runner = createAnalysisRunner(deps, queue);
  subscriber = new Redis(ws.redisUrl);
  await subscriber.psubscribe(`${ws.redisPrefix}analysis.*`);
  subscriber.on("pmessage", (_p, _c, message) => pushes.push(JSON.parse(message).data));
});

afterAll(async () => {
  subscriber?.disconnect();
  await queue?.close();
  queueConnection?.disconnect();
  deps?.redis.disconnect();
  await sql?.end({ timeout: 2 });
  await ws?.drop();
});

/** A running analysis with its debit, as the server writes it. */
async function newAnalysis(symbol: string): Promise<{ id: number; userId: number }> {
  const user = await insertUser(sql, deps.config.JWT_SECRET, { credits: 1, tag: "late" });
  const id = await sql.begin(async (tx) => {
    const [r] = await tx<{ id: number }[]>`
      insert into analysis_requests (user_id, symbol, next_run_at, created_at)
      values (${user.id}, ${symbol}, now(), now()) returning id`;
    await applyCreditChange(tx, { userId: user.id, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: r.id });
    return r.id;
  });
  return { id, userId: user.id };
}

const row = async (id: number) =>
  (
    await sql<{ status: string; current_phase: number; credits_status: string; failure_reason: string | null }[]>`
    select status, current_phase, credits_status, failure_reason from analysis_requests where id = ${id}`
  )[0];
const booksOf = async (id: number) => (await analysisBooks(sql)).find((a) => a.id === id)!;
/** Let the last pushes arrive over the subscriber connection. */
const settlePushes = () => Bun.sleep(200);
const finalPushes = (id: number) => pushes.filter((p) => p.request_id === id && p.status !== "IN_PROGRESS").length;

describe("late and duplicate phase jobs", () => {
  test("every phase delivered twice at once (redelivery after a stall, a sweeper re-queue): each advances once, one settlement", async () => {
    const { id } = await newAnalysis("BTCUSDT");
    for (const phase of [1, 2, 3]) {
      const results = await Promise.all([runner.runPhase({ requestId: id, phase }), runner.runPhase({ requestId: id, phase })]);
      expect(results.filter((r) => r === "done" || r === "skipped")).toHaveLength(2);
      if (phase < 3) expect((await row(id)).current_phase).toBe(phase + 1);
      // Only the winner schedules the next phase; its job id is unique, so a duplicate could not add a second one anyway.
      if (phase < 3) expect(await queue.getJob(phaseJobId(id, phase + 1))).toBeDefined();
    }
    // A third, very late copy of each phase after settlement: nothing left to do.
    for (const phase of [1, 2, 3]) expect(await runner.runPhase({ requestId: id, phase })).toBe("skipped");
    await settlePushes();
    const books = await booksOf(id);
    expect(books.status).toBe("COMPLETED");
    expect(settledOnce(books)).toBe(true);
    expect(pushes.filter((p) => p.request_id === id && p.status === "IN_PROGRESS").map((p) => p.current_phase)).toEqual([2, 3]);
    expect(finalPushes(id)).toBe(1);
    expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
  });

  test("a phase job that runs after its analysis' deadline fails it once with one refund; its duplicate and the sweeper change nothing", async () => {
    const { id, userId } = await newAnalysis("ETHUSDT");
    await runner.runPhase({ requestId: id, phase: 1 });
    await runner.runPhase({ requestId: id, phase: 2 });
    // The engine stalled before phase 3 (paused VM, long GC, no engine at all): by now the deadline has passed.
    await sql`update analysis_requests set created_at = now() - make_interval(secs => ${(maxDurationMs(deps.config) + 5_000) / 1000}) where id = ${id}`;
    const results = await Promise.all([runner.runPhase({ requestId: id, phase: 3 }), runner.runPhase({ requestId: id, phase: 3 }), runner.sweep()]);
    expect(results.slice(0, 2).every((r) => r === "timed_out" || r === "skipped")).toBe(true);
    expect(await runner.runPhase({ requestId: id, phase: 3 })).toBe("skipped");
    await runner.sweep();
    await settlePushes();
    expect(await row(id)).toMatchObject({ status: "FAILED", credits_status: "RELEASED", failure_reason: "Analysis timed out" });
    expect(settledOnce(await booksOf(id))).toBe(true);
    const [{ credits }] = await sql`select credits from users where id = ${userId}`;
    expect(credits).toBe(1);
    expect(finalPushes(id)).toBe(1);
    expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
  });

  test("an engine clock an hour off either way: deadlines follow Postgres's clock, like the books check", async () => {
    const HOUR = 3_600_000;
    const fresh = await newAnalysis("BTCUSDT");
    const stuck = await newAnalysis("ETHUSDT");
    await sql`update analysis_requests set created_at = now() - make_interval(secs => ${(maxDurationMs(deps.config) + 5_000) / 1000}) where id = ${stuck.id}`;
    try {
      // Ahead: a fresh analysis is not "timed out" by its first phase.
      setSystemTime(new Date(Date.now() + HOUR));
      expect(await runner.runPhase({ requestId: fresh.id, phase: 1 })).toBe("done");
      expect((await row(fresh.id)).status).toBe("IN_PROGRESS");
      // Behind: an analysis past its deadline by Postgres's clock is still failed and refunded by the next sweep.
      setSystemTime(new Date(Date.now() - 2 * HOUR));
      await runner.sweep();
      expect(await row(stuck.id)).toMatchObject({ status: "FAILED", credits_status: "RELEASED", failure_reason: "Analysis timed out" });
    } finally {
      setSystemTime();
    }
    for (const phase of [2, 3]) await runner.runPhase({ requestId: fresh.id, phase });
    expect((await row(fresh.id)).status).toBe("COMPLETED");
    for (const id of [fresh.id, stuck.id]) expect(settledOnce(await booksOf(id))).toBe(true);
    expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
  });

  test("a final phase racing the time-out: each analysis is completed or failed, never both, and told once", async () => {
    const ids: number[] = [];
    for (const symbol of ["BTCUSDT", "ETHUSDT", "SOLUSDT", "DOGEUSDT", "XRPUSDT", "LINKUSDT"]) {
      const { id } = await newAnalysis(symbol);
      await runner.runPhase({ requestId: id, phase: 1 });
      await runner.runPhase({ requestId: id, phase: 2 });
      ids.push(id);
    }
    // The time-out starts a little later for each analysis, so some races go to the phase and some to the time-out;
    // which one wins varies from run to run, the outcome must not.
    await Promise.all(
      ids.flatMap((id, i) => [
        runner.runPhase({ requestId: id, phase: 3 }),
        Bun.sleep(i * 4).then(() => failAnalysis(deps, id, "Analysis timed out")),
      ]),
    );
    await settlePushes();
    for (const id of ids) {
      const books = await booksOf(id);
      expect({ id, ok: settledOnce(books) }).toEqual({ id, ok: true });
      expect(finalPushes(id)).toBe(1);
    }
    expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
  });
});
