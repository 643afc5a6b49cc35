// Analysis progress: the push each change sends, and the ticker that moves progress_percent through a phase as its time passes.
import type Redis from "ioredis";
import { PROGRESS_AFTER_PHASE, phaseMs } from "@core/queues/analysis-queue";
import type { Config } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { RedisKeys } from "@core/infra/redis";
import { type AnalysisProgress, encodePush, userChannel } from "@core/contract/socket";

export type Progress = AnalysisProgress;

export type PushDeps = { redis: Redis; keys: RedisKeys; log: Logger };

/** What a push must state; the rest defaults to "nothing yet" (no next run, no signal, no reason). */
type ProgressUpdate = Pick<Progress, "request_id" | "symbol" | "status" | "current_phase" | "progress_percent" | "credits_status"> &
  Partial<Progress>;

/**
 * The progress push only. What changed the user's lists (a phase's end, a settlement) was noted in its own transaction
 * and is announced on commit by the servers (core/user-version); the ticker's moves within a phase change no list.
 */
export async function publishProgress(deps: PushDeps, userId: number, update: ProgressUpdate) {
  const data: Progress = {
    next_run_at: null,
    time_remaining_seconds: 0,
    final_signal_id: null,
    final_signal_type: null,
    reason: null,
    ...update,
  };
  try {
    await deps.redis.publish(deps.keys.channel(userChannel(userId)), encodePush({ type: "analysis_progress", data }));
  } catch (err) {
    // Progress pushes are a convenience; clients poll Postgres-backed endpoints anyway.
    deps.log.warn("analysis progress publish failed", { request_id: data.request_id, error: String(err) });
  }
}

type TickDeps = PushDeps & { sql: Sql; config: Pick<Config, "ANALYSIS_PHASE_SECONDS"> };

type Moved = {
  id: number;
  user_id: number;
  symbol: string;
  current_phase: number;
  progress_percent: number;
  next_run_at: Date;
  credits_status: AnalysisProgress["credits_status"];
  time_remaining_seconds: number;
};

/** About ten steps per phase, but no more than one tick a second (each moved analysis is a push) and no fewer than one per 5 s. */
export const progressTickMs = (config: Pick<Config, "ANALYSIS_PHASE_SECONDS">) => Math.min(5_000, Math.max(1_000, Math.round(phaseMs(config) / 10)));

/**
 * One UPDATE for every running analysis: progress_percent moves through its phase's band (0–33, 33–66, 66–100) by the
 * share of the phase elapsed, by Postgres's clock like the deadlines. A phase ends at next_run_at and lasts one phase
 * length. The value stops one point short of the next band, so only the phase's own result crosses into it (and only
 * settlement writes 100); it never goes down, and a row whose value would not change is not written. Each moved
 * analysis gets the same push a phase change sends.
 */
export async function tickProgress(deps: TickDeps): Promise<number> {
  const { sql } = deps;
  const edges = `{${PROGRESS_AFTER_PHASE.join(",")}}`;
  const from = sql`(${edges}::int[])[current_phase]`;
  const to = sql`(${edges}::int[])[current_phase + 1]`;
  const elapsed = sql`least(1, greatest(0, 1 - extract(epoch from next_run_at - now()) * 1000 / ${phaseMs(deps.config)}))`;
  // Rounded up: once a phase has begun it shows at least one point of it, so a client never sees a running analysis at 0.
  const target = sql`least(${to} - 1, ceil(${from} + (${to} - ${from}) * ${elapsed}))::int`;
  const moved = await sql<Moved[]>`
    update analysis_requests set progress_percent = ${target}
    where status = 'IN_PROGRESS' and next_run_at is not null and ${target} > progress_percent
    returning id, user_id, symbol, current_phase, progress_percent, next_run_at, credits_status,
              greatest(0, ceil(extract(epoch from next_run_at - now())))::int as time_remaining_seconds`;
  await Promise.all(
    moved.map((r) =>
      publishProgress(deps, r.user_id, {
        request_id: r.id,
        symbol: r.symbol,
        status: "IN_PROGRESS",
        current_phase: r.current_phase,
        progress_percent: r.progress_percent,
        next_run_at: new Date(r.next_run_at).toISOString(),
        time_remaining_seconds: r.time_remaining_seconds,
        credits_status: r.credits_status,
      }),
    ),
  );
  return moved.length;
}

/** Ticks every `everyMs`, one tick at a time; the returned stop waits for a tick in flight. */
export function startProgressTicker(deps: TickDeps, everyMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= tickProgress(deps)
      .then(() => {})
      // Postgres is down: progress waits for the next tick, the analyses themselves are the sweep's business.
      .catch((err) => deps.log.debug("analysis progress tick failed", { error: String(err) }))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
