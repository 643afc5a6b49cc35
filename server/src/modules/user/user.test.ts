// User API: profile read/update, detailed profile, stats from signals, password change and its session effects.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testDeps } from "../../../../test/helpers";
import { accountsApp, registerViaApi, signIn, signInNewDevice, trustedHeaders } from "../auth/testing";
import { seedSignal } from "../signals/testing";

const app = accountsApp();
const sql = () => testDeps().sql;
afterAll(() => closeTestDeps());

describe("profile", () => {
  test("GET returns the contract's profile: names, e-mail, creation date and credits, one spelling each", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const res = await call(app, "GET", "/api/user/profile", { token: s.token });
    expect(res.status).toBe(200);
    const [u] = await sql()`select created_at from users where id = ${who.userId}`;
    expect(res.body).toEqual({
      id: who.userId,
      email: who.email,
      first_name: "Grace",
      last_name: "Hopper",
      credits: 1,
      created_at: u.created_at.toISOString(),
    });
  });

  test("PUT changes the names only; empty input is a 400", async () => {
    const user = await createUser();
    const res = await call(app, "PUT", "/api/user/profile", { token: user.token, body: { first_name: "  Linus ", lastName: "Torvalds" } });
    expect(res.status).toBe(200);
    expect([res.body.first_name, res.body.last_name, res.body.email]).toEqual(["Linus", "Torvalds", user.email]);
    const empty = await call(app, "PUT", "/api/user/profile", { token: user.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe("Nothing to update: send first_name and/or last_name.");
    const blank = await call(app, "PUT", "/api/user/profile", { token: user.token, body: { first_name: " " } });
    expect(blank.status).toBe(400);
  });

  test("detailed profile adds sessions, devices and credit totals", async () => {
    const who = await registerViaApi(app);
    await signIn(app, who);
    const s = await signInNewDevice(app, who, "second-device");
    const res = await call(app, "GET", "/api/user/profile/detailed", { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.active_sessions).toBe(2);
    expect(res.body.verified_devices).toBe(2);
    expect(res.body.credits_summary).toEqual({ granted: 1, purchased: 0, used: 0, refunded: 0, adjusted: 0 });
    expect(res.body.analyses_total).toBe(0);
    expect(res.body.is_blocked).toBe(false);
    expect(typeof res.body.last_login_at).toBe("string");
    // Two analyses, one a No Trade: one signal (issue 33 §7).
    await seedSignal(who.userId, "BTCUSDT", "LONG", 0);
    await seedSignal(who.userId, "ETHUSDT", "NO_TRADE", 0);
    const after = (await call(app, "GET", "/api/user/profile/detailed", { token: s.token })).body;
    expect([after.analyses_total, after.signals_total]).toEqual([2, 1]);
  });

  test("no token or a revoked session is 401", async () => {
    expect((await call(app, "GET", "/api/user/profile")).status).toBe(401);
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    await sql()`update login_sessions set status = 'revoked' where id = ${s.sessionId}`;
    const res = await call(app, "GET", "/api/user/profile", { token: s.token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Session expired or revoked");
  });
});

describe("stats", () => {
  test("counts active signals and averages LONG/SHORT confidence as a percentage", async () => {
    const user = await createUser({ credits: 4 });
    const empty = await call(app, "GET", "/api/user/stats", { token: user.token });
    expect(empty.body).toEqual({ activeSignals: 0, avgConfidence: null, credits: 4, creditsRemaining: 4 });
    const signals: Array<[string, number, boolean]> = [
      ["LONG", 0.72, true],
      ["SHORT", 0.65, false],
      ["NO_TRADE", 0.3, false],
    ];
    for (const [type, confidence, active] of signals) {
      const [req] = await sql()`
        insert into analysis_requests (user_id, symbol, status, credits_status, progress_percent, current_phase)
        values (${user.id}, 'BTCUSDT', 'COMPLETED', 'USED', 100, 3) returning id`;
      const trade = type !== "NO_TRADE";
      await sql()`
        insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, no_trade, is_active,
                             market_time_ms, outcome)
        values (${user.id}, ${req.id}, 'BTCUSDT', ${type}, ${confidence}, ${trade ? 100 : null}, ${trade ? 110 : null},
                ${trade ? 95 : null}, ${!trade}, ${active}, 0, ${trade ? (active ? "OPEN" : "SL_HIT") : null})`;
    }
    const res = await call(app, "GET", "/api/user/stats", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ activeSignals: 1, avgConfidence: 68.5, credits: 4, creditsRemaining: 4 });
  });
});

describe("change password", () => {
  test("wrong current password is a 400 with the spec's wording", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const res = await call(app, "PUT", "/api/user/change-password", {
      token: s.token,
      body: { current_password: "Wrong123", new_password: "Better123", confirm_new_password: "Better123" },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Current password is incorrect");
  });

  test("rules: mismatch, no uppercase, same as current", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const cases: Array<[string, string, string]> = [
      ["Better123", "Better124", "Passwords do not match."],
      ["better123", "better123", "Password must contain at least one uppercase letter (A-Z)."],
      [who.password, who.password, "New password must be different from current password."],
    ];
    for (const [next, confirm, detail] of cases) {
      const res = await call(app, "PUT", "/api/user/change-password", {
        token: s.token,
        body: { current_password: who.password, new_password: next, confirm_new_password: confirm },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
  });

  test("success keeps the current session and logs out every other one", async () => {
    const who = await registerViaApi(app);
    const here = await signIn(app, who);
    const there = await signInNewDevice(app, who, "other-laptop");
    const res = await call(app, "PUT", "/api/user/change-password", {
      token: here.token,
      body: { current_password: who.password, new_password: "Better123", confirm_new_password: "Better123" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", detail: "Password has been successfully changed." });
    expect((await call(app, "GET", "/api/user/profile", { token: here.token })).status).toBe(200);
    expect((await call(app, "GET", "/api/user/profile", { token: there.token })).status).toBe(401);
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${there.refresh}` } })).status).toBe(401);
    // The change ends device trust everywhere (and clears this browser's cookie): the next sign-in proves the mailbox.
    expect(res.headers.getSetCookie().some((l) => /^tw_device=;/.test(l) && /Max-Age=0/i.test(l))).toBe(true);
    const again = await call(app, "POST", "/api/auth/login", {
      headers: trustedHeaders(who),
      body: { email: who.email, password: "Better123", device_id: who.deviceId },
    });
    expect(again.status).toBe(401);
    expect(again.body.requires_otp).toBe(true);
    expect((await signInNewDevice(app, { ...who, password: "Better123" }, who.deviceId)).token).toBeString();
    // The owner is told by mail.
    const mails = (await call(app, "GET", `/api/dev/mailbox?to=${encodeURIComponent(who.email)}`)).body as { subject: string; text: string }[];
    expect(mails.some((m) => m.subject === "Your Tradewind password was changed" && m.text.includes("changed from your profile"))).toBe(true);
  });
});

describe("credit balance", () => {
  test("GET /api/credits/balance returns the balance; 401 without a token", async () => {
    const user = await createUser({ credits: 7 });
    expect(await call(app, "GET", "/api/credits/balance", { token: user.token })).toMatchObject({ status: 200, body: { credits: 7 } });
    expect((await call(app, "GET", "/api/credits/balance")).status).toBe(401);
  });
});
