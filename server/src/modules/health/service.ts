// Readiness: probes each dependency with a short timeout so a hung dependency cannot hang the probe.
import type { ServerDeps } from "../../deps";

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);

export async function readiness({ sql, redis }: ServerDeps) {
  const [postgres, redisOk] = await Promise.all([
    withTimeout(sql`select 1 as ok`, 2000).then(
      () => true,
      () => false,
    ),
    withTimeout(redis.ping(), 2000).then(
      (r) => r === "PONG",
      () => false,
    ),
  ]);
  const ok = postgres && redisOk;
  return {
    status: ok ? "ready" : "not_ready",
    postgres: postgres ? "ok" : "down",
    redis: redisOk ? "ok" : "down",
    detail: ok ? "ready" : "a dependency is unreachable",
  };
}
