// The refit on stored candles: it learns only from outcomes closed before its clock (in process and in its child
// process), the promotion gate, and the hourly check on the ingestion leader with its metrics and BullMQ schedules.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import { createLogger } from "@core/infra/log";
import { REPLAY_DATA_DIR } from "@core/market/market-replay";
import { recordedPerps } from "../market/providers/funding";
import { modelRefits } from "@core/infra/metrics";
import { getVersion, insertVersion, versionAt } from "@core/model/versions";
import { closeTestDeps, testDeps } from "../../../test/helpers";
import type { SymbolData } from "../analysis/model/dataset";
import type { MarketProvider } from "../market/providers/types";
import { forwardLowerOfVersion } from "../research/deployed";
import { refitPanel, refitVersion } from "../research/refit";
import { loadStoredCandles, storeCandles } from "./candle-store";
import { BASE_CLOCK, MARKET, SMALL_REFIT, SYMBOLS, versionWith } from "./fixtures";
import { ENTRY_DELAY_HOURS } from "../analysis/model/geometry";
import { gateChallenger } from "./gate";
import { createModelJobs, refitInChild } from "./refit-job";
import { startModelWorker } from "./worker";

const H = 3_600_000;
const DAY = 86_400_000;
const deps = testDeps();
const log = createLogger("test", "silent");
/** The refit's clock: 220 days into the synthetic market (2024-01-01 + 240 days). */
const C = BASE_CLOCK;
/** The longest outcome window, from the clock through the entry delay and the longest horizon. */
const longest = (ENTRY_DELAY_HOURS + Math.max(...SMALL_REFIT.geometries!.map((g) => g.hours))) * H;

/** The same market up to C; after it, every pair crashes 30 % and stays there (a future any leak would learn from). */
const CRASHED: SymbolData[] = MARKET.map((s) => ({
  ...s,
  h1: s.h1.map((k): Candle => (k.t + H <= C ? k : { ...k, o: k.o * 0.7, h: k.h * 0.7, l: k.l * 0.5, c: k.c * 0.7 })),
}));

const hashAt = (data: SymbolData[], clock: number) => refitVersion(data, clock, [], SMALL_REFIT)?.params_hash;

function fakeProvider(data: SymbolData[], clock: { now: number }): MarketProvider {
  return {
    name: "replay",
    now: () => clock.now,
    async candles(symbol, _interval, { end, limit }) {
      const h1 = data.find((d) => d.symbol === symbol)?.h1 ?? [];
      return h1.filter((k) => k.t + H <= (end ?? clock.now)).slice(-limit);
    },
    fundingRate: async () => null,
    symbols: () => [...SYMBOLS],
    perpSince: () => null,
  };
}

beforeAll(async () => {
  await deps.sql`delete from model_versions`;
  await deps.sql`delete from candles_1h`;
});

afterAll(async () => {
  await deps.sql`delete from model_versions`;
  await deps.sql`delete from candles_1h`;
  await closeTestDeps();
});

describe("a refit sees only outcomes closed before it", () => {
  test("every training row's longest outcome window closed by the clock, and the cut is tight", () => {
    const p = refitPanel(MARKET, C, SMALL_REFIT);
    expect(p.evals).toBeGreaterThan(1000);
    let last = 0;
    for (let e = 0; e < p.evals; e++) {
      expect(p.t[e] + longest).toBeLessThanOrEqual(C);
      last = Math.max(last, p.t[e]);
    }
    // The last usable clock (stride 6 h) is used: nothing closed before C is thrown away either.
    expect(C - longest - last).toBeLessThan(6 * H);
  });

  test("candles after the clock change nothing; the same candles seen later do change the fit", () => {
    const atC = hashAt(MARKET, C);
    expect(atC).toBeDefined();
    expect(hashAt(CRASHED, C)).toBe(atC);
    // The crash is in the data a later refit may learn from, and it does.
    const later = C + 7 * DAY;
    const [plain, crashed] = [hashAt(MARKET, later), hashAt(CRASHED, later)];
    expect(plain).toBeDefined();
    expect(crashed).toBeDefined();
    expect(crashed).not.toBe(plain);
  });

  test("the job's child process fits on the stored candles closed by the clock, as in process", async () => {
    for (const s of CRASHED) expect(await storeCandles(deps.sql, s.symbol, s.h1)).toBe(s.h1.length);
    // Idempotent: storing again adds nothing.
    expect(await storeCandles(deps.sql, CRASHED[0].symbol, CRASHED[0].h1)).toBe(0);
    const loaded = await loadStoredCandles(deps.sql, C);
    expect(loaded.map((s) => s.symbol)).toEqual([...SYMBOLS].sort());
    for (const s of loaded) expect(Math.max(...s.h1.map((k) => k.t)) + H).toBeLessThanOrEqual(C);
    const child = await refitInChild(deps.config, "small")(C);
    // The child reads perpetual listings from the record the providers use, as the live job does.
    const perps = recordedPerps(REPLAY_DATA_DIR);
    const inProcess = refitVersion(
      MARKET.map((s) => ({ ...s, perpSince: perps(s.symbol) })),
      C,
      [],
      SMALL_REFIT,
    )!;
    expect(child?.version).toBe(inProcess.version);
    expect(child?.params_hash).toBe(inProcess.params_hash);
    // Trained through the last training row's outcome, which closed by the clock; it serves from the clock.
    expect(Date.parse(child!.trained_through)).toBeLessThanOrEqual(C);
    expect(Date.parse(child!.trained_through)).toBeGreaterThan(C - 12 * H);
    expect(child?.trained_at).toBe(new Date(C).toISOString());
    expect(child?.source).toBe("refit");
  }, 60_000);
});

describe("the champion's forward figure the gate weighs", () => {
  test("a refit measures the serving champion on its own rows, after that champion's data, by the backtest's own rule", () => {
    const clock = C + 14 * DAY;
    // A champion trained 60 days before the clock, so it has signals it never saw on the refit's rows.
    const champion = { ...refitVersion(MARKET, C - 60 * DAY, [], SMALL_REFIT)!, trained_at: new Date(C - 60 * DAY).toISOString() };
    const withChampion = refitVersion(MARKET, clock, [champion], SMALL_REFIT)!;
    const panel = refitPanel(MARKET, clock, SMALL_REFIT);
    const expected = forwardLowerOfVersion(panel, champion, clock, {
      blockDays: withChampion.params.training.block_days,
      selectDays: SMALL_REFIT.selectDays,
      maxAgeDays: SMALL_REFIT.maxAgeDays,
    });
    expect(withChampion.champion_forward_lower).toBe(expected);
    // Without a champion serving at the clock there is nothing to weigh; the challenger itself is the same fit.
    const alone = refitVersion(MARKET, clock, [], SMALL_REFIT)!;
    expect(alone.champion_forward_lower).toBeNull();
    expect(alone.params_hash).toBe(withChampion.params_hash);
  }, 120_000);
});

describe("the promotion gate", () => {
  const champion = versionWith({ trainedThrough: new Date(C - 30 * DAY).toISOString(), trainedAt: new Date(C - 29 * DAY).toISOString(), lower: 0.1 });
  // The champion's figure the gate weighs is its lower bound on signals it never saw, measured by the refit (not its own inner one).
  const better = versionWith({ trainedThrough: new Date(C).toISOString(), lower: 0.2, source: "refit", championForwardLower: 0.1 });

  test("a challenger whose inner lower bound is not below the champion's forward lower bound replaces it from the refit's clock", async () => {
    await insertVersion(deps.sql, champion, "champion", { promotedAt: Date.parse(champion.trained_at) });
    const g = await gateChallenger(deps.sql, better, C, 120);
    expect(g.result).toBe("promoted");
    expect(g.reason).toBe(`inner lower bound +0.2000 R is not below champion ${champion.version}'s +0.1000 R on signals it never saw`);
    expect((await versionAt(deps.sql, C))?.version).toBe(better.version);
    expect((await versionAt(deps.sql, C - 1))?.version).toBe(champion.version);
    expect((await getVersion(deps.sql, better.version))?.promoted_at).toBe(C);
  });

  test("a worse challenger is stored as rejected with the reason, and the champion keeps serving", async () => {
    const worse = versionWith({ trainedThrough: new Date(C + DAY).toISOString(), lower: 0.15, source: "refit", championForwardLower: 0.2 });
    const g = await gateChallenger(deps.sql, worse, C + DAY, 120);
    expect(g.result).toBe("rejected");
    const row = (await getVersion(deps.sql, worse.version))!;
    expect(row.status).toBe("rejected");
    expect(row.promoted_at).toBeNull();
    expect(row.reason).toBe(`inner lower bound +0.1500 R is below champion ${better.version}'s +0.2000 R on signals it never saw`);
    expect((await versionAt(deps.sql, C + 2 * DAY))?.inner.lower).toBeCloseTo(0.2, 12);
    // Registering the same version twice changes nothing.
    expect((await gateChallenger(deps.sql, worse, C + DAY, 120)).result).toBe("exists");
  });
});

describe("the scheduled refit check", () => {
  test("off, not leading, store not ready, fresh, due, waiting: each decided on the market clock", async () => {
    await deps.sql`delete from model_versions`;
    await deps.sql`delete from candles_1h`;
    const clock = { now: C };
    const asked: number[] = [];
    let lower = 0.3;
    // The champion's lower bound on signals it never saw, as the real refit measures it (none yet: too few).
    let forward: number | null = null;
    const base = {
      sql: deps.sql,
      log,
      provider: fakeProvider(MARKET, clock),
      refit: async (at: number) => {
        asked.push(at);
        return versionWith({ trainedThrough: new Date(at).toISOString(), lower, source: "refit" as const, championForwardLower: forward });
      },
    };
    const config = { ...deps.config, MARKET_PROVIDER: "replay" as const };
    expect(await createModelJobs({ ...base, config: { ...config, MODEL_RETRAIN_DAYS: 0 }, isLeader: () => true }).refitCheckJob()).toBe("off");
    let leading = false;
    const jobs = createModelJobs({ ...base, config: { ...config, MODEL_RETRAIN_DAYS: 30 }, isLeader: () => leading });
    expect(await jobs.refitCheckJob()).toBe("not_leader");
    expect(await jobs.storeCandlesJob()).toBe("not_leader");
    leading = true;
    expect(await jobs.refitCheckJob()).toBe("store_not_ready");
    // The replay seeds the store from its record up to its clock, nothing after.
    expect(await jobs.storeCandlesJob()).toBe("stored");
    const [{ last }] = await deps.sql<{ last: number }[]>`select max(t)::float8 as last from candles_1h`;
    expect(last + H).toBe(C);

    const young = versionWith({ trainedThrough: new Date(C - 20 * DAY).toISOString(), lower: 0.1 });
    await insertVersion(deps.sql, young, "champion", { promotedAt: C - 20 * DAY });
    expect(await jobs.refitCheckJob()).toBe("fresh");
    expect(asked).toEqual([]);

    const count = async (result: string) => (await modelRefits.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
    const promotedBefore = await count("promoted");
    clock.now = C + 11 * DAY;
    expect(await jobs.refitCheckJob()).toBe("promoted");
    expect(asked).toEqual([C + 11 * DAY]);
    expect((await versionAt(deps.sql, clock.now))?.inner.lower).toBeCloseTo(0.3, 12);
    expect(await count("promoted")).toBe(promotedBefore + 1);
    expect(await jobs.refitCheckJob()).toBe("fresh");

    // 30 days on, a refit below what the champion showed on signals it never saw is rejected, and not retried hourly.
    clock.now += 31 * DAY;
    lower = 0.05;
    forward = 0.2;
    const rejectedBefore = await count("rejected");
    expect(await jobs.refitCheckJob()).toBe("rejected");
    expect(await count("rejected")).toBe(rejectedBefore + 1);
    clock.now += H;
    expect(await jobs.refitCheckJob()).toBe("waiting");
    expect(asked.length).toBe(2);
  });

  test("the two repeatable jobs are BullMQ schedulers on the 'models' queue", async () => {
    const worker = await startModelWorker({
      config: { ...deps.config, MODEL_RETRAIN_DAYS: 30 },
      sql: deps.sql,
      log,
      provider: fakeProvider(MARKET, { now: C }),
      isLeader: () => false,
    });
    try {
      expect((await worker.queue.getJobScheduler("model-refit"))?.every).toBe(3_600_000);
      expect((await worker.queue.getJobScheduler("model-candles"))?.every).toBe(600_000);
    } finally {
      await worker.close();
    }
  });
});
