// Cheap polls: the polled lists answer 304 from the per-user version alone, and any announced change ends that.
import { afterAll, expect, test } from "bun:test";
import { registry } from "@core/infra/metrics";
import { userChanged } from "@core/infra/user-version";
import { listReads } from "../src/lib/conditional";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor, whileListening } from "../../test/helpers";
import { seedSignal } from "../src/modules/signals/testing";

const app = testApp();
afterAll(() => closeTestDeps());

const POLLED = ["/api/signals/", "/api/signals/stats", "/api/analysis/active", "/api/analysis/history", "/api/credits/usage", "/api/transactions/"];

test("each polled list is tagged, and the tag alone answers 304 with no body", async () => {
  const u = await createUser({ credits: 3 });
  for (const path of POLLED) {
    const first = await call(app, "GET", path, { token: u.token });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await call(app, "GET", path, { token: u.token, headers: { "if-none-match": etag! } });
    expect([path, again.status, again.body]).toEqual([path, 304, null]);
    expect(again.headers.get("etag")).toBe(etag);
  }
});

test("the 304 comes from Redis, not Postgres: a row written without announcing stays hidden until the change is announced", async () => {
  const deps = testDeps();
  const u = await createUser({ credits: 1 });
  const first = await call(app, "GET", "/api/signals/", { token: u.token });
  expect(first.body).toEqual([]);
  const etag = first.headers.get("etag")!;
  await seedSignal(u.id, "BTCUSDT", "LONG", 0);
  expect((await call(app, "GET", "/api/signals/", { token: u.token, headers: { "if-none-match": etag } })).status).toBe(304);
  await userChanged(deps, u.id);
  const after = await call(app, "GET", "/api/signals/", { token: u.token, headers: { "if-none-match": etag } });
  expect(after.status).toBe(200);
  expect(after.body.length).toBe(1);
  expect(after.headers.get("etag")).not.toBe(etag);
});

test("starting an analysis changes the tag once the hold is announced; a list holding a running analysis is never tagged", async () => {
  const u = await createUser({ credits: 2 });
  // Every server process runs the listener that announces a committed credit change (main.ts); this one runs it here.
  await whileListening([u.id], async () => {
    const before = await call(app, "GET", "/api/analysis/active", { token: u.token });
    const usageTag = (await call(app, "GET", "/api/credits/usage", { token: u.token })).headers.get("etag")!;
    const start = await call(app, "POST", "/api/analysis/start", { token: u.token, body: { symbol: "BTCUSDT" } });
    expect(start.status).toBe(200);
    const revalidate = (path: string, etag: string) => call(app, "GET", path, { token: u.token, headers: { "if-none-match": etag } });
    const active = await waitFor(
      async () => {
        const res = await revalidate("/api/analysis/active", before.headers.get("etag")!);
        return res.status === 200 && res;
      },
      5000,
      "the active list after the start's announcement",
    );
    expect(active.body.length).toBe(1);
    expect(active.headers.get("etag")).toBeNull();
    // The ledger moved too: the usage list's old tag no longer matches.
    const usage = await revalidate("/api/credits/usage", usageTag);
    expect(usage.status).toBe(200);
    expect(usage.body.held).toBe(1);
  });
});

test("another user's tag, a flushed version and a relative range are never confirmed", async () => {
  const deps = testDeps();
  const a = await createUser();
  const b = await createUser();
  const tagA = (await call(app, "GET", "/api/signals/", { token: a.token })).headers.get("etag")!;
  expect((await call(app, "GET", "/api/signals/", { token: b.token, headers: { "if-none-match": tagA } })).status).toBe(200);
  // Redis lost the version (restart, flush): the next read makes a new one, never the old.
  await deps.redis.del(deps.keys.key(`user-version:${a.id}`));
  expect((await call(app, "GET", "/api/signals/", { token: a.token, headers: { "if-none-match": tagA } })).status).toBe(200);
  const ranged = await call(app, "GET", "/api/signals/?range=24h", { token: a.token });
  const plain = await call(app, "GET", "/api/signals/", { token: a.token });
  expect(ranged.headers.get("etag")).not.toBe(plain.headers.get("etag"));
});

test("the stat cards answer 304 until a change is announced, then count it; their tag is not a list's", async () => {
  const deps = testDeps();
  const u = await createUser({ credits: 1 });
  const first = await call(app, "GET", "/api/signals/stats", { token: u.token });
  expect(first.body.total_signals.value).toBe(0);
  const etag = first.headers.get("etag")!;
  const list = await call(app, "GET", "/api/signals/", { token: u.token });
  expect(list.headers.get("etag")).not.toBe(etag);
  await seedSignal(u.id, "BTCUSDT", "LONG", 0);
  expect((await call(app, "GET", "/api/signals/stats", { token: u.token, headers: { "if-none-match": etag } })).status).toBe(304);
  await userChanged(deps, u.id);
  const after = await call(app, "GET", "/api/signals/stats", { token: u.token, headers: { "if-none-match": etag } });
  expect(after.status).toBe(200);
  expect(after.body.total_signals.value).toBe(1);
});

test("the stat cards' tag holds until a signal leaves the last 7 days, then the cards are read again", async () => {
  const u = await createUser({ credits: 1 });
  // Issued 7 days less 3 seconds ago: it leaves the last-7-days count 3 s from now, with no change to any row.
  await seedSignal(u.id, "BTCUSDT", "LONG", (7 * 86_400 - 3) / 86_400);
  const first = await call(app, "GET", "/api/signals/stats", { token: u.token });
  expect([first.body.total_signals.last_7_days, first.body.total_signals.previous_7_days]).toEqual([1, 0]);
  const etag = first.headers.get("etag")!;
  const again = await call(app, "GET", "/api/signals/stats", { token: u.token, headers: { "if-none-match": etag } });
  expect([again.status, again.headers.get("etag")]).toEqual([304, etag]);
  await Bun.sleep(4_000);
  const after = await call(app, "GET", "/api/signals/stats", { token: u.token, headers: { "if-none-match": etag } });
  expect(after.status).toBe(200);
  expect([after.body.total_signals.last_7_days, after.body.total_signals.previous_7_days]).toEqual([0, 1]);
  // `*` names no time, so it never confirms the cards.
  const star = await call(app, "GET", "/api/signals/stats", { token: u.token, headers: { "if-none-match": "*" } });
  expect(star.status).toBe(200);
});

test("with every full-read place taken, a first load waits (and is counted waiting) while a tagged poll still answers 304", async () => {
  const u = await createUser({ credits: 1 });
  const first = await call(app, "GET", "/api/transactions/", { token: u.token });
  const etag = first.headers.get("etag")!;
  const waiting = async () => Number((await registry.getSingleMetricAsString("tradewind_list_reads_waiting")).match(/ (\d+)$/m)?.[1]);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: listReads.limit }, () => listReads.run(() => held));
  try {
    const other = await createUser({ credits: 1 });
    const queued = call(app, "GET", "/api/transactions/", { token: other.token });
    await waitFor(async () => (await waiting()) === 1, 5000, "the first load to queue behind the held places");
    const poll = await call(app, "GET", "/api/transactions/", { token: u.token, headers: { "if-none-match": etag } });
    expect(poll.status).toBe(304);
    release();
    expect((await queued).status).toBe(200);
    expect(await waiting()).toBe(0);
  } finally {
    release();
    await Promise.all(holders);
  }
});
