// Runs one phase of an analysis (context, phase function, advance or settle), and the sweep that re-queues or times out running ones from Postgres.
import type { AnalysisRequestRow } from "@core/contract/analysis";
import { UnrecoverableError, type Queue } from "bullmq";
import type Redis from "ioredis";
import {
  PROGRESS_AFTER_PHASE,
  enqueuePhase,
  maxDurationMs,
  phaseJobId,
  phaseMs,
  type AnalysisJobData,
  type PhaseJobData,
} from "@core/queues/analysis-queue";
import type { Config } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { RedisKeys } from "@core/infra/redis";
import type { MarketProvider } from "../market/providers";
import { buildAnalysisContext, createContextCache } from "./context";
import * as phases from "./phases";
import type { PhaseResult } from "./phases";
import { publishProgress } from "./progress";
import { noteUserChanged } from "@core/infra/user-version";
import { clipReason, completeAnalysis, failAnalysis, insertReasoning } from "./settle";
import { redisSnapshotStore } from "./snapshot-store";
import type { ChosenModel, ModelChooser } from "../learning/chooser";
import { phaseModels } from "../learning/phase-models";

/** The three phase functions (each asks the SignalModel); tests may pass their own to force a decision through the real settlement. */
export type PhaseModel = Pick<typeof phases, "scanPhase" | "confirmPhase" | "finalPhase">;

export type AnalysisDeps = {
  config: Config;
  sql: Sql;
  redis: Redis;
  keys: RedisKeys;
  log: Logger;
  provider: MarketProvider;
  model?: PhaseModel;
  /**
   * Chooses the SignalModel by the context's market clock (the registry's version at that clock, refused when expired);
   * without it every phase uses the shipped model, as before the registry (tests that force decisions).
   */
  models?: ModelChooser;
};

type RequestRow = Pick<AnalysisRequestRow, "id" | "user_id" | "symbol" | "status" | "current_phase"> & {
  /** Age and time to the next phase by Postgres's clock: deadlines never depend on this engine's clock agreeing. */
  age_ms: number;
  due_in_ms: number;
};

export type AnalysisRunner = ReturnType<typeof createAnalysisRunner>;

export function createAnalysisRunner(deps: AnalysisDeps, queue: Queue<AnalysisJobData>) {
  const { sql, log, config } = deps;
  const model: PhaseModel = deps.model ?? phases;
  const delayMs = phaseMs(config);
  const contextCache = createContextCache(redisSnapshotStore(deps.redis, deps.keys));
  const requestColumns = () => sql`
    id, user_id, symbol, status, current_phase,
    (extract(epoch from now() - created_at) * 1000)::float8 as age_ms,
    coalesce(extract(epoch from next_run_at - now()) * 1000, 0)::float8 as due_in_ms`;
  const timedOut = (r: RequestRow) => r.age_ms > maxDurationMs(config);

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
      // The analysis lists changed (phase, reasoning): announced to the user's tabs on commit.
      await noteUserChanged(tx, req.user_id, `phase-${req.id}-${next}`);
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
      credits_status: "HELD",
      reason: clipReason(result.reason),
    });
  }

  /** Runs one phase job; stale or duplicate jobs (request settled, phase already done) end quietly. */
  async function runPhase({ requestId, phase }: PhaseJobData) {
    const [req] = await sql<RequestRow[]>`select ${requestColumns()} from analysis_requests where id = ${requestId}`;
    if (req?.status !== "IN_PROGRESS" || req.current_phase !== phase) return "skipped";
    if (timedOut(req)) {
      await failAnalysis(deps, req.id, "Analysis timed out");
      return "timed_out";
    }
    const ctx = await buildAnalysisContext(deps.provider, req.symbol, contextCache);
    // The version a live engine had at this market clock (under the replay too): never one trained on later data.
    const chosen: ChosenModel | null = deps.models ? await deps.models(ctx.now) : null;
    const m = phaseModels(model, ctx, chosen);
    if (phase === 1) {
      await advance(req, m.scan(), ctx.now);
    } else {
      const { scan, confirm } = await earlierResults(req.id);
      if (!scan || (phase === 3 && !confirm)) throw new UnrecoverableError(`phase ${phase} is missing earlier phase results`);
      if (phase === 2) await advance(req, m.confirm(scan), ctx.now);
      else if (confirm) await completeAnalysis(deps, req, m.final(scan, confirm), ctx.now);
    }
    return "done";
  }

  /**
   * Recovery and timeouts, from Postgres (the source of truth): a running analysis past its maximum age is failed
   * and refunded; one whose current phase has no job (lost Redis, crash between commit and enqueue) is re-queued.
   */
  async function sweep() {
    const rows = await sql<RequestRow[]>`select ${requestColumns()} from analysis_requests where status = 'IN_PROGRESS' order by id`;
    let requeued = 0;
    let failed = 0;
    for (const r of rows) {
      if (timedOut(r)) {
        if (await failAnalysis(deps, r.id, "Analysis timed out")) failed++;
        continue;
      }
      const job = await queue.getJob(phaseJobId(r.id, r.current_phase));
      const state = job ? await job.getState() : "missing";
      if (state === "missing" || state === "unknown" || state === "failed" || state === "completed") {
        if (job) await job.remove().catch(() => {});
        await enqueuePhase(queue, r.id, r.current_phase, r.due_in_ms);
        requeued++;
      }
    }
    if (requeued || failed) log.info("analysis sweep", { requeued, failed });
    return { requeued, failed };
  }

  return { runPhase, sweep };
}
