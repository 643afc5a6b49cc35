// The process's copy of the users' versions (lib/version-memo), live while the market socket's subscriber runs: it
// answers 304 without Redis, an announced change ends it at once, it lives no longer than its bound, and a reconnect
// starts it over.
import { expect, test } from "bun:test";
import { userChanged } from "@core/infra/user-version";
import { call, createUser, testApp, testDeps, waitFor } from "../../test/helpers";
import { VersionMemo } from "../src/lib/version-memo";
import { withMarketSubscriber } from "../src/modules/market/testing";
import { seedSignal } from "../src/modules/signals/testing";

const app = testApp();
withMarketSubscriber();

/** A user whose list is tagged, and then whose Redis version is dropped without any announcement. */
async function taggedThenForgottenByRedis() {
  const deps = testDeps();
  const u = await createUser();
  const etag = (await call(app, "GET", "/api/signals/", { token: u.token })).headers.get("etag")!;
  await deps.redis.del(deps.keys.key(`user-version:${u.id}`));
  return { u, etag };
}

const poll = (token: string, etag: string) => call(app, "GET", "/api/signals/", { token, headers: { "if-none-match": etag } });

/** Polls until the answer is a 200 (an announcement travels through Redis pub/sub), at most `ms`. */
async function until200(token: string, etag: string, ms = 2_000) {
  const end = Date.now() + ms;
  let res = await poll(token, etag);
  while (res.status !== 200 && Date.now() < end) {
    await Bun.sleep(20);
    res = await poll(token, etag);
  }
  return res;
}

test("the copy answers 304 with Redis never asked; an announced change ends it", async () => {
  const { u, etag } = await taggedThenForgottenByRedis();
  // Redis no longer holds the version, so only the process's copy can confirm the tag.
  expect((await poll(u.token, etag)).status).toBe(304);
  await seedSignal(u.id, "BTCUSDT", "LONG", 0);
  await userChanged(testDeps(), u.id);
  const after = await until200(u.token, etag);
  expect(after.status).toBe(200);
  expect(after.body).toHaveLength(1);
});

test("a copied version lives no longer than its bound", async () => {
  const deps = testDeps();
  const memo = new VersionMemo(200);
  memo.setLive(true);
  const u = await createUser();
  const first = await memo.read(deps, u.id);
  await deps.redis.del(deps.keys.key(`user-version:${u.id}`));
  expect(await memo.read(deps, u.id)).toBe(first);
  await Bun.sleep(250);
  expect(await memo.read(deps, u.id)).not.toBe(first);
});

test("a version polled near its bound is read again in the background: polls stay answered, what Redis holds now is taken", async () => {
  const deps = testDeps();
  const memo = new VersionMemo(2_000, 1_500);
  memo.setLive(true);
  const u = await createUser();
  const t0 = performance.now();
  const first = await memo.read(deps, u.id);
  await Bun.sleep(600);
  // Redis's version changed without an announcement reaching this process: the background read finds it.
  await deps.redis.del(deps.keys.key(`user-version:${u.id}`));
  expect(memo.peek(u.id)).toBe(first);
  const second = await waitFor(async () => memo.peek(u.id) !== first && memo.peek(u.id), 1_200, "the background read");
  // Past the first read's bound, the entry the background read stored still answers.
  await Bun.sleep(t0 + 2_100 - performance.now());
  expect(memo.peek(u.id)).toBe(second);
});

test("a change announced while the background read is out is not undone by it", async () => {
  const deps = testDeps();
  const memo = new VersionMemo(600, 400);
  memo.setLive(true);
  const u = await createUser();
  const first = await memo.read(deps, u.id);
  await Bun.sleep(250);
  expect(memo.peek(u.id)).toBe(first);
  memo.drop(u.id);
  await Bun.sleep(200);
  expect(memo.peek(u.id)).toBeUndefined();
});

test("when the subscriber loses its connection the copy starts over (announcements in between are lost)", async () => {
  const deps = testDeps();
  const { u, etag } = await taggedThenForgottenByRedis();
  expect((await poll(u.token, etag)).status).toBe(304);
  const name = `${deps.keys.channel("")}market-socket`;
  const list = (await deps.redis.client("LIST")) as string;
  const id = list
    .split("\n")
    .find((line) => line.includes(` name=${name} `))
    ?.match(/^id=(\d+)/)?.[1];
  expect(id).toBeDefined();
  await deps.redis.client("KILL", "ID", id!);
  expect((await until200(u.token, etag)).status).toBe(200);
});
