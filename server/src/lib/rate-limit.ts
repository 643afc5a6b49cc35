// Redis-backed rate limits (rate-limiter-flexible): shared across server processes, answered with 429 + Retry-After
// (counted by limiter name where the answer is written, lib/errors-plugin.ts).
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { ServerDeps } from "../deps";
import { tooManyRequests } from "./http-error";
import { accountHash, securityEvent } from "./security-log";

/** A limiter key as log fields: an address stays readable, anything with an e-mail in it is hashed. */
function keyFields(key: string) {
  const parts = key.split("|");
  const ip = parts.find((p) => /^[\d.]+$|:/.test(p) && !p.includes("@"));
  return { ...(ip ? { ip } : {}), ...(key.includes("@") ? { key: accountHash(key) } : !ip ? { key } : {}) };
}

export type Limiter = {
  /** counts one attempt (or `points`, for a costlier one); 429 once the budget is spent; returns the points used in the window */
  consume: (key: string, detail?: string, points?: number) => Promise<number>;
  /** gives one consumed point back (an attempt taken up front that turned out not to count) */
  giveBack: (key: string) => Promise<void>;
  /** 429 if the budget is spent, without counting anything (for limits that count failures only) */
  check: (key: string, detail?: string) => Promise<void>;
  /** counts one failure, never answers 429 itself; returns the failures counted in the window so far */
  fail: (key: string) => Promise<number>;
  reset: (key: string) => Promise<void>;
};

const DEFAULT_DETAIL = "Too many requests. Please wait and try again.";

export function createLimiter(
  deps: Pick<ServerDeps, "redis" | "keys" | "log">,
  opts: { name: string; points: number; durationSeconds: number },
): Limiter {
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: deps.keys.key(`rl:${opts.name}`),
    points: opts.points,
    duration: opts.durationSeconds,
  });
  return {
    async consume(key, detail = DEFAULT_DETAIL, points = 1) {
      try {
        return (await limiter.consume(key, points)).consumedPoints;
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          // Keys may hold an e-mail: only the address part (or a hash) is logged.
          securityEvent(deps.log, "rate_limited", { limit: opts.name, ...keyFields(key) });
          throw tooManyRequests(opts.name, detail, err.msBeforeNext / 1000);
        }
        throw err;
      }
    },
    async check(key, detail = DEFAULT_DETAIL) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= opts.points) {
        securityEvent(deps.log, "rate_limited", { limit: opts.name, ...keyFields(key) });
        throw tooManyRequests(opts.name, detail, res.msBeforeNext / 1000);
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
    async fail(key) {
      return (await limiter.penalty(key, 1)).consumedPoints;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
