// Two engines, the market leader SIGKILLed right after renewing its lock mid-analysis: every analysis ends once, the survivor leads within one lock time.
import { afterAll, beforeAll, expect, test } from "bun:test";
import Redis from "ioredis";
import type { Sql } from "@core/infra/db";
import { createAnalysisQueue } from "@core/queues/analysis-queue";
import { snapshotKeyName } from "@core/market/market-intervals";
import { startApp, type RunningApp, type Workspace } from "../../scripts/app-process";
import { LEADER_TTL_MS, RENEW_EVERY_MS } from "../../engine/src/market/ingest";
import { insertUser, waitFor } from "../helpers";
import { analysisBooks, api, booksFindings, faultWorkspace, killHard, settledOnce, spawnEngine } from "./harness";

// Long enough that analyses are still between phases when the next lock renewal comes (at most 10 s away).
const PHASE_SECONDS = 6;
// Timers and two busy cores: what "within its lock time" is allowed on top of the lock's own TTL.
const SCHEDULING_SLACK_MS = 3_000;
const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT"];

let ws: Workspace;
let sql: Sql;
let app: RunningApp;
let second: Bun.Subprocess;
let redis: Redis;
let subscriber: Redis;
/** Final progress pushes (COMPLETED / FAILED) per analysis, as socket clients would receive them. */
const finalPushes = new Map<number, number>();

beforeAll(async () => {
  ({ ws, sql } = await faultWorkspace("engines"));
  redis = new Redis(ws.redisUrl);
  subscriber = new Redis(ws.redisUrl);
  app = await startApp(ws, { servers: 1, engine: true, quiet: true, env: { ANALYSIS_PHASE_SECONDS: String(PHASE_SECONDS) } });
  second = await spawnStandbyOutOfStep();
  await subscriber.psubscribe(`${ws.redisPrefix}analysis.*`);
  subscriber.on("pmessage", (_p, _c, message) => {
    const { data } = JSON.parse(message) as { data: { request_id: number; status: string } };
    if (data.status !== "IN_PROGRESS") finalPushes.set(data.request_id, (finalPushes.get(data.request_id) ?? 0) + 1);
  });
}, 90_000);

afterAll(async () => {
  if (second) await killHard(second);
  await app?.stop();
  subscriber?.disconnect();
  redis?.disconnect();
  await sql?.end({ timeout: 2 });
  await ws?.drop();
});

const lockKey = () => `${ws.redisPrefix}market:leader`;
const holderPid = async () => Number((await redis.get(lockKey()))?.split(":")[0] ?? NaN);

/**
 * The second engine starts about half a renewal interval after the first one's lock renewals, so its campaigns run
 * out of step with them: a standby that only campaigned on its own interval would then find the dead leader's lock
 * still alive and wait most of another interval, past the lock time.
 */
async function spawnStandbyOutOfStep(): Promise<Bun.Subprocess> {
  const first = app.processes[1];
  await waitFor(async () => (await holderPid()) === first.pid, 60_000, "the first engine to take the leader lock");
  const acquiredAt = Date.now() - (LEADER_TTL_MS - (await redis.pttl(lockKey())));
  const sinceRenewal = (Date.now() - acquiredAt) % RENEW_EVERY_MS;
  await Bun.sleep((RENEW_EVERY_MS + 4_000 - sinceRenewal) % RENEW_EVERY_MS);
  return spawnEngine(app.env);
}

/** Both engines consume the analysis queue before anything starts, so the work is really shared between them. */
async function bothEnginesWorking() {
  const connection = redis.duplicate();
  const queue = createAnalysisQueue({ REDIS_PREFIX: ws.redisPrefix }, connection);
  try {
    await waitFor(async () => (await queue.getWorkersCount()) >= 2, 60_000, "two analysis workers");
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Returns right after the leader renews (PTTL back near the full TTL): its lock then lives longest, the hardest case for takeover. */
async function justRenewed() {
  let last = await redis.pttl(lockKey());
  await waitFor(
    async () => {
      const now = await redis.pttl(lockKey());
      const renewed = now > last + 500 && now > LEADER_TTL_MS - 1_000;
      last = now;
      return renewed;
    },
    15_000,
    "a lock renewal",
  );
}

test(
  "leader SIGKILLed mid-analysis: each analysis settles exactly once, the survivor takes the lock within its TTL and publishes",
  async () => {
    const engines = [app.processes[1], second];
    await bothEnginesWorking();
    const users = await Promise.all([0, 1, 2].map(() => insertUser(sql, app.env.JWT_SECRET!, { credits: 3, tag: "engines" })));
    for (const u of users) {
      for (const symbol of SYMBOLS)
        expect((await api(app.baseUrls[0], "POST", "/api/analysis/start", { token: u.token, body: { symbol }, boundMs: null })).status).toBe(200);
    }
    await waitFor(async () => (await sql`select 1 from analysis_requests where current_phase >= 2 limit 1`).length > 0, 30_000, "a finished phase 1");

    const leaderPid = await waitFor(
      async () => {
        const pid = await holderPid();
        return engines.some((e) => e.pid === pid) ? pid : null;
      },
      30_000,
      "a market leader among the two engines",
    );
    const leader = engines.find((e) => e.pid === leaderPid)!;
    const survivor = engines.find((e) => e !== leader)!;
    await justRenewed();
    await killHard(leader);
    const killedAt = Date.now();
    const [{ running }] = await sql`select count(*)::int as running from analysis_requests where status = 'IN_PROGRESS'`;
    expect(running).toBeGreaterThan(0); // the kill really came mid-analysis

    await waitFor(async () => (await holderPid()) === survivor.pid, LEADER_TTL_MS + SCHEDULING_SLACK_MS, "the survivor to hold the leader lock");
    // Holding the key is not enough: the survivor must actually compute and publish as leader.
    await waitFor(
      async () => {
        const raw = await redis.get(`${ws.redisPrefix}${snapshotKeyName("health")}`);
        return raw !== null && Date.parse(JSON.parse(raw).computed_at) > killedAt;
      },
      30_000,
      "a market snapshot from the new leader",
    );

    // Recovery is bounded by the time-out: 3 phases + 30 s grace, then one sweep.
    const books = await waitFor(
      async () => {
        const rows = await analysisBooks(sql);
        return rows.every((r) => r.status !== "IN_PROGRESS") ? rows : null;
      },
      3 * PHASE_SECONDS * 1000 + 45_000,
      "every analysis to settle",
    );
    expect(books).toHaveLength(users.length * SYMBOLS.length);
    expect(books.filter((a) => !settledOnce(a))).toEqual([]);
    for (const a of books) expect(finalPushes.get(a.id) ?? 0).toBeLessThanOrEqual(1);
    for (const u of users) {
      const [{ credits }] = await sql`select credits from users where id = ${u.id}`;
      expect(credits).toBe(3 - books.filter((a) => a.user_id === u.id && a.credits_status === "USED").length);
    }
    expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
    expect(survivor.exitCode).toBeNull();
  },
  { timeout: 120_000 },
);
