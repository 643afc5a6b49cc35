// The 'models' queue worker: BullMQ repeatable jobs for the candle store and the hourly refit check (the handlers: refit-job.ts).
import type { Config } from "@core/infra/config";
import { MODELS_QUEUE, startQueueWorker } from "../jobs";
import { createModelJobs, type RefitDeps } from "./refit-job";

export const REFIT_CHECK_EVERY_MS = 3_600_000;
export const STORE_CANDLES_EVERY_MS = 10 * 60_000;

export type ModelWorkerDeps = RefitDeps & {
  config: RefitDeps["config"] & Pick<Config, "REDIS_URL" | "REDIS_PREFIX">;
  everyMs?: { refit?: number; candles?: number };
};

export async function startModelWorker(deps: ModelWorkerDeps) {
  const jobs = createModelJobs(deps);
  const worker = await startQueueWorker({
    config: deps.config,
    log: deps.log,
    queue: MODELS_QUEUE,
    // One at a time: the refit waits for the store's first seeding, and two refits never run at once on one engine.
    concurrency: 1,
    handlers: () => ({ "store-candles": () => jobs.storeCandlesJob(), "refit-check": () => jobs.refitCheckJob() }),
    schedules: {
      "model-candles": { name: "store-candles", every: deps.everyMs?.candles ?? STORE_CANDLES_EVERY_MS },
      "model-refit": { name: "refit-check", every: deps.everyMs?.refit ?? REFIT_CHECK_EVERY_MS },
    },
  });
  return { ...worker, jobs };
}
