// Redis access shared by server and engine: connections plus the key/channel prefix that isolates deployments and test runs.
import Redis from "ioredis";

export type RedisKeys = {
  prefix: string;
  /** A namespaced key, e.g. key("market:health"). */
  key: (name: string) => string;
  /** A namespaced pub/sub channel, e.g. channel("market.health"). */
  channel: (name: string) => string;
};

export function redisKeys(prefix: string): RedisKeys {
  return { prefix, key: (name) => prefix + name, channel: (name) => prefix + name };
}

/** Longest wait between reconnect attempts: a restarted Redis is used again within about a second. */
export const REDIS_RECONNECT_MAX_MS = 1000;
/** A non-blocking command (queued while Redis is down included) fails after this long rather than holding a request. */
export const REDIS_COMMAND_TIMEOUT_MS = 2500;

/**
 * `onReconnect` runs before each reconnect attempt. It lives in retryStrategy, an option, so every duplicate of the
 * connection inherits it: BullMQ's workers duplicate the connection they are given (their blocking and main
 * clients) and pub/sub subscribers are duplicates too; a "reconnecting" listener would see the original only.
 */
export function createRedis(url: string, options: { forBullMQ?: boolean; onReconnect?: () => void } = {}): Redis {
  return new Redis(url, {
    // BullMQ workers need blocking commands without a per-request retry cap or a command time-out.
    maxRetriesPerRequest: options.forBullMQ ? null : 3,
    ...(options.forBullMQ ? {} : { commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
    // ioredis backs off up to 5 s by default, which would leave a recovered Redis unused (no jobs, no pushes) that long.
    retryStrategy: (times: number) => {
      options.onReconnect?.();
      return Math.min(50 * 2 ** times, REDIS_RECONNECT_MAX_MS);
    },
    lazyConnect: false,
    // Commands issued in one tick go out in one write: a cold start's thousands of version reads were one loopback
    // write (a system call) each. ioredis leaves (p)subscribe, multi and pipeline out of it; BullMQ keeps its own.
    enableAutoPipelining: !options.forBullMQ,
    enableReadyCheck: true,
  });
}
