// The cached session check: a live session is answered from memory, and a revocation, in this process or announced
// through Redis by another, ends it on the next request.
import { afterAll, afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { call, closeTestDeps, testDeps, waitFor } from "../../../../test/helpers";
import { accountsApp, registerViaApi, signIn, signInNewDevice } from "../auth/testing";

const app = accountsApp();
const other = accountsApp();
afterAll(() => closeTestDeps());

test("a session revoked through the API fails at once, on this app and on a second one in the process", async () => {
  const who = await registerViaApi(app);
  const a = await signIn(app, who, { ip: "10.9.0.1" });
  const b = await signInNewDevice(app, who, "second-device");
  // Both apps have now seen session a live (cached).
  expect((await call(app, "GET", "/api/user/profile", { token: a.token })).status).toBe(200);
  expect((await call(other, "GET", "/api/user/profile", { token: a.token })).status).toBe(200);

  const revoked = await call(app, "DELETE", `/api/user/sessions/${a.sessionId}`, { token: b.token });
  expect(revoked.status).toBe(200);
  expect((await call(app, "GET", "/api/user/profile", { token: a.token })).status).toBe(401);
  expect((await call(other, "GET", "/api/user/profile", { token: a.token })).status).toBe(401);
  expect((await call(other, "GET", "/api/user/profile", { token: b.token })).status).toBe(200);
});

test("the cache answers without Postgres until another process announces the revocation over Redis", async () => {
  const { sql, redis, keys } = testDeps();
  const who = await registerViaApi(app);
  const s = await signIn(app, who, { ip: "10.9.0.3" });
  expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
  // Revoked behind the cache's back (as another server process's transaction would, before its announcement lands).
  await sql`update login_sessions set status = 'revoked' where id = ${s.sessionId}`;
  expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
  // What that process publishes after revoking: every process drops the user's cached sessions.
  await redis.publish(keys.channel("sessions.revoked"), String(who.userId));
  await waitFor(async () => (await call(app, "GET", "/api/user/profile", { token: s.token })).status === 401, 5000, "the announced revocation");
});

test("blocking a user ends their cached sessions with 403 blocked", async () => {
  const { sql } = testDeps();
  const who = await registerViaApi(app);
  const s = await signIn(app, who, { ip: "10.9.0.4" });
  expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
  const { revokeUserSessions } = await import("./service");
  await sql.begin(async (tx) => {
    await tx`update users set is_blocked = true where id = ${who.userId}`;
    await revokeUserSessions(tx, who.userId, null);
  });
  const res = await call(app, "GET", "/api/user/profile", { token: s.token });
  expect(res.status).toBe(403);
  expect(res.body.code).toBe("user_blocked");
});

test("a stale session's last seen moves on its next check (written after the answer, with every other session due)", async () => {
  const { sql } = testDeps();
  const who = await registerViaApi(app);
  const a = await signIn(app, who, { ip: "10.9.0.5" });
  const b = await signInNewDevice(app, who, "touch-device");
  await sql`update login_sessions set last_seen_at = now() - interval '10 minutes' where id in (${a.sessionId}, ${b.sessionId})`;
  const fresh = accountsApp();
  const seen = async () =>
    (await sql`select last_seen_at from login_sessions where id in (${a.sessionId}, ${b.sessionId}) order by id`).map(
      (r) => Date.now() - (r.last_seen_at as Date).getTime(),
    );
  const [ra, rb] = await Promise.all([
    call(fresh, "GET", "/api/user/profile", { token: a.token }),
    call(fresh, "GET", "/api/user/profile", { token: b.token }),
  ]);
  expect([ra.status, rb.status]).toEqual([200, 200]);
  await waitFor(async () => (await seen()).every((ms) => ms < 60_000), 5000, "both sessions' last seen written");
});

describe("refresh ahead: a session polled near the end of its cached time is confirmed by Postgres in the background", () => {
  afterEach(() => setSystemTime());

  test("a revocation whose announcement never came ends the session once the background read sees it", async () => {
    const { sql } = testDeps();
    const who = await registerViaApi(app);
    const s = await signIn(app, who, { ip: "10.9.0.6" });
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
    // 25 s on: still within the cached 30 s, inside the last 10 s. Revoked behind the cache's back, unannounced.
    setSystemTime(new Date(Date.now() + 25_000));
    await sql`update login_sessions set status = 'revoked' where id = ${s.sessionId}`;
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
    await waitFor(async () => (await call(app, "GET", "/api/user/profile", { token: s.token })).status === 401, 5000, "the background read");
  });

  test("a session Postgres confirms stays answered from memory past the first cached time", async () => {
    const { sql } = testDeps();
    const who = await registerViaApi(app);
    const s = await signIn(app, who, { ip: "10.9.0.7" });
    const t0 = Date.now();
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
    setSystemTime(new Date(t0 + 25_000));
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
    await Bun.sleep(400);
    // 40 s on: past the first 30 s, within the 30 s the background read granted from 25 s. Revoked behind the cache's
    // back now, the session is still answered from memory: no check went to Postgres.
    setSystemTime(new Date(t0 + 40_000));
    await sql`update login_sessions set status = 'revoked' where id = ${s.sessionId}`;
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(200);
    // Without the background read the entry would have run out at 30 s and this check gone to Postgres.
    setSystemTime(new Date(t0 + 56_000));
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(401);
  });
});
