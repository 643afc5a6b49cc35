// Outcome worker: the repeatable outcome pass on its own 'outcomes' queue (why its own: engine/src/jobs.ts), one pass at a time.
import type { Config } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { RedisKeys } from "@core/infra/redis";
import type Redis from "ioredis";
import { OUTCOMES_QUEUE, startQueueWorker } from "../jobs";
import type { MarketProvider } from "../market/providers";
import { trackBaselines } from "./baseline";
import { trackOutcomes } from "./tracker";

export type OutcomeWorkerDeps = {
  config: Pick<Config, "REDIS_URL" | "REDIS_PREFIX">;
  sql: Sql;
  log: Logger;
  provider: MarketProvider;
  redis?: Redis;
  keys?: RedisKeys;
  /** How often OPEN signals are checked against newer candles. */
  everyMs?: number;
};

export function startOutcomeWorker(deps: OutcomeWorkerDeps) {
  return startQueueWorker({
    config: deps.config,
    log: deps.log,
    queue: OUTCOMES_QUEUE,
    // A second pass at once would only read the same candles again: each outcome is stored once whoever gets there.
    concurrency: 1,
    handlers: () => ({
      outcomes: async () => {
        const closed = await trackOutcomes(deps);
        await trackBaselines(deps);
        return closed;
      },
    }),
    schedules: { "outcome-tracker": { name: "outcomes", every: deps.everyMs ?? 60_000 } },
  });
}
