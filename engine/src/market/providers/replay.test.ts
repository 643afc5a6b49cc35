// Replay provider: clock mapping and wrap, closed candles only, recorded funding, shared anchor in Redis.
import { afterAll, describe, expect, test } from "bun:test";
import { SUPPORTED_SYMBOLS, isSupportedSymbol } from "@core/market/symbols";
import { createRedis, redisKeys } from "@core/infra/redis";
import { EARLY_REPLAY_PERIOD } from "@core/market/recorded-symbols";
import { sharedReplayClock } from "@core/market/market-replay";
import { createReplayClock, createReplayProvider, readManifest, replayAnchor } from "./replay";
import { createMarketProvider } from "./index";

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse("2024-01-01T00:00:00Z");

describe("replay clock", () => {
  const base = { recordStartMs: T0, recordEndMs: T0 + 100 * D, anchorWallMs: 1_000_000 };

  test("starts 45 days into the record by default and runs at the given speed", () => {
    let wall = 1_000_000;
    const clock = createReplayClock({ ...base, speed: 60, wallNow: () => wall });
    expect(clock.now()).toBe(T0 + 45 * D);
    wall += 60_000; // one wall minute at 60× is one market hour
    expect(clock.now()).toBe(T0 + 45 * D + H);
  });

  test("an explicit start is honoured", () => {
    const clock = createReplayClock({ ...base, startMs: T0 + 10 * D, speed: 1, wallNow: () => 1_000_000 + 5_000 });
    expect(clock.now()).toBe(T0 + 10 * D + 5_000);
  });

  test("past the end of the record it wraps back to the start", () => {
    // From day 45 to day 100 is 55 days; 56 market days later we are 1 day past the start again.
    const clock = createReplayClock({ ...base, speed: 1, wallNow: () => 1_000_000 + 56 * D });
    expect(clock.now()).toBe(T0 + 46 * D);
  });

  test("a fixed clock never moves", () => {
    const clock = createReplayClock({ fixedMs: 42 });
    expect(clock.now()).toBe(42);
  });
});

describe("shared anchor", () => {
  const redis = createRedis(process.env.REDIS_URL!);
  // A prefix of its own: other test files in the same run start engines that set the run's anchor first.
  const keys = redisKeys(`${process.env.REDIS_PREFIX!}anchor-${Date.now()}:`);
  afterAll(() => redis.quit());

  test("the first process sets it, later ones read the same value", async () => {
    expect(await replayAnchor(redis, keys, 5_000)).toBe(5_000);
    expect(await replayAnchor(redis, keys, 9_000)).toBe(5_000);
  });

  test("createMarketProvider builds a replay provider on that anchor", async () => {
    const manifest = await readManifest();
    const provider = await createMarketProvider(
      { MARKET_PROVIDER: "replay", REPLAY_SPEED: 1, REPLAY_START: undefined, REDIS_PREFIX: keys.prefix },
      redis,
    );
    expect(provider.name).toBe("replay");
    const now = provider.now();
    expect(now).toBeGreaterThanOrEqual(manifest.record_start_ms + 45 * D);
    expect(now).toBeLessThan(manifest.record_end_ms);
  });
});

describe("replay candles and funding", () => {
  const at = Date.parse("2024-03-01T12:30:00Z");
  const p = createReplayProvider(createReplayClock({ fixedMs: at }));

  test("the manifest's default period is the one every listed pair trades through; the 2024 period stays", async () => {
    const m = await readManifest();
    expect([m.record_start_ms, m.record_end_ms]).toEqual([Date.parse("2025-01-01T00:00:00Z"), Date.parse("2025-06-18T08:00:00Z")]);
    expect([EARLY_REPLAY_PERIOD.start_ms, EARLY_REPLAY_PERIOD.end_ms]).toEqual([T0, Date.parse("2024-09-06T04:00:00Z")]);
  });

  test("the default replay serves every listed pair: a week of hourly candles at its first and last clock", async () => {
    const m = await readManifest();
    for (const t of [m.record_start_ms + 45 * D, m.record_end_ms - 1]) {
      const q = createReplayProvider(createReplayClock({ fixedMs: t }));
      for (const symbol of SUPPORTED_SYMBOLS) {
        const ks = await q.candles(symbol, "1h", { limit: 168 });
        const widest = Math.max(...ks.slice(1).map((k, i) => k.t - ks[i].t));
        expect([symbol, ks.length, ks[167].t >= t - 2 * H, widest <= 13 * H]).toEqual([symbol, 168, true, true]);
      }
    }
  });

  test("REPLAY_START inside the 2024 period walks that period", async () => {
    const redis = createRedis(process.env.REDIS_URL!);
    const keys = redisKeys(`${process.env.REDIS_PREFIX!}early-${Date.now()}:`);
    const clock = await sharedReplayClock({ REPLAY_SPEED: 1, REPLAY_START: "2024-06-01T00:00:00Z", REDIS_PREFIX: keys.prefix }, () =>
      replayAnchor(redis, keys),
    );
    await redis.quit();
    expect(clock.now()).toBeGreaterThanOrEqual(Date.parse("2024-06-01T00:00:00Z"));
    expect(clock.now()).toBeLessThan(EARLY_REPLAY_PERIOD.end_ms);
  });

  test("only closed candles: the 12:00 candle is still open at 12:30", async () => {
    const ks = await p.candles("BTCUSDT", "1h", { limit: 2 });
    expect(ks).toEqual([
      { t: Date.parse("2024-03-01T10:00:00Z"), o: ks[0].o, h: ks[0].h, l: ks[0].l, c: ks[0].c, v: ks[0].v },
      { t: Date.parse("2024-03-01T11:00:00Z"), o: 61991.1, h: 62110, l: 61811.01, c: 61863.72, v: 1483.04892 },
    ]);
  });

  test("an explicit end exactly at a close includes that candle", async () => {
    const ks = await p.candles("BTCUSDT", "1h", { end: Date.parse("2024-02-29T12:00:00Z"), limit: 1 });
    expect(ks).toEqual([{ t: Date.parse("2024-02-29T11:00:00Z"), o: 62703.29, h: 63340.95, l: 62602, c: 62936.02, v: 3103.99204 }]);
  });

  test("5m data exists only for its last 60 days; unknown pairs give nothing", async () => {
    expect(await p.candles("BTCUSDT", "5m", { limit: 10 })).toEqual([]);
    const late = await p.candles("BTCUSDT", "5m", { end: Date.parse("2024-08-15T14:30:00Z"), limit: 1 });
    expect(late[0]).toEqual({ t: Date.parse("2024-08-15T14:25:00Z"), o: 59263.73, h: 59488.12, l: 59235.49, c: 59444.44, v: 82.21467 });
    expect(await p.candles("NOPEUSDT", "1h", { limit: 10 })).toEqual([]);
  });

  test("funding is the latest recorded 8h rate; none for pairs without a perpetual record or after it ends", async () => {
    expect(await p.fundingRate("BTCUSDT")).toBe(0.00064824);
    expect(await p.fundingRate("PEPEUSDT")).not.toBeNull(); // from the 1000PEPEUSDT perpetual
    expect(await p.fundingRate("WIFUSDT")).toBeNull();
    expect(await p.fundingRate("BTCUSDT", Date.parse("2025-06-30T00:00:00Z"))).toBeNull();
  });

  test("the replay serves the listed pairs, most traded first", () => {
    expect(p.symbols().slice(0, 3)).toEqual(["BTCUSDT", "ETHUSDT", "SOLUSDT"]);
    expect(p.symbols()).toEqual(SUPPORTED_SYMBOLS);
    expect(SUPPORTED_SYMBOLS.length).toBe(200);
    expect(new Set(SUPPORTED_SYMBOLS).size).toBe(SUPPORTED_SYMBOLS.length);
    expect(isSupportedSymbol("DOGEUSDT")).toBe(true);
    expect(isSupportedSymbol("BNBUSDT")).toBe(true);
    expect(isSupportedSymbol("btcusdt")).toBe(false);
  });
});
