// Signals and dashboard stats read from real rows: filters, 4xx on bad input, isolation.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { bookAnalysis, seedSignal } from "./testing";

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
    expect(all.body[0]).toMatchObject({
      type: "SHORT",
      confidence: 0.55,
      entry_price: 100,
      take_profit: 90,
      stop_loss: 105,
      rr_ratio: 2,
      request_id: fresh.requestId,
      credits_status: "USED",
      outcome: "OPEN",
    });
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
    // Names every object inherits are not filters (the bad-input suite found range=constructor answering 500).
    for (const q of ["range=constructor", "type=__proto__", "range=toString"])
      expect((await call(app, "GET", `/api/signals/?${q}`, { token: u.token })).status).toBe(400);
    // The history shares the range filter.
    expect((await call(app, "GET", "/api/analysis/history?range=constructor", { token: u.token })).status).toBe(400);
    expect((await call(app, "GET", "/api/signals/?limit=0", { token: u.token })).status).toBe(400);
  });

  test("paged with cursor: every signal exactly once, newest first, filters applied on the server, total per filter", async () => {
    const u = await createUser();
    const other = await createUser();
    await seedSignal(other.id, "BTCUSDT", "LONG", 0.5);
    // Seven signals an hour apart (newest first in `seeded`); BTC LONG, ETH SHORT and SOL NO_TRADE in turn.
    const kinds = [
      ["BTCUSDT", "LONG"],
      ["ETHUSDT", "SHORT"],
      ["SOLUSDT", "NO_TRADE"],
    ] as const;
    const seeded: Array<{ signalId: number; symbol: string; type: string; hoursAgo: number }> = [];
    for (let i = 6; i >= 0; i--) {
      const [symbol, type] = kinds[i % 3];
      const hoursAgo = i * 24 + 1;
      seeded.unshift({ ...(await seedSignal(u.id, symbol, type, hoursAgo / 24)), symbol, type, hoursAgo });
    }
    type Page = { items: Array<{ id: number }>; next_cursor: string | null; total: number };
    const readAll = async (filters: string, limit: number) => {
      const pages: Page[] = [];
      let cursor = "";
      do {
        const res = await call(app, "GET", `/api/signals/?limit=${limit}&cursor=${cursor}${filters}`, { token: u.token });
        expect(res.status).toBe(200);
        pages.push(res.body);
        cursor = res.body.next_cursor ?? "";
      } while (cursor);
      return pages;
    };

    const pages = await readAll("", 3);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.total === 7)).toBe(true);
    // Of the 7, the LONG/SHORT ones are signals; the two No Trades are not (the dashboard heading's count).
    expect(pages.every((p) => (p as Page & { issued: number }).issued === 5)).toBe(true);
    expect((await readAll("&type=NO_TRADE", 5))[0]).toMatchObject({ total: 2, issued: 0 });
    expect(pages.flatMap((p) => p.items.map((s) => s.id))).toEqual(seeded.map((s) => s.signalId));
    expect(pages[2].next_cursor).toBeNull();

    const expectIds = (wanted: (s: (typeof seeded)[number]) => boolean) => seeded.filter(wanted).map((s) => s.signalId);
    const eth = await readAll("&symbol=eth", 1);
    expect(eth.flatMap((p) => p.items.map((s) => s.id))).toEqual(expectIds((s) => s.symbol === "ETHUSDT"));
    expect(eth[0].total).toBe(expectIds((s) => s.symbol === "ETHUSDT").length);
    const longs = await readAll("&type=LONG&range=30d", 2);
    expect(longs.flatMap((p) => p.items.map((s) => s.id))).toEqual(expectIds((s) => s.type === "LONG"));
    const week = await readAll("&range=7d", 2);
    expect(week.flatMap((p) => p.items.map((s) => s.id))).toEqual(expectIds((s) => s.hoursAgo < 7 * 24));
    expect(week[0].total).toBe(expectIds((s) => s.hoursAgo < 7 * 24).length);

    // A signal issued while paging lands on the first page, not in the middle of the older ones.
    const first = (await call(app, "GET", "/api/signals/?limit=3&cursor=", { token: u.token })).body as Page;
    const fresh = await seedSignal(u.id, "XRPUSDT", "LONG", 0);
    const second = (await call(app, "GET", `/api/signals/?limit=3&cursor=${first.next_cursor}`, { token: u.token })).body as Page;
    expect(second.items.map((s) => s.id)).toEqual(seeded.slice(3, 6).map((s) => s.signalId));
    expect(second.total).toBe(8);
    expect((await call(app, "GET", "/api/signals/?limit=1&cursor=", { token: u.token })).body.items[0].id).toBe(fresh.signalId);

    // The original call shape is unchanged: a bare array, newest first.
    const bare = await call(app, "GET", "/api/signals/?limit=2", { token: u.token });
    expect(Array.isArray(bare.body)).toBe(true);
    expect(bare.body.map((s: { id: number }) => s.id)).toEqual([fresh.signalId, seeded[0].signalId]);

    // Another user's cursor finds nothing here; a malformed one is a 400.
    const theirs = await call(app, "GET", "/api/signals/", { token: other.token });
    // An empty page still counts every matching signal (the count travels with the page's rows).
    expect((await call(app, "GET", `/api/signals/?cursor=${theirs.body[0].id}`, { token: u.token })).body).toEqual({
      items: [],
      next_cursor: null,
      total: 8,
      issued: 6,
    });
    const newcomer = await createUser();
    expect((await call(app, "GET", "/api/signals/?limit=50&cursor=", { token: newcomer.token })).body).toEqual({
      items: [],
      next_cursor: null,
      total: 0,
      issued: 0,
    });
    const bad = await call(app, "GET", "/api/signals/?cursor=abc", { token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("cursor");
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
    await seedSignal(u.id, "XRPUSDT", "NO_TRADE", 0);
    // One analysis still running: its credit is held, neither used nor returned yet.
    await testDeps().sql.begin(async (tx) => {
      const [r] = await tx`insert into analysis_requests (user_id, symbol, next_run_at, market_time_ms)
                           values (${u.id}, 'DOGEUSDT', now() + interval '1 hour', 1717200000000) returning id`;
      await bookAnalysis(tx, u.id, Number(r.id), false);
    });
    const res = await call(app, "GET", "/api/signals/stats", { token: u.token });
    expect(res.status).toBe(200);
    const s = res.body;
    // A refunded NO_TRADE is an analysis, not a signal: Total Signals counts the LONG and SHORT ones.
    expect(s.total_signals).toMatchObject({ value: 3, last_7_days: 2, previous_7_days: 1, trend_percent: 100, trend: "up" });
    expect(s.total_signals.series.length).toBe(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.total_signals.series[6]).toEqual({ date: today, value: 1 });
    expect(s.total_signals.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(2);
    expect(s.live_analyses).toMatchObject({ value: 1, completed: 5, failed: 0 });
    // Used Credits are the credits that bought a signal (issue 33 §7): equal to Total Signals, today and by day alike;
    // the two returned (No Trades) and the one still held are not among them.
    expect(s.used_credits).toMatchObject({ value: 3, today: 1 });
    expect(s.used_credits.series).toEqual(s.total_signals.series);
    // Returned: 2 of the 6 credits analyses held.
    expect(s.returned_credits).toMatchObject({ value: 2, today: 1, ratio: 0.333 });
    expect(s.returned_credits.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(2);
    // The usage answer (the card's own 10 s source) names the same used credits.
    const usage = (await call(app, "GET", "/api/credits/usage", { token: u.token })).body;
    expect(usage).toMatchObject({ used: 6, refunded: 2, held: 1, net_used: 3 });
  });
});
