// Session list and remote logout: fields of spec 01 §3, current mark, UA/GeoIP details, ownership (404).
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testDeps } from "../../../../test/helpers";
import { accountsApp, clientHeaders, IPHONE_UA, latestCode, pendingCookie, registerViaApi, signIn } from "../auth/testing";

const app = accountsApp();
afterAll(() => closeTestDeps());

async function phoneSession(who: { email: string; password: string }, ip: string) {
  const headers = clientHeaders(ip, IPHONE_UA);
  const pending = await call(app, "POST", "/api/auth/login", {
    headers,
    body: { email: who.email, password: who.password, device_id: "iphone-1", remember_me: true },
  });
  const ok = await call(app, "POST", "/api/auth/device-otp/verify", {
    headers: { ...headers, cookie: pendingCookie(pending.headers) },
    body: { session_id: pending.body.session_id, code: await latestCode(app, who.email) },
  });
  return { token: ok.body.access_token as string, sessionId: ok.body.session_id as number };
}

describe("GET /api/user/sessions", () => {
  test("lists active sessions with device, browser, location and the current one marked", async () => {
    const who = await registerViaApi(app);
    const desk = await signIn(app, who, { ip: "10.1.2.3" });
    const phone = await phoneSession(who, "81.2.69.160");
    // A pending sign-in from a third device is not a session yet.
    await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders("10.1.2.4"),
      body: { email: who.email, password: who.password, device_id: "pending-one" },
    });

    const res = await call(app, "GET", "/api/user/sessions", { token: desk.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.sessions.map((s: { id: number }) => [s.id, s]));
    expect(res.body.sessions.length).toBe(2);
    expect(byId.get(desk.sessionId)).toMatchObject({
      id: desk.sessionId,
      device_id: who.deviceId,
      device_name: "Chrome on Mac OS",
      device_type: "desktop",
      browser: "Chrome",
      ip_address: "10.1.2.3",
      location_city: null,
      location_country: "Local network",
      remember_me: false,
      status: "active",
      is_current: true,
    });
    expect(byId.get(phone.sessionId)).toMatchObject({
      device_id: "iphone-1",
      device_name: "Apple iPhone · Mobile Safari",
      device_type: "mobile",
      browser: "Mobile Safari",
      os: "iOS 17.5",
      ip_address: "81.2.69.160",
      location_country: "United Kingdom",
      remember_me: true,
      is_current: false,
    });
    for (const key of ["expires_at", "last_seen_at", "updated_at", "created_at"]) {
      expect(Number.isNaN(Date.parse((byId.get(phone.sessionId) as Record<string, string>)[key]))).toBe(false);
    }
  });

  test("a token without a login session (internal) sees an empty list", async () => {
    const user = await createUser();
    expect(await call(app, "GET", "/api/user/sessions", { token: user.token })).toMatchObject({ status: 200, body: { sessions: [] } });
  });
});

describe("DELETE /api/user/sessions/:id", () => {
  test("logs out another own session at once; another user's session is 404", async () => {
    const who = await registerViaApi(app);
    const desk = await signIn(app, who);
    const phone = await phoneSession(who, "10.9.9.9");
    const res = await call(app, "DELETE", `/api/user/sessions/${phone.sessionId}`, { token: desk.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "revoked", detail: "Session logged out" });
    expect((await call(app, "GET", "/api/user/profile", { token: phone.token })).status).toBe(401);
    const list = await call(app, "GET", "/api/user/sessions", { token: desk.token });
    expect(list.body.sessions.map((s: { id: number }) => s.id)).toEqual([desk.sessionId]);
    expect((await call(app, "DELETE", `/api/user/sessions/${phone.sessionId}`, { token: desk.token })).status).toBe(404);

    const stranger = await registerViaApi(app);
    const theirs = await signIn(app, stranger);
    const foreign = await call(app, "DELETE", `/api/user/sessions/${theirs.sessionId}`, { token: desk.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe("Session not found");
    expect((await call(app, "GET", "/api/user/profile", { token: theirs.token })).status).toBe(200);
    expect((await call(app, "DELETE", "/api/user/sessions/abc", { token: desk.token })).status).toBe(422);
  });

  test("revoking the current session ends it too", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    expect((await call(app, "DELETE", `/api/user/sessions/${s.sessionId}`, { token: s.token })).status).toBe(200);
    expect((await call(app, "GET", "/api/user/sessions", { token: s.token })).status).toBe(401);
    const [row] = await testDeps().sql`select count(*)::int as live from refresh_tokens where session_id = ${s.sessionId} and revoked_at is null`;
    expect(row.live).toBe(0);
  });
});
