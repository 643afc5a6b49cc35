// GET /api/public/model on the run's Postgres: the champion at the market clock, ?version=, refusals, and the forward
// record (expectancy and excess over always-long, with a SHORT's mirror LONG settled by the engine's outcome pass).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { recordSignalOutcome } from "@core/alerts/alerts";
import type { Candle } from "@core/market/candles";
import { publicModelSchema } from "@core/contract/model";
import type { SignalContext } from "@core/contract/signal";
import { createLogger } from "@core/infra/log";
import { insertVersion, type VersionInput } from "@core/model/versions";
import { expectFits } from "../../../../test/contract-fit";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { mirrorLong, trackBaselines } from "../../../../engine/src/outcomes/baseline";
import type { MarketProvider } from "../../../../engine/src/market/providers/types";
import { seedSignal } from "../signals/testing";
import { marketClock } from "./service";

const H = 3_600_000;
const DAY = 86_400_000;
const deps = testDeps();
const app = testApp();
const ISSUED = 1717200000000;
const COST = 0.0012;

const version = (name: string, through: number, at: number, oof: Record<string, unknown> | null): VersionInput => ({
  version: name,
  trained_through: new Date(through).toISOString(),
  trained_at: new Date(at).toISOString(),
  family: "gbdt",
  geometry: { k: 1, m: 1.5, hours: 48 },
  horizon_hours: 48,
  inner: { rate: 0.1, meanR: 0.2, lower: 0.05, evaluations: 1000 },
  oof,
  params_hash: "ab".repeat(32),
  params: { opaque: true },
  source: "walk-forward",
});

const context = (side: "LONG" | "SHORT", name: string): SignalContext => ({
  side,
  venue: side === "LONG" ? "spot" : "perp",
  venue_label: side === "LONG" ? "Binance spot" : "Binance USDT-M perpetual",
  p_tp: 0.4,
  p_sl: 0.4,
  p_expiry: 0.2,
  expected_r: 0.05,
  no_skill_p_tp: 0.35,
  costs: { fee_pct_per_side: 0.1, slippage_pct_per_side: 0.02, funding_pct: 0, round_trip_pct: 0.24, in_r: 0.07, cost_per_side: COST },
  expires_at: new Date(ISSUED + 48 * H).toISOString(),
  invalidation_level: 90,
  entry_source: "1h",
  snapshot_at: new Date(ISSUED).toISOString(),
  model: { trained: "2024-01-01 → 2024-05-01", bar_r: 0.02, version: name },
});

/** One pair's hourly path after the issue: up through 111 in the first hour (a seeded SHORT's mirror LONG targets 110). */
function risingProvider(): MarketProvider {
  const h1: Candle[] = Array.from({ length: 60 }, (_, i) => ({ t: ISSUED + i * H, o: 100, h: i === 0 ? 111 : 101, l: 99.5, c: 100, v: 1 }));
  return {
    name: "replay",
    now: () => ISSUED + 60 * H,
    candles: async (_s, interval, { end, limit }) => (interval === "1h" ? h1.filter((k) => k.t + H <= (end ?? Infinity)).slice(-limit) : []),
    fundingRate: async () => null,
    symbols: () => ["SOLUSDT"],
    perpSince: () => null,
  };
}

let now = 0;
let V: VersionInput;
let W: VersionInput;

beforeAll(async () => {
  await deps.sql`delete from model_versions`;
  now = await marketClock(deps)();
  V = version("v4-test-current", now - 10 * DAY, now - 9 * DAY, { signals: 40, expectancy_r: 0.06 });
  W = version("v4-test-older", now - 40 * DAY, now - 39 * DAY, null);
  for (const v of [V, W]) await insertVersion(deps.sql, v, "champion", { promotedAt: Date.parse(v.trained_at) });
});

afterAll(async () => {
  await deps.sql`delete from model_versions`;
  await closeTestDeps();
});

describe("GET /api/public/model", () => {
  test("the champion at the market clock: meta, age in market days, oof; nothing issued yet", async () => {
    const res = await call(app, "GET", "/api/public/model");
    expect(res.status).toBe(200);
    expectFits(publicModelSchema, res.body);
    expect(res.body).toMatchObject({
      version: V.version,
      trained_through: V.trained_through,
      trained_at: V.trained_at,
      max_age_days: deps.config.MODEL_MAX_AGE_DAYS,
      status: "champion",
      source: "walk-forward",
      family: "gbdt",
      horizon_hours: 48,
      oof: { signals: 40, expectancy_r: 0.06 },
      forward: { since: V.trained_at, signals: 0, closed: 0, expectancy_r: null, excess_vs_always_long: null },
    });
    expect(res.body.age_days).toBeCloseTo(10, 1);
  });

  test("?version= names another; an unknown name is 404 and an empty one 400, as {detail, code}", async () => {
    const older = await call(app, "GET", `/api/public/model?version=${W.version}`);
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ version: W.version, oof: null, forward: { since: W.trained_at } });
    expect(older.body.age_days).toBeCloseTo(40, 1);
    const unknown = await call(app, "GET", "/api/public/model?version=v4-nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "No model version named 'v4-nope'", code: "model_version_not_found" });
    const empty = await call(app, "GET", "/api/public/model?version=");
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("bad_request");
    expect(typeof empty.body.detail).toBe("string");
    const long = await call(app, "GET", `/api/public/model?version=${"x".repeat(500)}`);
    expect(long.status).toBe(400);
  });

  test("the forward record: closed signals naming the version, and their excess over always-long on the same entries", async () => {
    const u = await createUser();
    const long = await seedSignal(u.id, "SOLUSDT", "LONG", 0.1, { context: context("LONG", V.version), marketTimeMs: ISSUED });
    const short = await seedSignal(u.id, "SOLUSDT", "SHORT", 0.1, { context: context("SHORT", V.version), marketTimeMs: ISSUED });
    const open = await seedSignal(u.id, "SOLUSDT", "SHORT", 0.1, { context: context("SHORT", V.version), marketTimeMs: ISSUED });
    await seedSignal(u.id, "SOLUSDT", "NO_TRADE", 0.1, { context: context("LONG", V.version), marketTimeMs: ISSUED });
    const other = await seedSignal(u.id, "SOLUSDT", "LONG", 0.1, { context: context("LONG", W.version), marketTimeMs: ISSUED });
    await recordSignalOutcome(deps.sql, long.signalId, { outcome: "TP_HIT", closedAtMarketMs: ISSUED + H, rMultiple: 1.5 });
    await recordSignalOutcome(deps.sql, short.signalId, { outcome: "TP_HIT", closedAtMarketMs: ISSUED + 5 * H, rMultiple: 1 });
    await recordSignalOutcome(deps.sql, other.signalId, { outcome: "SL_HIT", closedAtMarketMs: ISSUED + H, rMultiple: -1 });

    // The engine's outcome pass settles each SHORT's mirror LONG (stop 95, target 110 for the seeded 100/105/90).
    await trackBaselines({ sql: deps.sql, provider: risingProvider(), log: createLogger("test", "silent") });
    expect(mirrorLong({ entry_price: 100, stop_loss: 105, take_profit: 90 })).toEqual({ stop_loss: 95, take_profit: 110 });
    const mirrorR = (110 - 100 - COST * (100 + 110)) / (100 - 95);
    const [b] = await deps.sql<{ always_long_r: number }[]>`select always_long_r from signal_baselines where signal_id = ${short.signalId}`;
    expect(b.always_long_r).toBeCloseTo(mirrorR, 4);
    const [b2] = await deps.sql`select count(*)::int as n from signal_baselines where signal_id = ${open.signalId}`;
    expect(b2.n).toBe(1);

    const res = await call(app, "GET", "/api/public/model");
    expect(res.status).toBe(200);
    expectFits(publicModelSchema, res.body);
    expect(res.body.forward.signals).toBe(3);
    expect(res.body.forward.closed).toBe(2);
    expect(res.body.forward.expectancy_r).toBeCloseTo((1.5 + 1) / 2, 4);
    // The LONG's always-long R is its own; the SHORT's is its mirror's.
    expect(res.body.forward.excess_vs_always_long).toBeCloseTo((0 + (1 - mirrorR)) / 2, 4);
    const older = await call(app, "GET", `/api/public/model?version=${W.version}`);
    expect(older.body.forward).toMatchObject({ signals: 1, closed: 1, expectancy_r: -1, excess_vs_always_long: 0 });
  });

  test("no champion trained before the market clock: 404 with the code", async () => {
    await deps.sql`update model_versions set status = 'rejected'`;
    const res = await call(app, "GET", "/api/public/model");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("model_version_not_found");
    expect(res.body.detail).toStartWith("No model version serves at the market time ");
    await deps.sql`update model_versions set status = 'champion'`;
  });
});
