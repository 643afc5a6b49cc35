// Analysis worker, BullMQ wiring only: phase jobs (retries, the final failure) and the sweep on the 'analysis' queue, and the progress ticker.
import { UnrecoverableError, type Job } from "bullmq";
import { ANALYSIS_QUEUE, phaseMs, type PhaseJobData } from "@core/queues/analysis-queue";
import { unavailableDependency } from "@core/infra/unavailable";
import { startQueueWorker, type QueueWorker } from "../jobs";
import { progressTickMs, startProgressTicker } from "./progress";
import { createAnalysisRunner, type AnalysisDeps, type AnalysisRunner } from "./run-phase";
import { failAnalysis } from "./settle";
import { pgErrors, phaseDuration, phaseLateness } from "@core/infra/metrics";

export type AnalysisWorkerDeps = AnalysisDeps & {
  /** How often stuck analyses are re-queued or failed; defaults to one phase (2–30 s). */
  sweepEveryMs?: number;
  /** How often running analyses' progress moves; defaults to about a tenth of a phase (1–5 s). */
  progressEveryMs?: number;
  concurrency?: number;
};

export type AnalysisWorker = QueueWorker<typeof ANALYSIS_QUEUE> & { sweep: AnalysisRunner["sweep"] };

/** One delivery of a phase job; its last failed attempt fails the analysis and returns the credit. */
async function runPhaseJob(deps: AnalysisWorkerDeps, runner: AnalysisRunner, data: PhaseJobData, job: Job) {
  const phase = { phase: String(data.phase) };
  // Due when added plus its delay; a retry's lateness counts from the same due time (the trader waits either way).
  phaseLateness.observe(phase, Math.max(0, Date.now() - (job.timestamp + (job.opts.delay ?? 0))) / 1000);
  const endTimer = phaseDuration.startTimer(phase);
  try {
    const result = await runner.runPhase(data);
    endTimer();
    return result;
  } catch (err) {
    if ((err as { name?: unknown })?.name === "PostgresError" || unavailableDependency(err) === "database") pgErrors.inc();
    const attempts = job.opts.attempts ?? 1;
    // Postgres or Redis being down is no fault of the analysis: the sweep re-queues it once they are back (and
    // fails it only at its time-out), so an outage longer than the retries does not cost the user the analysis.
    const outage = unavailableDependency(err) !== null;
    const final = !outage && (err instanceof UnrecoverableError || job.attemptsMade + 1 >= attempts);
    deps.log.error("analysis phase error", { request_id: data.requestId, phase: data.phase, final, outage, error: String(err) });
    if (final) await failAnalysis(deps, data.requestId, "Analysis could not be completed");
    throw err;
  }
}

/** Starts consuming the 'analysis' queue; recovers running analyses from Postgres first. */
export async function startAnalysisWorker(deps: AnalysisWorkerDeps): Promise<AnalysisWorker> {
  const { config, log } = deps;
  // Phase jobs wait mostly on Postgres and Redis, so more run at once than there are cores. `bench analysis` (500 in
  // flight, p99 start delay): on a quiet machine 367 ms at 4 and 345 ms at 16 (within noise); on a busy one 1.66 s at
  // 4 and 0.34 s at 16, but those two runs were minutes apart under a changing load, so not a like-for-like figure.
  const concurrency = deps.concurrency ?? 16;
  let runner!: AnalysisRunner;
  const jobs = await startQueueWorker({
    config,
    log,
    queue: ANALYSIS_QUEUE,
    concurrency,
    handlers: (queue) => {
      runner = createAnalysisRunner(deps, queue);
      return { phase: (data, job) => runPhaseJob(deps, runner, data, job), sweep: () => runner.sweep() };
    },
    schedules: { "analysis-sweeper": { name: "sweep", every: deps.sweepEveryMs ?? Math.min(30_000, Math.max(2_000, phaseMs(config))) } },
  });
  // Engines before the outcomes queue scheduled the outcome pass here; left alone, it would add a job every minute.
  await jobs.queue.removeJobScheduler("outcome-tracker");
  const stopTicker = startProgressTicker(deps, deps.progressEveryMs ?? progressTickMs(config));

  const recovered = await runner.sweep();
  log.info("analysis worker started", { concurrency, ...recovered });

  return {
    queue: jobs.queue,
    sweep: runner.sweep,
    async close() {
      await stopTicker();
      await jobs.close();
    },
  };
}
