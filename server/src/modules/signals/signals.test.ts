// Signals and dashboard stats read from real rows: filters, 4xx on bad input, isolation.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp } from "../../../../test/helpers";
import { seedSignal } from "./testing";

const app = testApp();
afterAll(() => closeTestDeps());

describe("GET /api/signals", () => {
  test("newest first, with and without the trailing slash, filtered by symbol, type and range", async () => {
    const u = await createUser();
    const old = await seedSignal(u.id, "BTCUSDT", "LONG", 20);
    const mid = await seedSignal(u.id, "ETHUSDT", "NO_TRADE", 3);
    const fresh = await seedSignal(u.id, "BTCUSDT", "SHORT", 0.1);
    const ids = (r: { body: Array<{ id: number }> }) => r.body.map((s) => s.id);

    const all = await call(app, "GET", "/api/signals/", { token: u.token });
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([fresh.signalId, mid.signalId, old.signalId]);
    expect(ids(await call(app, "GET", "/api/signals", { token: u.token }))).toEqual(ids(all));
    expect(all.body[0]).toMatchObject({ type: "SHORT", signal_type: "SHORT", confidence: 0.55, confidence_percent: 55, entry_price: 100, take_profit: 90, stop_loss: 105, rr_ratio: 2, request_id: fresh.requestId, credits_status: "USED", outcome: "OPEN" });
    expect(all.body[1]).toMatchObject({ type: "NO_TRADE", no_trade: true, entry_price: null, credits_status: "RELEASED", outcome: null });

    expect(ids(await call(app, "GET", "/api/signals/?symbol=btc", { token: u.token }))).toEqual([fresh.signalId, old.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?type=NO_TRADE", { token: u.token }))).toEqual([mid.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?type=buy", { token: u.token }))).toEqual([old.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?range=24h", { token: u.token }))).toEqual([fresh.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?range=7d", { token: u.token }))).toEqual([fresh.signalId, mid.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?range=30d&type=ALL", { token: u.token }))).toEqual([fresh.signalId, mid.signalId, old.signalId]);
    expect(ids(await call(app, "GET", "/api/signals/?symbol=%25", { token: u.token }))).toEqual([fresh.signalId, mid.signalId, old.signalId]);

    const badType = await call(app, "GET", "/api/signals/?type=MAYBE", { token: u.token });
    expect(badType.status).toBe(400);
    expect(badType.body.detail).toContain("Unknown signal type");
    expect((await call(app, "GET", "/api/signals/?range=1y", { token: u.token })).status).toBe(400);
    expect((await call(app, "GET", "/api/signals/?limit=0", { token: u.token })).status).toBe(400);
  });

  test("one signal by id; another user's is a 404, as are garbage ids", async () => {
    const a = await createUser();
    const b = await createUser();
    const { signalId } = await seedSignal(a.id, "SOLUSDT", "LONG", 1);
    const mine = await call(app, "GET", `/api/signals/${signalId}`, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(signalId);
    const theirs = await call(app, "GET", `/api/signals/${signalId}`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe("Signal not found");
    expect((await call(app, "GET", "/api/signals/", { token: b.token })).body).toEqual([]);
    expect((await call(app, "GET", "/api/signals/1.5", { token: a.token })).status).toBe(404);
    expect((await call(app, "GET", "/api/signals/", {})).status).toBe(401);
  });

  test("stats: the four cards with 7-day series, trend vs the previous 7 days, refund ratio", async () => {
    const u = await createUser();
    await seedSignal(u.id, "BTCUSDT", "LONG", 10); // previous week
    await seedSignal(u.id, "BTCUSDT", "LONG", 2);
    await seedSignal(u.id, "ETHUSDT", "NO_TRADE", 2);
    await seedSignal(u.id, "SOLUSDT", "SHORT", 0);
    const res = await call(app, "GET", "/api/signals/stats", { token: u.token });
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.total_signals).toMatchObject({ value: 4, last_7_days: 3, previous_7_days: 1, trend_percent: 200, trend: "up" });
    expect(s.total_signals.series.length).toBe(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.total_signals.series[6]).toEqual({ date: today, value: 1 });
    expect(s.total_signals.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(3);
    expect(s.live_analyses).toMatchObject({ value: 0, completed: 4, failed: 0 });
    expect(s.used_credits).toMatchObject({ value: 4, today: 1 });
    expect(s.returned_credits).toMatchObject({ value: 1, today: 0, ratio: 0.25 });
    expect(s.returned_credits.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(1);
  });
});
