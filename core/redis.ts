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

export function createRedis(url: string, options: { forBullMQ?: boolean } = {}): Redis {
  return new Redis(url, {
    // BullMQ workers need blocking commands without a per-request retry cap.
    maxRetriesPerRequest: options.forBullMQ ? null : 3,
    lazyConnect: false,
    enableReadyCheck: true,
  });
}
