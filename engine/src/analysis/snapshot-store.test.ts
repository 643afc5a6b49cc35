// The hourly snapshot through Redis: the leader publishes it once per hour, analyses read that very snapshot.
import { afterAll, expect, test } from "bun:test";
import { closeTestDeps, testDeps } from "../../../test/helpers";
import { createReplayProvider } from "../market/providers/replay";
import { buildAnalysisContext, createContextCache, snapshotAt } from "./context";
import { publishHourlySnapshot, redisSnapshotStore } from "./snapshot-store";

afterAll(() => closeTestDeps());
const H = 3_600_000;

test("published once per closed hour, read back by the context builder instead of recomputed", async () => {
  const { redis, keys } = testDeps();
  const hour = Date.parse("2024-07-15T10:00:00Z");
  let now = hour + 20 * 60_000;
  const provider = createReplayProvider({ now: () => now });
  const store = redisSnapshotStore(redis, keys);
  expect(await publishHourlySnapshot(provider, store)).toBe("published");
  expect(await publishHourlySnapshot(provider, store)).toBe("stored");
  const stored = await store.get(hour);
  expect(stored).toEqual(JSON.parse(JSON.stringify(await snapshotAt(provider, hour))));

  // An analysis in that hour reads the published snapshot: mark it, and the mark shows up in the context.
  await store.put({ ...stored!, regime: { ...stored!.regime, pairs: -1 } });
  const ctx = await buildAnalysisContext(provider, "BTCUSDT", createContextCache(store), now);
  expect(ctx.snapshot.regime.pairs).toBe(-1);

  // The next hour has none yet: the context computes it and publishes it for everyone else.
  now = hour + H + 5 * 60_000;
  expect(await store.get(hour + H)).toBeNull();
  const next = await buildAnalysisContext(provider, "BTCUSDT", createContextCache(store), now);
  expect(next.snapshot.at).toBe(hour + H);
  expect((await store.get(hour + H))?.rows.length).toBe(next.snapshot.rows.length);
});
