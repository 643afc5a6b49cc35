// POST /api/analysis/start on real Postgres/Redis: validation, conditional debit, cap, idempotency, concurrency, isolation.
import { afterAll, describe, expect, test } from "bun:test";
import { MAX_ACTIVE_ANALYSES, createAnalysisQueue, phaseJobId } from "@core/queues/analysis-queue";
import { EARLY_REPLAY_PERIOD } from "@core/market/recorded-symbols";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { createApp } from "../../app";
import { applyCreditChange } from "@core/ledger/credits";
import { USER_CHANGED_MESSAGE } from "@core/contract/socket";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor, whileListening } from "../../../../test/helpers";
import { seedSignal } from "../signals/testing";

const app = testApp();
const deps = testDeps();
const queue = createAnalysisQueue(deps.config, deps.redis);

afterAll(async () => {
  // No worker runs in this file: drop the queued phase jobs so no later test file's worker picks them up.
  await queue.obliterate({ force: true });
  await queue.close();
  await closeTestDeps();
});

const balance = async (userId: number) => (await deps.sql`select credits from users where id = ${userId}`)[0].credits as number;
const ledger = async (userId: number) => [
  ...(await deps.sql<{ kind: string; amount: number; balance_after: number; reference_type: string | null; reference_id: number | null }[]>`
    select kind, amount, balance_after, reference_type, reference_id from credit_ledger where user_id = ${userId} order by id`),
];
const start = (token: string, symbol: unknown, headers?: Record<string, string>) =>
  call(app, "POST", "/api/analysis/start", { token, body: { symbol }, headers });

describe("POST /api/analysis/start", () => {
  test("holds one credit, creates the request and queues phase 1", async () => {
    const u = await createUser({ credits: 2 });
    const res = await start(u.token, "  btcusdt ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      symbol: "BTCUSDT",
      status: "IN_PROGRESS",
      current_phase: 1,
      progress_percent: 0,
      credits: 1,
      credits_status: "HELD",
    });
    expect(res.body.request_id).toBeNumber();
    expect(typeof res.body.created_at).toBe("string");
    expect(await balance(u.id)).toBe(1);
    expect(await ledger(u.id)).toEqual([
      { kind: "GRANT", amount: 2, balance_after: 2, reference_type: null, reference_id: null },
      { kind: "DEDUCTION", amount: -1, balance_after: 1, reference_type: "analysis_request", reference_id: res.body.request_id },
    ]);
    const job = await queue.getJob(phaseJobId(res.body.request_id, 1));
    expect(job?.data).toEqual({ requestId: res.body.request_id, phase: 1 });
    expect(await job?.getState()).toBe("delayed");
  });

  test("a replay of the earlier period refuses a listed pair it has no candles for, up front and charging nothing", async () => {
    const early = createApp({ ...deps, config: { ...deps.config, REPLAY_START: "2024-06-01T00:00:00Z" } });
    const u = await createUser({ credits: 1 });
    const later = SUPPORTED_SYMBOLS.find((s) => !EARLY_REPLAY_PERIOD.symbols.includes(s)) as string;
    const refused = await call(early, "POST", "/api/analysis/start", { token: u.token, body: { symbol: later } });
    expect([refused.status, refused.body.code]).toEqual([400, "symbol_unavailable"]);
    expect(refused.body.detail).toBe(`${later} cannot be analysed here: no recorded data in this replay period`);
    expect(await balance(u.id)).toBe(1);
    expect(await ledger(u.id)).toHaveLength(1);
  });

  test("unsupported or empty symbols are 400 and charge nothing", async () => {
    const u = await createUser({ credits: 1 });
    const bad = await start(u.token, "xyzusdt");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Symbol XYZUSDT is not supported");
    const empty = await start(u.token, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe("Enter a symbol");
    const missing = await call(app, "POST", "/api/analysis/start", { token: u.token, body: {} });
    expect(missing.status).toBe(422);
    expect(typeof missing.body.detail).toBe("string");
    expect(await balance(u.id)).toBe(1);
  });

  test("402 Insufficient credits without a credit, and no request row", async () => {
    const u = await createUser({ credits: 0 });
    const res = await start(u.token, "ETHUSDT");
    expect(res.status).toBe(402);
    expect(res.body.detail).toBe("Insufficient credits");
    const [{ n }] = await deps.sql`select count(*)::int as n from analysis_requests where user_id = ${u.id}`;
    expect(n).toBe(0);
  });

  test(`429 beyond ${MAX_ACTIVE_ANALYSES} running analyses`, async () => {
    const u = await createUser({ credits: 5 });
    for (let i = 0; i < MAX_ACTIVE_ANALYSES; i++) expect((await start(u.token, "SOLUSDT")).status).toBe(200);
    const res = await start(u.token, "SOLUSDT");
    expect(res.status).toBe(429);
    expect(res.body.detail).toContain(`${MAX_ACTIVE_ANALYSES} analyses running`);
    expect(await balance(u.id)).toBe(5 - MAX_ACTIVE_ANALYSES);
  });

  test("401 without a token", async () => {
    const res = await call(app, "POST", "/api/analysis/start", { body: { symbol: "BTCUSDT" } });
    expect(res.status).toBe(401);
  });

  test("50 parallel starts with 3 credits: exactly 3 accepted, balance 0, ledger adds up", async () => {
    const u = await createUser({ credits: 3 });
    const results = await Promise.all(Array.from({ length: 50 }, () => start(u.token, "BTCUSDT")));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(3);
    expect(results.every((r) => r.status === 200 || r.status === 402 || r.status === 429)).toBe(true);
    expect(new Set(ok.map((r) => r.body.request_id)).size).toBe(3);
    expect(await balance(u.id)).toBe(0);
    const rows = await ledger(u.id);
    expect(rows.filter((r) => r.kind === "DEDUCTION").length).toBe(3);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    const [{ n }] = await deps.sql`select count(*)::int as n from analysis_requests where user_id = ${u.id}`;
    expect(n).toBe(3);
  });

  test("the same Idempotency-Key 10x in parallel: one analysis, one debit, the same answer", async () => {
    const u = await createUser({ credits: 3 });
    const headers = { "idempotency-key": "start-once-123" };
    const results = await Promise.all(Array.from({ length: 10 }, () => start(u.token, "ETHUSDT", headers)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.body.request_id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.body.credits === 2)).toBe(true);
    expect(results.filter((r) => r.body.replayed === false).length).toBe(1);
    expect(await balance(u.id)).toBe(2);
    expect((await ledger(u.id)).filter((r) => r.kind === "DEDUCTION").length).toBe(1);
    // The key now names that request: another symbol under it is a conflict, a new key starts a new analysis.
    const other = await start(u.token, "SOLUSDT", headers);
    expect(other.status).toBe(409);
    const fresh = await start(u.token, "ETHUSDT", { "idempotency-key": "another-key" });
    expect(fresh.status).toBe(200);
    expect(fresh.body.request_id).not.toBe([...ids][0]);
    expect(await balance(u.id)).toBe(1);
  });
});

describe("announcing a start", () => {
  test("the credit hold announces it once on commit (the route does not): the active list's old tag stops matching", async () => {
    const u = await createUser({ credits: 1 });
    const later = await createUser();
    await whileListening([u.id, later.id], async (heard) => {
      const before = await call(app, "GET", "/api/analysis/active", { token: u.token });
      const etag = before.headers.get("etag");
      expect(etag).toBeString();
      const revalidate = () => call(app, "GET", "/api/analysis/active", { token: u.token, headers: { "if-none-match": etag! } });
      expect((await revalidate()).status).toBe(304);
      expect((await start(u.token, "BTCUSDT")).status).toBe(200);
      await waitFor(async () => (await revalidate()).status === 200, 5000, "a full answer after the start");
      // The listener relays committed changes in commit order: once a later change is heard, every announcement of the
      // start has been too, so the count below is final.
      await deps.sql.begin((tx) => applyCreditChange(tx, { userId: later.id, kind: "GRANT", amount: 1 }));
      await waitFor(() => heard.some((h) => h.userId === later.id), 5000, "the later change's announcement");
      expect(heard.filter((h) => h.userId === u.id).map((h) => h.message)).toEqual([USER_CHANGED_MESSAGE]);
    });
  });
});

describe("reading analyses", () => {
  test("active is an empty list (not 404) before any start; rows carry the §3 fields", async () => {
    const u = await createUser({ credits: 2 });
    const empty = await call(app, "GET", "/api/analysis/active", { token: u.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const started = await start(u.token, "XRPUSDT");
    const active = await call(app, "GET", "/api/analysis/active", { token: u.token });
    expect(active.body.length).toBe(1);
    const row = active.body[0];
    expect(row).toMatchObject({
      id: started.body.request_id,
      symbol: "XRPUSDT",
      status: "IN_PROGRESS",
      current_phase: 1,
      progress_percent: 0,
      credits_status: "HELD",
      final_signal_id: null,
      final_signal: null,
      final_signal_type: null,
      latest_reasoning: null,
    });
    expect(Date.parse(row.next_run_at)).toBeGreaterThan(Date.parse(row.created_at));
    expect(row.time_remaining_seconds).toBeGreaterThanOrEqual(0);
    expect(row.time_remaining_seconds).toBeLessThanOrEqual(deps.config.ANALYSIS_PHASE_SECONDS);

    const one = await call(app, "GET", `/api/analysis/${started.body.request_id}`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(started.body.request_id);
    const history = await call(app, "GET", "/api/analysis/history", { token: u.token });
    expect(history.body.map((r: { id: number }) => r.id)).toEqual([started.body.request_id]);
    const reasoning = await call(app, "GET", `/api/analysis/${started.body.request_id}/latest-reasoning?limit=900`, { token: u.token });
    expect(reasoning.status).toBe(200);
    expect(reasoning.body).toMatchObject({
      request_id: started.body.request_id,
      reason: null,
      full_reasoning: null,
      status: "IN_PROGRESS",
      phases: [],
    });
    const detail = await call(app, "GET", `/api/analysis/detail/${started.body.request_id}`, { token: u.token });
    expect(detail.body).toMatchObject({ id: started.body.request_id, final_signal: null, reasoning: [], analysis: null });
  });

  test("history pages with a cursor and filters (symbol, range, has_signal); the bare list is unchanged", async () => {
    const u = await createUser();
    const signalled = [];
    for (let i = 4; i >= 0; i--) signalled.unshift(await seedSignal(u.id, i % 2 ? "ETHUSDT" : "BTCUSDT", "LONG", i + 0.5, { sql: deps.sql }));
    // A failed analysis (no signal), refunded as the engine leaves it.
    const [failed] = await deps.sql<{ id: number }[]>`
      insert into analysis_requests (user_id, symbol, status, current_phase, credits_status, failure_reason, created_at)
      values (${u.id}, 'BTCUSDT', 'FAILED', 2, 'RELEASED', 'Analysis timed out', now() - interval '10 days') returning id`;
    const everyId = [...signalled.map((s) => s.requestId), Number(failed.id)];
    const ids = (body: { items: Array<{ id: number }> }) => body.items.map((a) => a.id);

    const p1 = await call(app, "GET", "/api/analysis/history?limit=4&cursor=", { token: u.token });
    expect(p1.status).toBe(200);
    expect(p1.body.total).toBe(6);
    const p2 = await call(app, "GET", `/api/analysis/history?limit=4&cursor=${p1.body.next_cursor}`, { token: u.token });
    expect([...ids(p1.body), ...ids(p2.body)]).toEqual(everyId);
    expect(p2.body.next_cursor).toBeNull();
    expect(p1.body.items[0].final_signal.id).toBe(signalled[0].signalId);

    const noSignal = await call(app, "GET", "/api/analysis/history?cursor=&has_signal=false", { token: u.token });
    expect(ids(noSignal.body)).toEqual([Number(failed.id)]);
    expect(noSignal.body.items[0]).toMatchObject({ status: "FAILED", final_signal: null });
    const eth = await call(app, "GET", "/api/analysis/history?cursor=&symbol=eth&range=7d", { token: u.token });
    expect(ids(eth.body)).toEqual([signalled[1].requestId, signalled[3].requestId]);
    expect(eth.body.total).toBe(2);
    expect((await call(app, "GET", "/api/analysis/history?cursor=&range=24h&has_signal=true", { token: u.token })).body.total).toBe(1);

    // Past the last page, and a trader with no analyses: no rows, the count still there.
    expect((await call(app, "GET", `/api/analysis/history?cursor=${failed.id}`, { token: u.token })).body).toEqual({
      items: [],
      next_cursor: null,
      total: 6,
    });
    const newcomer = await createUser();
    const empty = await call(app, "GET", "/api/analysis/history?limit=50&cursor=&has_signal=false", { token: newcomer.token });
    expect(empty.body).toEqual({ items: [], next_cursor: null, total: 0 });

    const bare = await call(app, "GET", "/api/analysis/history?limit=2", { token: u.token });
    expect(bare.body.map((a: { id: number }) => a.id)).toEqual(everyId.slice(0, 2));
    expect((await call(app, "GET", "/api/analysis/history?has_signal=maybe", { token: u.token })).status).toBe(400);
    expect((await call(app, "GET", "/api/analysis/history?cursor=-1", { token: u.token })).status).toBe(400);
  });

  test("another user's analysis is a 404 everywhere; garbage ids and limits are 4xx", async () => {
    const a = await createUser({ credits: 1 });
    const b = await createUser({ credits: 1 });
    const { body } = await start(a.token, "DOGEUSDT");
    const id = body.request_id;
    for (const path of [
      `/api/analysis/${id}`,
      `/api/analysis/${id}/latest-reasoning`,
      `/api/analysis/detail/${id}`,
      `/api/analysis/detail/${id}/latest-reasoning`,
    ]) {
      const res = await call(app, "GET", path, { token: b.token });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Analysis not found");
    }
    expect((await call(app, "GET", "/api/analysis/active", { token: b.token })).body).toEqual([]);
    expect((await call(app, "GET", "/api/analysis/history", { token: b.token })).body).toEqual([]);
    expect((await call(app, "GET", "/api/analysis/abc", { token: a.token })).status).toBe(404);
    expect((await call(app, "GET", "/api/analysis/99999999999999999999", { token: a.token })).status).toBe(404);
    expect((await call(app, "GET", "/api/analysis/history?limit=0", { token: a.token })).status).toBe(400);
    expect((await call(app, "GET", `/api/analysis/${id}/latest-reasoning?limit=x`, { token: a.token })).status).toBe(400);
  });
});
