// Redis-backed rate limits (rate-limiter-flexible): shared across server processes, answered with 429 + Retry-After.
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { ServerDeps } from "../deps";
import { tooManyRequests } from "./http-error";

export type Limiter = { consume: (key: string, detail?: string) => Promise<void>; reset: (key: string) => Promise<void> };

export function createLimiter(
  deps: Pick<ServerDeps, "redis" | "keys">,
  opts: { name: string; points: number; durationSeconds: number },
): Limiter {
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: deps.keys.key(`rl:${opts.name}`),
    points: opts.points,
    duration: opts.durationSeconds,
  });
  return {
    async consume(key, detail = "Too many requests. Please wait and try again.") {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooManyRequests(detail, err.msBeforeNext / 1000);
        throw err;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
