// GET/PUT /api/user/preferences against real rows: defaults, bounds (400 {detail, code}), per-user isolation, auth.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";

const app = testApp();
afterAll(() => closeTestDeps());

const put = (token: string, body: unknown) => call(app, "PUT", "/api/user/preferences", { token, body });

describe("/api/user/preferences", () => {
  test("a new user has a row with nothing chosen; a save is read back", async () => {
    const u = await createUser();
    const [{ n }] = await testDeps().sql`select count(*)::int as n from user_preferences where user_id = ${u.id}`;
    expect(n).toBe(1);
    const before = await call(app, "GET", "/api/user/preferences", { token: u.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ account_size: null, risk_percent: null, updated_at: null });

    const saved = await put(u.token, { account_size: 2500.5, risk_percent: 0.75 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ account_size: 2500.5, risk_percent: 0.75 });
    expect(typeof saved.body.updated_at).toBe("string");
    const after = await call(app, "GET", "/api/user/preferences", { token: u.token });
    expect(after.body).toMatchObject({ account_size: 2500.5, risk_percent: 0.75 });
  });

  test("bounds: size in (0, 1e9], risk in (0, 10]; edges accepted, the rest 400 invalid_preferences and nothing saved", async () => {
    const u = await createUser();
    expect((await put(u.token, { account_size: 1e9, risk_percent: 10 })).status).toBe(200);
    expect((await put(u.token, { account_size: 0.01, risk_percent: 0.01 })).status).toBe(200);
    for (const body of [
      { account_size: 0, risk_percent: 1 },
      { account_size: -5, risk_percent: 1 },
      { account_size: 1e9 + 1, risk_percent: 1 },
      { account_size: 1000, risk_percent: 0 },
      { account_size: 1000, risk_percent: 10.01 },
      { account_size: 1000, risk_percent: -1 },
    ]) {
      const res = await put(u.token, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: "invalid_preferences" });
      expect(typeof res.body.detail).toBe("string");
    }
    const big = await put(u.token, { account_size: 1e9 + 1, risk_percent: 1 });
    expect(big.body.detail).toContain("account_size");
    const risky = await put(u.token, { account_size: 100, risk_percent: 11 });
    expect(risky.body.detail).toContain("risk_percent");
    // The last good save stands.
    expect((await call(app, "GET", "/api/user/preferences", { token: u.token })).body).toMatchObject({ account_size: 0.01, risk_percent: 0.01 });
  });

  test("wrong types and missing fields are refused with a JSON detail and code", async () => {
    const u = await createUser();
    for (const body of [{ account_size: "1000", risk_percent: 1 }, { account_size: 1000 }, "not json", null]) {
      const res = await put(u.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.detail).toBe("string");
      expect(typeof res.body.code).toBe("string");
    }
  });

  test("each user reads and writes only their own row", async () => {
    const a = await createUser();
    const b = await createUser();
    await put(a.token, { account_size: 10_000, risk_percent: 1 });
    await put(b.token, { account_size: 500, risk_percent: 2 });
    expect((await call(app, "GET", "/api/user/preferences", { token: a.token })).body).toMatchObject({ account_size: 10_000, risk_percent: 1 });
    expect((await call(app, "GET", "/api/user/preferences", { token: b.token })).body).toMatchObject({ account_size: 500, risk_percent: 2 });
  });

  test("signed out: 401", async () => {
    expect((await call(app, "GET", "/api/user/preferences")).status).toBe(401);
    expect((await call(app, "PUT", "/api/user/preferences", { body: { account_size: 1, risk_percent: 1 } })).status).toBe(401);
  });
});
