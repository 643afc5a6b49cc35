// The analysis job queue contract shared by the server (enqueues phase 1) and the engine worker (runs the phases).
import { Queue } from "bullmq";
import type Redis from "ioredis";
import type { Config } from "../infra/config";

export const ANALYSIS_QUEUE = "analysis";
export const PHASE_COUNT = 3;
export { MAX_ACTIVE_ANALYSES } from "../rules/limits";
/** progress_percent once phase N has finished (index N); 0 before the first. */
export const PROGRESS_AFTER_PHASE = [0, 33, 66, 100] as const;

export type PhaseJobData = { requestId: number; phase: number };
/** Phase jobs name their request and phase; the engine's repeatable sweep job carries nothing. */
export type AnalysisJobData = PhaseJobData | Record<string, never>;

/** BullMQ joins prefix and queue name with ':'; dropping our trailing ':' keeps every key under the run's prefix. */
export const queuePrefix = (config: Pick<Config, "REDIS_PREFIX">) => config.REDIS_PREFIX.replace(/:+$/, "") || "tw";

/** One job id per (request, phase): re-adding after a crash or from the sweeper collapses onto the same job. */
export const phaseJobId = (requestId: number, phase: number) => `${requestId}-p${phase}`;

export const phaseMs = (config: Pick<Config, "ANALYSIS_PHASE_SECONDS">) => Math.round(config.ANALYSIS_PHASE_SECONDS * 1000);

/** Past this age an analysis that has not settled is failed and refunded: three phases plus a grace period. */
export const maxDurationMs = (config: Pick<Config, "ANALYSIS_PHASE_SECONDS">) => PHASE_COUNT * phaseMs(config) + Math.max(30_000, phaseMs(config));

export function createQueue<T>(name: string, config: Pick<Config, "REDIS_PREFIX">, connection: Redis): Queue<T> {
  return new Queue<T>(name, {
    connection,
    prefix: queuePrefix(config),
    // Jobs are bookkeeping only: Postgres holds the state, so finished jobs need not linger.
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
  });
}

export const createAnalysisQueue = (config: Pick<Config, "REDIS_PREFIX">, connection: Redis) =>
  createQueue<AnalysisJobData>(ANALYSIS_QUEUE, config, connection);

/** Schedules a phase; a job with the same id that is still waiting or delayed makes this a no-op. */
export async function enqueuePhase(queue: Queue<AnalysisJobData>, requestId: number, phase: number, delayMs: number) {
  await queue.add(
    "phase",
    { requestId, phase },
    { jobId: phaseJobId(requestId, phase), delay: Math.max(0, Math.round(delayMs)), attempts: 3, backoff: { type: "fixed", delay: 1000 } },
  );
}
