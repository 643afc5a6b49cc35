// Analysis worker: runs each queued phase against market data, writes progress and reasoning, settles credits exactly once.
import { UnrecoverableError, Worker, type Job, type Queue } from "bullmq";
import type Redis from "ioredis";
import type { Config } from "@core/config";
import type { Sql, Tx } from "@core/db";
import type { Logger } from "@core/log";
import { createRedis, type RedisKeys } from "@core/redis";
import { applyCreditChange } from "@core/credits";
import {
  ANALYSIS_QUEUE,
  PROGRESS_AFTER_PHASE,
  createAnalysisQueue,
  enqueuePhase,
  isPhaseJob,
  maxDurationMs,
  phaseJobId,
  phaseMs,
  queuePrefix,
  type AnalysisJobData,
  type PhaseJobData,
} from "@core/analysis-queue";
import type { MarketProvider } from "../market/providers";
import { buildAnalysisContext, createContextCache, type ContextCache } from "./context";
import { redisSnapshotStore } from "./snapshot-store";
import * as phases from "./phases";
import type { AnalysisContext, FinalResult, PhaseResult } from "./phases";
import { trackOutcomes } from "../outcomes/tracker";

/** The model's three phase functions; tests may pass their own to force a decision through the real settlement. */
export type PhaseModel = Pick<typeof phases, "scanPhase" | "confirmPhase" | "finalPhase">;

export type AnalysisWorkerDeps = {
  config: Config;
  sql: Sql;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
  provider: MarketProvider;
  model?: PhaseModel;
  /** How often stuck analyses are re-queued or failed; defaults to one phase (2–30 s). */
  sweepEveryMs?: number;
  /** How often OPEN signals are checked against newer candles. */
  outcomesEveryMs?: number;
  concurrency?: number;
};

type JobData = AnalysisJobData;

const REASON_MAX = 140;
const clipReason = (s: string) => (s.length > REASON_MAX ? s.slice(0, REASON_MAX - 1) + "…" : s);

type RequestRow = {
  id: number;
  user_id: number;
  symbol: string;
  status: string;
  current_phase: number;
  credits_status: string;
  next_run_at: Date | null;
  created_at: Date;
};

/** Everything a phase reads, from the one context builder the backtest also uses (per-hour snapshot cache per process). */
function buildContext(deps: AnalysisWorkerDeps, cache: ContextCache, symbol: string): Promise<AnalysisContext> {
  return buildAnalysisContext(deps.provider, symbol, cache);
}

export type Progress = {
  request_id: number;
  symbol: string;
  status: string;
  current_phase: number;
  progress_percent: number;
  next_run_at: string | null;
  time_remaining_seconds: number;
  final_signal_id: number | null;
  final_signal_type: string | null;
  credits_status: string;
  reason: string | null;
};

async function publishProgress(deps: Pick<AnalysisWorkerDeps, "redis" | "keys" | "log">, userId: number, data: Progress) {
  try {
    await deps.redis.publish(deps.keys.channel(`analysis.${userId}`), JSON.stringify({ type: "analysis_progress", data }));
  } catch (err) {
    // Progress pushes are a convenience; clients poll Postgres-backed endpoints anyway.
    deps.log.warn("analysis progress publish failed", { request_id: data.request_id, error: String(err) });
  }
}

/**
 * Fails an analysis and gives its credit back. The conditional HELD → RELEASED update is the guard: whoever
 * wins it (phase error, sweeper, a second engine) refunds; everyone else changes nothing.
 */
export async function failAnalysis(deps: Pick<AnalysisWorkerDeps, "sql" | "redis" | "keys" | "log">, requestId: number, reason: string) {
  const failed = await deps.sql.begin(async (tx) => {
    const [row] = await tx<{ user_id: number; symbol: string; current_phase: number; progress_percent: number }[]>`
      update analysis_requests
      set status = 'FAILED', credits_status = 'RELEASED', failure_reason = ${reason.slice(0, 500)},
          next_run_at = null, completed_at = now(), updated_at = now()
      where id = ${requestId} and status = 'IN_PROGRESS' and credits_status = 'HELD'
      returning user_id, symbol, current_phase, progress_percent`;
    if (!row) return null;
    const refund = await applyCreditChange(tx, {
      userId: row.user_id,
      kind: "REFUND",
      amount: 1,
      referenceType: "analysis_request",
      referenceId: requestId,
      note: "Analysis failed: credit returned",
    });
    if (!refund) throw new Error("refund could not be applied");
    return row;
  });
  if (!failed) return false;
  deps.log.warn("analysis failed and refunded", { request_id: requestId, reason });
  await publishProgress(deps, failed.user_id, {
    request_id: requestId,
    symbol: failed.symbol,
    status: "FAILED",
    current_phase: failed.current_phase,
    progress_percent: failed.progress_percent,
    next_run_at: null,
    time_remaining_seconds: 0,
    final_signal_id: null,
    final_signal_type: null,
    credits_status: "RELEASED",
    reason,
  });
  return true;
}

async function insertReasoning(tx: Tx, requestId: number, r: PhaseResult | FinalResult) {
  await tx`
    insert into analysis_reasoning (request_id, phase_number, reason, full_reasoning, timeframe, confirmation_criteria, result)
    values (${requestId}, ${r.phase_number}, ${clipReason(r.reason)}, ${r.full_reasoning}, ${r.timeframe ?? ""},
            ${JSON.stringify(r.confirmation_criteria ?? [])}::text::jsonb, ${JSON.stringify(r)}::text::jsonb)
    on conflict (request_id, phase_number) do nothing`;
}

async function sameDirectionLastHour(tx: Tx, type: string, marketNow: number): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from signals where type = ${type} and market_time_ms > ${marketNow - 3_600_000} and market_time_ms <= ${marketNow}`;
  return row.n;
}

const finite = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? x : null);

export function createAnalysisRunner(deps: AnalysisWorkerDeps, queue: Queue<JobData>) {
  const { sql, log, config } = deps;
  const model: PhaseModel = deps.model ?? phases;
  const delayMs = phaseMs(config);
  const contextCache = createContextCache(redisSnapshotStore(deps.redis, deps.keys));

  async function earlierResults(requestId: number) {
    const rows = await sql<{ phase_number: number; result: PhaseResult }[]>`
      select phase_number, result from analysis_reasoning where request_id = ${requestId} and phase_number < 3 order by phase_number`;
    const scan = rows.find((r) => r.phase_number === 1)?.result;
    const confirm = rows.find((r) => r.phase_number === 2)?.result;
    return { scan, confirm };
  }

  /** Phases 1–2: write the reasoning and advance; the row lock makes a duplicate run of the same phase a no-op. */
  async function advance(req: RequestRow, result: PhaseResult, marketNow: number) {
    const next = req.current_phase + 1;
    const updated = await sql.begin(async (tx) => {
      const [locked] = await tx`
        select id from analysis_requests where id = ${req.id} and status = 'IN_PROGRESS' and current_phase = ${req.current_phase} for update`;
      if (!locked) return null;
      await insertReasoning(tx, req.id, result);
      const [row] = await tx<{ next_run_at: Date; progress_percent: number }[]>`
        update analysis_requests
        set current_phase = ${next}, progress_percent = ${PROGRESS_AFTER_PHASE[req.current_phase]},
            next_run_at = now() + make_interval(secs => ${delayMs / 1000}),
            market_time_ms = coalesce(market_time_ms, ${marketNow}), updated_at = now()
        where id = ${req.id}
        returning next_run_at, progress_percent`;
      return row;
    });
    if (!updated) return;
    await enqueuePhase(queue, req.id, next, delayMs);
    await publishProgress(deps, req.user_id, {
      request_id: req.id,
      symbol: req.symbol,
      status: "IN_PROGRESS",
      current_phase: next,
      progress_percent: updated.progress_percent,
      next_run_at: new Date(updated.next_run_at).toISOString(),
      time_remaining_seconds: Math.ceil(delayMs / 1000),
      final_signal_id: null,
      final_signal_type: null,
      credits_status: "HELD",
      reason: clipReason(result.reason),
    });
  }

  /**
   * Phase 3 in one transaction: reasoning, signal, request COMPLETED, credit USED (LONG/SHORT) or RELEASED with a
   * REFUND ledger row (NO_TRADE). Only a request still HELD settles, so a credit is never kept and refunded both.
   */
  async function settle(req: RequestRow, final: FinalResult, marketNow: number) {
    const d = final.decision;
    const noTrade = d.type === "NO_TRADE";
    const confidence = Math.min(1, Math.max(0, finite(d.confidence) ?? 0));
    const settled = await sql.begin(async (tx) => {
      const [locked] = await tx`
        select id from analysis_requests
        where id = ${req.id} and status = 'IN_PROGRESS' and credits_status = 'HELD' and current_phase = 3 for update`;
      if (!locked) return null;
      await insertReasoning(tx, req.id, final);
      // Crowding: how many signals in the same direction went out in the hour before this one.
      const context = d.context && !noTrade ? { ...d.context, same_direction_last_hour: await sameDirectionLastHour(tx, d.type, marketNow) } : d.context;
      const [signal] = await tx<{ id: number }[]>`
        insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio,
                             timeframe, entry_timing, reasoning, no_trade, no_trade_reason, is_active, market_time_ms, outcome,
                             context, cost_per_side)
        values (${req.user_id}, ${req.id}, ${req.symbol}, ${d.type}, ${confidence},
                ${noTrade ? null : finite(d.entry_price)}, ${noTrade ? null : finite(d.take_profit)},
                ${noTrade ? null : finite(d.stop_loss)}, ${noTrade ? null : finite(d.rr_ratio)},
                ${d.timeframe ?? final.timeframe ?? ""}, ${noTrade ? "n/a" : d.entry_timing || "Now"}, ${d.reasoning ?? final.full_reasoning},
                ${noTrade}, ${noTrade ? (d.no_trade_reason ?? null) : null}, ${!noTrade}, ${marketNow}, ${noTrade ? null : "OPEN"},
                ${context ? JSON.stringify(context) : null}::text::jsonb, ${noTrade ? null : (d.context?.costs.cost_per_side ?? null)})
        returning id`;
      const creditsStatus = noTrade ? "RELEASED" : "USED";
      await tx`
        update analysis_requests
        set status = 'COMPLETED', credits_status = ${creditsStatus}, final_signal_id = ${signal.id}, progress_percent = 100,
            next_run_at = null, completed_at = now(), updated_at = now(), market_time_ms = coalesce(market_time_ms, ${marketNow})
        where id = ${req.id}`;
      if (noTrade) {
        const refund = await applyCreditChange(tx, {
          userId: req.user_id,
          kind: "REFUND",
          amount: 1,
          referenceType: "analysis_request",
          referenceId: req.id,
          note: "No trade: credit returned",
        });
        if (!refund) throw new Error("refund could not be applied");
      }
      return { signalId: signal.id, creditsStatus };
    });
    if (!settled) return;
    log.info("analysis completed", { request_id: req.id, symbol: req.symbol, type: d.type, signal_id: settled.signalId });
    await publishProgress(deps, req.user_id, {
      request_id: req.id,
      symbol: req.symbol,
      status: "COMPLETED",
      current_phase: 3,
      progress_percent: 100,
      next_run_at: null,
      time_remaining_seconds: 0,
      final_signal_id: settled.signalId,
      final_signal_type: d.type,
      credits_status: settled.creditsStatus,
      reason: clipReason(final.reason),
    });
  }

  /** Runs one phase job; stale or duplicate jobs (request settled, phase already done) end quietly. */
  async function runPhase({ requestId, phase }: PhaseJobData) {
    const [req] = await sql<RequestRow[]>`select * from analysis_requests where id = ${requestId}`;
    if (!req || req.status !== "IN_PROGRESS" || req.current_phase !== phase) return "skipped";
    if (Date.now() - new Date(req.created_at).getTime() > maxDurationMs(config)) {
      await failAnalysis(deps, req.id, "Analysis timed out");
      return "timed_out";
    }
    const ctx = await buildContext(deps, contextCache, req.symbol);
    if (phase === 1) {
      await advance(req, model.scanPhase(ctx), ctx.now);
    } else {
      const { scan, confirm } = await earlierResults(req.id);
      if (!scan || (phase === 3 && !confirm)) throw new UnrecoverableError(`phase ${phase} is missing earlier phase results`);
      if (phase === 2) await advance(req, model.confirmPhase(ctx, scan), ctx.now);
      else if (confirm) await settle(req, model.finalPhase(ctx, scan, confirm), ctx.now);
    }
    return "done";
  }

  /**
   * Recovery and timeouts, from Postgres (the source of truth): a running analysis past its maximum age is failed
   * and refunded; one whose current phase has no job (lost Redis, crash between commit and enqueue) is re-queued.
   */
  async function sweep() {
    const rows = await sql<RequestRow[]>`
      select id, user_id, symbol, status, current_phase, credits_status, next_run_at, created_at
      from analysis_requests where status = 'IN_PROGRESS' order by id`;
    let requeued = 0;
    let failed = 0;
    for (const r of rows) {
      if (Date.now() - new Date(r.created_at).getTime() > maxDurationMs(config)) {
        if (await failAnalysis(deps, r.id, "Analysis timed out")) failed++;
        continue;
      }
      const job = await queue.getJob(phaseJobId(r.id, r.current_phase));
      const state = job ? await job.getState() : "missing";
      if (state === "missing" || state === "unknown" || state === "failed" || state === "completed") {
        if (job) await job.remove().catch(() => {});
        const due = r.next_run_at ? new Date(r.next_run_at).getTime() - Date.now() : 0;
        await enqueuePhase(queue, r.id, r.current_phase, due);
        requeued++;
      }
    }
    if (requeued || failed) log.info("analysis sweep", { requeued, failed });
    return { requeued, failed };
  }

  return { runPhase, sweep };
}

export type AnalysisWorker = { close: () => Promise<void>; sweep: () => Promise<{ requeued: number; failed: number }>; queue: Queue<JobData> };

/** Starts consuming the 'analysis' queue; recovers running analyses from Postgres first. */
export async function startAnalysisWorker(deps: AnalysisWorkerDeps): Promise<AnalysisWorker> {
  const { config, log } = deps;
  const prefix = queuePrefix(config);
  // BullMQ's blocking worker needs its own connection without a per-request retry cap.
  const queueConnection = createRedis(config.REDIS_URL, { forBullMQ: true });
  const workerConnection = createRedis(config.REDIS_URL, { forBullMQ: true });
  const queue = createAnalysisQueue(config, queueConnection);
  const runner = createAnalysisRunner(deps, queue);
  const outcomeDeps = { sql: deps.sql, provider: deps.provider, log };

  const worker = new Worker<JobData>(
    ANALYSIS_QUEUE,
    async (job: Job<JobData>) => {
      if (job.name === "sweep") return runner.sweep();
      if (job.name === "outcomes") return trackOutcomes(outcomeDeps);
      const data = job.data;
      if (!isPhaseJob(data)) return "ignored";
      try {
        return await runner.runPhase(data);
      } catch (err) {
        const attempts = job.opts.attempts ?? 1;
        const final = err instanceof UnrecoverableError || job.attemptsMade + 1 >= attempts;
        log.error("analysis phase error", { request_id: data.requestId, phase: data.phase, final, error: String(err) });
        if (final) await failAnalysis(deps, data.requestId, "Analysis could not be completed");
        throw err;
      }
    },
    { connection: workerConnection, prefix, concurrency: deps.concurrency ?? 4 },
  );
  worker.on("error", (err) => log.error("analysis worker error", { error: String(err) }));

  // Repeatable jobs, so with several engines each run happens once.
  const sweepEvery = deps.sweepEveryMs ?? Math.min(30_000, Math.max(2_000, phaseMs(config)));
  const outcomesEvery = deps.outcomesEveryMs ?? 60_000;
  await queue.upsertJobScheduler("analysis-sweeper", { every: sweepEvery }, { name: "sweep", data: {} });
  await queue.upsertJobScheduler("outcome-tracker", { every: outcomesEvery }, { name: "outcomes", data: {} });

  const recovered = await runner.sweep();
  log.info("analysis worker started", { concurrency: deps.concurrency ?? 4, ...recovered });

  return {
    queue,
    sweep: runner.sweep,
    async close() {
      await worker.close();
      await queue.close();
      await Promise.allSettled([queueConnection.quit(), workerConnection.quit()]);
    },
  };
}
