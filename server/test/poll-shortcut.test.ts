// A steady poll answered from memory before routing (lib/conditional.ts answeredFromMemory): the same 304 the route
// gives, counted under the route, and never for a caller or version memory cannot vouch for.
import { expect, test } from "bun:test";
import { registry } from "@core/infra/metrics";
import { userChanged } from "@core/infra/user-version";
import { call, testDeps, waitFor } from "../../test/helpers";
import { versionMemoFor } from "../src/lib/version-memo";
import { withMarketSubscriber } from "../src/modules/market/testing";
import { seedSignal } from "../src/modules/signals/testing";
import { accountsApp, registerViaApi, signIn, signInNewDevice } from "../src/modules/auth/testing";

const app = accountsApp();
withMarketSubscriber();

const ORIGIN = testDeps().config.PUBLIC_ORIGIN;
const poll = (path: string, token: string, etag: string) => call(app, "GET", path, { token, headers: { "if-none-match": etag, origin: ORIGIN } });
const headersOf = (res: { headers: Headers }) => [...res.headers].filter(([name]) => name !== "date").sort();

async function signedIn(ip: string) {
  const who = await registerViaApi(app);
  return { who, session: await signIn(app, who, { ip }) };
}

/** A counter's total over the series carrying `labels` (the registry /metrics serves). */
async function counted(name: string, labels: Record<string, string>) {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const values = (metric?.values ?? []) as { labels: Record<string, string | number>; value: number }[];
  return values.filter((v) => Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x)).reduce((sum, v) => sum + v.value, 0);
}
const fromMemoryCount = (path: string) => counted("tradewind_polled_list_responses_total", { list: path.replace(/\/$/, ""), answered_by: "memory" });
const requestsCounted = (route: string, status: number) => counted("tradewind_http_requests_total", { route, status: String(status) });

test("every polled list's 304 from memory carries exactly the route's own 304 headers and is counted under its route", async () => {
  const { session } = await signedIn("10.8.0.1");
  const memo = versionMemoFor(testDeps().redis);
  for (const path of ["/api/signals/", "/api/signals/stats", "/api/analysis/history", "/api/credits/usage", "/api/transactions/"]) {
    const first = await call(app, "GET", path, { token: session.token });
    const etag = first.headers.get("etag")!;
    // With the copy off, only the route (Redis's version) can answer; with it on and warm, memory answers first.
    memo.setLive(false);
    const routeBefore = await fromMemoryCount(path);
    const viaRoute = await poll(path, session.token, etag);
    expect(await fromMemoryCount(path)).toBe(routeBefore);
    memo.setLive(true);
    await poll(path, session.token, etag);
    // The route's answers are counted after they are sent: let the last one land before counting.
    await Bun.sleep(50);
    const before = await requestsCounted(path, 304);
    const memoryBefore = await fromMemoryCount(path);
    const fromMemory = await poll(path, session.token, etag);
    expect(await fromMemoryCount(path)).toBe(memoryBefore + 1);
    expect(await requestsCounted(path, 304)).toBe(before + 1);
    expect([path, viaRoute.status, fromMemory.status, fromMemory.body]).toEqual([path, 304, 304, null]);
    expect(headersOf(fromMemory)).toEqual(headersOf(viaRoute));
    expect(fromMemory.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  }
});

test("memory never vouches for a revoked session, a changed list, another list's tag or a write", async () => {
  const { who, session } = await signedIn("10.8.0.2");
  const other = await signInNewDevice(app, who, "second-device");
  const etag = (await call(app, "GET", "/api/signals/", { token: session.token })).headers.get("etag")!;
  expect((await poll("/api/signals/", session.token, etag)).status).toBe(304);
  // Another list's path with this tag: the tag names one list and query.
  expect((await poll("/api/transactions/", session.token, etag)).status).toBe(200);
  // A change announced: the memo's copy is dropped, the route reads again.
  await seedSignal(who.userId, "BTCUSDT", "LONG", 0);
  await userChanged(testDeps(), who.userId);
  const changed = await waitFor(
    async () => {
      const res = await poll("/api/signals/", session.token, etag);
      return res.status === 200 && res;
    },
    5000,
    "the announced change",
  );
  expect(changed.body).toHaveLength(1);
  const fresh = changed.headers.get("etag")!;
  expect((await poll("/api/signals/", session.token, fresh)).status).toBe(304);
  // A POST with a matching tag is not a poll.
  const post = await call(app, "POST", "/api/signals/", { token: session.token, body: {}, headers: { "if-none-match": fresh } });
  expect(post.status).not.toBe(304);
  // Revoked from another device: the next poll is refused, not confirmed.
  expect((await call(app, "DELETE", `/api/user/sessions/${session.sessionId}`, { token: other.token })).status).toBe(200);
  const refused = await poll("/api/signals/", session.token, fresh);
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe("session_revoked");
});
