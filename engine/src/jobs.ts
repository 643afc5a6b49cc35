// The engine's job map (queue → job name → data) and the BullMQ wiring each queue shares: dispatch by name, schedules, a watchdog.
import { countReconnects, watchQueue } from "@core/infra/metrics-collect";
import { Worker, type Job, type Queue } from "bullmq";
import { ANALYSIS_QUEUE, createQueue, queuePrefix, type PhaseJobData } from "@core/queues/analysis-queue";
import type { Config } from "@core/infra/config";
import type { Logger } from "@core/infra/log";
import { createRedis } from "@core/infra/redis";
import { upsertSchedules, watchSchedules } from "@core/queues/queue-schedules";

/**
 * Two queues, not one queue of named jobs: BullMQ's concurrency is per worker, so an outcome pass (candle reads for up
 * to 500 open signals) on the phase queue would hold one of the phase worker's slots while analyses wait behind it. On
 * its own queue, with its own one-slot worker, it never does. The sweep stays with the phases: it is quick, and all it
 * does is re-queue or time out phase work.
 */
export const OUTCOMES_QUEUE = "outcomes";
/** The learning loop's own queue (one slot): storing candles and the refit check, on the ingestion leader. */
export const MODELS_QUEUE = "models";

type Empty = Record<string, never>;
export type JobMap = {
  [ANALYSIS_QUEUE]: { phase: PhaseJobData; sweep: Empty };
  [OUTCOMES_QUEUE]: { outcomes: Empty };
  [MODELS_QUEUE]: { "store-candles": Empty; "refit-check": Empty };
};

type QueueName = keyof JobMap;
type JobData<Q extends QueueName> = JobMap[Q][keyof JobMap[Q]];
type Handlers<Q extends QueueName> = { [N in keyof JobMap[Q]]: (data: JobMap[Q][N], job: Job) => Promise<unknown> };
/** Repeatable jobs by scheduler id, so with several engines each run happens once. */
type Schedules<Q extends QueueName> = Record<string, { name: keyof JobMap[Q] & string; every: number }>;

export type QueueWorker<Q extends QueueName> = { queue: Queue<JobData<Q>>; close: () => Promise<void> };

/**
 * Consumes one queue: each job goes to the handler of its name, the schedules are upserted and watched. `handlers`
 * receives the queue, for handlers that add jobs to it (a phase schedules the next).
 */
export async function startQueueWorker<Q extends QueueName>(o: {
  config: Pick<Config, "REDIS_URL" | "REDIS_PREFIX">;
  log: Logger;
  queue: Q;
  handlers: (queue: Queue<JobData<Q>>) => Handlers<Q>;
  schedules: Schedules<Q>;
  concurrency: number;
}): Promise<QueueWorker<Q>> {
  // BullMQ's blocking worker needs its own connection without a per-request retry cap.
  const queueConnection = createRedis(o.config.REDIS_URL, { forBullMQ: true, onReconnect: countReconnects(`${o.queue}-queue`) });
  const workerConnection = createRedis(o.config.REDIS_URL, { forBullMQ: true, onReconnect: countReconnects(`${o.queue}-worker`) });
  const queue = createQueue<JobData<Q>>(o.queue, o.config, queueConnection);
  const handlers = o.handlers(queue);
  const worker = new Worker(
    o.queue,
    async (job: Job) => {
      const handler = handlers[job.name as keyof JobMap[Q]];
      // A name this engine has no handler for (an older or newer engine's job) is dropped, not retried.
      return handler ? handler(job.data, job) : "ignored";
    },
    { connection: workerConnection, prefix: queuePrefix(o.config), concurrency: o.concurrency },
  );
  worker.on("error", (err) => o.log.error(`${o.queue} worker error`, { error: String(err) }));
  await upsertSchedules(queue, o.schedules, false);
  const watchdog = watchSchedules(queue, o.schedules, o.log);
  const unwatch = watchQueue(queue);
  return {
    queue,
    async close() {
      clearInterval(watchdog);
      unwatch();
      await worker.close();
      await queue.close();
      await Promise.allSettled([queueConnection.quit(), workerConnection.quit()]);
    },
  };
}
