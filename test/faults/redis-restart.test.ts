// Fault: Redis restarted (empty) and flushed under load, with real server and engine processes: the API answers, pushes resume, analyses finish.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  analysesPastPhaseOne,
  api,
  badAnswers,
  createUser,
  logTail,
  booksFindings,
  PHASE_SECONDS,
  socketClient,
  startFaultEnv,
  startLoad,
  stillRunning,
  type FaultEnv,
  type Sample,
} from "./harness";
import { waitFor } from "../helpers";

const PATHS = ["/api/analysis/active", "/api/credits/balance", "/api/market/health", "/api/market/core-assets"];
/** Market reads come from Redis snapshots: a 503 with a detail is allowed until the engine has published fresh ones. */
const marketCall = (s: Sample) => s.path.startsWith("/api/market/");
/** The bound: socket clients hear from the app again this soon after Redis is back. */
const PUSHES_WITHIN_MS = 10_000;
/** The market leader notices its lost lock at its next renewal (every 10 s), takes it again and republishes every topic. */
const MARKET_PUSH_WITHIN_MS = 15_000;

let env: FaultEnv;

beforeAll(async () => {
  env = await startFaultEnv("redis");
}, 60_000);

afterAll(async () => {
  await env?.close();
});

/** Three users polling the API, two analyses each under way (past phase 1), and one socket subscribed and signed in. */
async function underLoad() {
  const users = await Promise.all([0, 1, 2].map(() => createUser(env.sql, 5)));
  const socket = await socketClient(env.base);
  socket.send({ action: "subscribe", topics: ["market"] });
  socket.send({ action: "auth", token: users[0].token });
  await waitFor(() => socket.messages.some((m) => m.type === "authenticated"), 5_000, "the socket to authenticate");
  await waitFor(async () => (await api(env.base, "GET", "/api/market/health")).status === 200, 30_000, "market snapshots before the fault");
  const load = startLoad(env.base, users, PATHS);
  // Mid-flight: every analysis has a delayed phase job in Redis that the fault will take away.
  const ids = await analysesPastPhaseOne(env, users);
  return { users, socket, load, ids };
}

/** What must hold once Redis is back (at `backAt`): pushes within 10 s, analyses finished, fresh market data, clean books. */
async function assertRecovered(run: Awaited<ReturnType<typeof underLoad>>, ids: number[], faultAt: number, backAt: number) {
  const pushed = (type: (t: string) => boolean) => () => run.socket.messages.some((m) => m.at >= backAt && type(m.type));
  const left = (ms: number) => backAt + ms - Date.now();
  await waitFor(
    pushed((t) => t === "analysis_progress"),
    left(PUSHES_WITHIN_MS),
    "an analysis progress push within 10 s of Redis coming back",
  );
  await waitFor(
    pushed((t) => t !== "analysis_progress" && t !== "error"),
    left(MARKET_PUSH_WITHIN_MS),
    "a market push after Redis came back",
  );
  expect(run.socket.closed()).toBeNull();

  // Postgres is the truth: the lost phase jobs are re-created from it and every analysis completes.
  await waitFor(async () => (await stillRunning(env.sql, ids)).length === 0, 40_000, "every analysis to settle");
  const rows = await env.sql<{ status: string }[]>`select status from analysis_requests where id in ${env.sql(ids)}`;
  expect(rows.map((r) => r.status)).toEqual(ids.map(() => "COMPLETED"));

  const fresh = await waitFor(
    async () => {
      const res = await api(env.base, "GET", "/api/market/health");
      return res.status === 200 && Date.parse(res.body.computed_at) >= faultAt - 1_000 ? res : null;
    },
    20_000,
    "market data computed after the fault",
  );
  expect(fresh.body.data.status).toBeString();
  const recoveredAt = Date.now();
  expect((await api(env.base, "GET", "/api/ready")).status).toBe(200);

  await run.load.stop();
  run.socket.ws.close();
  // The load ran through the fault and the recovery, so the answers below cover them.
  expect(run.load.samples.filter((s) => s.at >= faultAt && s.at <= recoveredAt).length).toBeGreaterThan(0);
  expect(badAnswers(run.load.samples, marketCall)).toEqual([]);
  expect(env.allRunning()).toBe(true);
  expect(await booksFindings(env.sql, PHASE_SECONDS)).toEqual([]);
}

/** Fails the test with the app's log when `body` throws: the processes' view is what explains a fault test. */
async function withLog(body: () => Promise<void>) {
  try {
    await body();
  } catch (err) {
    console.error(`--- server/engine log ---\n${logTail(env)}`);
    throw err;
  }
}

test(
  "Redis stopped for 3 s and restarted empty: API answers throughout, pushes resume within 10 s, every analysis completes, books balance",
  () =>
    withLog(async () => {
      const run = await underLoad();
      const faultAt = Date.now();
      await env.redis.stop();
      // Started while Redis is down: Postgres takes it (200), the job cannot be queued, the sweep must make one later.
      const late = await api(env.base, "POST", "/api/analysis/start", { token: run.users[1].token, body: { symbol: "SOLUSDT" } });
      expect(late.status).toBe(200);
      await Bun.sleep(Math.max(0, faultAt + 3_000 - Date.now()));
      const failedMarket = await api(env.base, "GET", "/api/market/health");
      expect(failedMarket.status).toBe(503);
      expect(failedMarket.body.detail).toBeString();
      await env.redis.start();
      await assertRecovered(run, [...run.ids, late.body.request_id], faultAt, Date.now());
    }),
  { timeout: 80_000 },
);

test(
  "FLUSHALL under load: market calls 503 with a detail until fresh snapshots, pushes resume within 10 s, every analysis completes, books balance",
  () =>
    withLog(async () => {
      const run = await underLoad();
      const faultAt = Date.now();
      await env.redis.flushAll();
      await assertRecovered(run, run.ids, faultAt, faultAt);
    }),
  { timeout: 80_000 },
);
