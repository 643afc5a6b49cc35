// Market ingestion with several engines: exactly one leader computes and publishes; a standby takes over when the
// leader stops, and a leader that loses its lock stops writing.
import { afterAll, describe, expect, test } from "bun:test";
import { createLogger } from "@core/infra/log";
import { redisKeys } from "@core/infra/redis";
import { snapshotKeyName } from "@core/market/market-intervals";
import { closeTestDeps, testDeps, waitFor } from "../../../test/helpers";
import { createReplayClock, createReplayProvider } from "./providers/replay";
import { startMarketIngestion, type Ingestion } from "./ingest";

const started: Ingestion[] = [];
afterAll(async () => {
  await Promise.all(started.map((i) => i.stop()));
  await closeTestDeps();
});

describe("market ingestion leadership", () => {
  test("one leader of two; the standby takes over when it stops; a leader whose lock is taken steps down", async () => {
    const { redis, keys: base } = testDeps();
    const keys = redisKeys(`${base.prefix}ingest-test:`);
    const provider = createReplayProvider(createReplayClock({ fixedMs: Date.parse("2024-08-15T14:30:00Z") }));
    const start = (instanceId: string) => {
      const i = startMarketIngestion({
        config: { MARKET_PROVIDER: "replay" },
        redis,
        keys,
        log: createLogger("test", "silent"),
        provider,
        instanceId,
        renewEveryMs: 100,
      });
      started.push(i);
      return i;
    };
    const a = start("engine-a");
    const b = start("engine-b");
    await waitFor(() => a.isLeader() || b.isLeader(), 10_000, "a leader");
    await Bun.sleep(300); // several campaign rounds: the other must stay standby
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = a.isLeader() ? [a, b] : [b, a];
    await leader.ready;
    const stored = JSON.parse((await redis.get(keys.key(snapshotKeyName("health"))))!) as { computed_at: string };
    expect(Date.now() - Date.parse(stored.computed_at)).toBeLessThan(60_000);

    await leader.stop();
    await waitFor(() => standby.isLeader(), 2_000, "the standby to take over");
    expect(await redis.get(keys.key("market:leader"))).toBe(standby === a ? "engine-a" : "engine-b");

    // Someone else holds the lock now (e.g. this engine stalled past the TTL): the old leader must notice and stop.
    await redis.set(keys.key("market:leader"), "engine-c", "PX", 30_000);
    await waitFor(() => !standby.isLeader(), 2_000, "the displaced leader to step down");
  }, 30_000);
});
