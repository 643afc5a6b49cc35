// Auth API: registration codes, login with device verification, refresh rotation and reuse, logout, reset links, limits.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testDeps, uniqueEmail, waitFor } from "../../../../test/helpers";
import { createApp } from "../../app";
import { canonicalMailbox } from "@core/rules/accounts";
import { hashesRunning, hashesStarted, MAX_CONCURRENT_HASHES, withHashSlot } from "./secrets";
import { deviceCookie } from "./index";
import {
  accountsApp,
  clientHeaders,
  deviceCookieHeader,
  freshIp,
  latestCode,
  pendingCookie,
  refreshCookie,
  registerViaApi,
  setCookieLine,
  signIn,
  signInNewDevice,
  trustedHeaders,
} from "./testing";

const app = accountsApp();
const sql = () => testDeps().sql;
afterAll(() => closeTestDeps());

const mailbox = async (to: string) =>
  (await call(app, "GET", `/api/dev/mailbox?to=${encodeURIComponent(to)}`)).body as Array<{ subject: string; text: string }>;
/** Reset links are mailed after the answer: wait until `count` of them have reached `to` (newest first). */
const mailsFor = (to: string, count = 1) =>
  waitFor(
    async () => {
      const mails = (await mailbox(to)).filter((m) => m.subject === "Reset your Tradewind password");
      return mails.length >= count && mails;
    },
    2_000,
    `${count} reset mail(s) to ${to}`,
  );

describe("registration", () => {
  test("send-code, verify-code, complete-registration create the user with the free credit in the ledger", async () => {
    const email = uniqueEmail("Flow").replace("flow", "Flow");
    const headers = clientHeaders(freshIp());
    const sent = await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: "sent", detail: "Verification code sent", retry_after: 60 });
    const mails = await mailbox(email);
    expect(mails.length).toBe(1);
    expect(mails[0].subject).toBe("Your Tradewind verification code");
    const code = await latestCode(app, email);
    const [stored] = await sql()`select code_hash from email_codes where lower(email) = lower(${email})`;
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await call(app, "POST", "/api/auth/verify-code", { body: { email, code }, headers });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("verified");
    expect(verified.body.session_token).toMatch(/^[\w-]{43}$/);

    const done = await call(app, "POST", "/api/auth/complete-registration", {
      headers,
      body: {
        email,
        session_token: verified.body.session_token,
        first_name: " Ada ",
        last_name: "Lovelace",
        password: "Secret123",
        confirm_password: "Secret123",
        accepted_terms_of_use: true,
        accepted_privacy_policy: true,
        accepted_risk_disclosure: true,
        device_id: "dev-reg-1",
      },
    });
    expect(done.status).toBe(201);
    const [user] = await sql()`select id, email, first_name, last_name, credits, password_hash from users where id = ${done.body.user_id}`;
    expect(user.email).toBe(email.toLowerCase());
    expect([user.first_name, user.last_name, user.credits]).toEqual(["Ada", "Lovelace", 1]);
    expect(user.password_hash.startsWith("$argon2id$")).toBe(true);
    const ledger = await sql()`select kind, amount, balance_after, note from credit_ledger where user_id = ${user.id}`;
    expect([...ledger]).toEqual([{ kind: "GRANT", amount: 1, balance_after: 1, note: "FREE Test pack" }]);
    // The registering browser is trusted: signing in from it needs no device code.
    const login = await call(app, "POST", "/api/auth/login", {
      headers: { ...headers, cookie: deviceCookieHeader(done.headers) },
      body: { email, password: "Secret123", remember_me: false, device_id: "dev-reg-1" },
    });
    expect(login.status).toBe(200);
    // The client-chosen device id alone proves nothing: without the cookie the same id needs a code.
    const bare = await call(app, "POST", "/api/auth/login", {
      headers,
      body: { email, password: "Secret123", remember_me: false, device_id: "dev-reg-1" },
    });
    expect(bare.status).toBe(401);
    expect(bare.body.requires_otp).toBe(true);
    // The proof is single-use.
    const again = await call(app, "POST", "/api/auth/complete-registration", {
      headers,
      body: {
        email,
        session_token: verified.body.session_token,
        first_name: "A",
        last_name: "B",
        password: "Secret123",
        confirm_password: "Secret123",
        accepted_terms_of_use: true,
        accepted_privacy_policy: true,
        accepted_risk_disclosure: true,
      },
    });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe("Please verify your email before creating an account.");
  });

  test("send-code answers the same for a registered and an unknown e-mail", async () => {
    const known = await createUser();
    const a = await call(app, "POST", "/api/auth/send-code", { body: { email: known.email }, headers: clientHeaders(freshIp()) });
    const b = await call(app, "POST", "/api/auth/send-code", { body: { email: uniqueEmail("nobody") }, headers: clientHeaders(freshIp()) });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
  });

  test("resend within 60 s is refused with 429 and Retry-After; after the cooldown a new code goes out", async () => {
    const email = uniqueEmail("cool");
    const headers = clientHeaders(freshIp());
    expect((await call(app, "POST", "/api/auth/send-code", { body: { email }, headers })).status).toBe(200);
    const first = await latestCode(app, email);
    const again = await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    expect(again.status).toBe(429);
    const retry = Number(again.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(again.body.detail).toContain("Too many requests");
    expect((await mailbox(email)).length).toBe(1);
    await sql()`update email_codes set last_sent_at = now() - interval '61 seconds' where lower(email) = ${email}`;
    const later = await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    expect(later.status).toBe(200);
    expect((await mailbox(email)).length).toBe(2);
    // The replaced code no longer works (unless the CSPRNG repeated itself, 1 in a million).
    const second = await latestCode(app, email);
    if (second !== first) {
      const old = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: first }, headers });
      expect(old.status).toBe(400);
    }
  });

  test("five wrong codes invalidate the code, even for the right one afterwards", async () => {
    const email = uniqueEmail("tries");
    const headers = clientHeaders(freshIp());
    await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    const code = await latestCode(app, email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: wrong }, headers });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe("Invalid or expired code. Request a new one.");
    }
    const right = await call(app, "POST", "/api/auth/verify-code", { body: { email, code }, headers });
    expect(right.status).toBe(429);
    expect(right.body.detail).toBe("Too many attempts. Request a new code.");
    // A resend while the code is live does not buy five more tries; once it has expired, a new code starts fresh.
    await sql()`update email_codes set last_sent_at = now() - interval '61 seconds' where lower(email) = ${email}`;
    expect((await call(app, "POST", "/api/auth/send-code", { body: { email }, headers })).status).toBe(200);
    const resent = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: await latestCode(app, email) }, headers });
    expect(resent.status).toBe(429);
    await sql()`update email_codes set last_sent_at = now() - interval '61 seconds', expires_at = now() - interval '1 second' where lower(email) = ${email}`;
    expect((await call(app, "POST", "/api/auth/send-code", { body: { email }, headers })).status).toBe(200);
    const fresh = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: await latestCode(app, email) }, headers });
    expect(fresh.status).toBe(200);
  });

  test("an address gets at most ten registration codes a day, whichever clients ask", async () => {
    const email = uniqueEmail("daily");
    for (let i = 0; i < 10; i++) {
      await sql()`update email_codes set last_sent_at = now() - interval '61 seconds' where lower(email) = ${email}`;
      expect((await call(app, "POST", "/api/auth/send-code", { body: { email }, headers: clientHeaders(freshIp()) })).status).toBe(200);
    }
    await sql()`update email_codes set last_sent_at = now() - interval '61 seconds' where lower(email) = ${email}`;
    expect((await call(app, "POST", "/api/auth/send-code", { body: { email }, headers: clientHeaders(freshIp()) })).status).toBe(429);
    expect((await mailbox(email)).length).toBe(10);
  });

  test("an expired code is refused", async () => {
    const email = uniqueEmail("late");
    const headers = clientHeaders(freshIp());
    await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    const code = await latestCode(app, email);
    await sql()`update email_codes set expires_at = now() - interval '1 second' where lower(email) = ${email}`;
    const res = await call(app, "POST", "/api/auth/verify-code", { body: { email, code }, headers });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Invalid or expired code. Request a new one.");
  });

  test("409 'already in use' comes only after the e-mail was proven with its code", async () => {
    const who = await registerViaApi(app);
    const headers = clientHeaders(freshIp());
    const body = (token: string) => ({
      email: who.email,
      session_token: token,
      first_name: "X",
      last_name: "Y",
      password: "Other123",
      confirm_password: "Other123",
      accepted_terms_of_use: true,
      accepted_privacy_policy: true,
      accepted_risk_disclosure: true,
    });
    // Without proof: the generic verification error, not the conflict.
    const unproven = await call(app, "POST", "/api/auth/complete-registration", { headers, body: body("made-up-token") });
    expect(unproven.status).toBe(400);
    expect(unproven.body.detail).toBe("Please verify your email before creating an account.");
    await sql()`update email_codes set last_sent_at = now() - interval '61 seconds' where lower(email) = ${who.email}`;
    expect((await call(app, "POST", "/api/auth/send-code", { body: { email: who.email }, headers })).status).toBe(200);
    const verified = await call(app, "POST", "/api/auth/verify-code", {
      body: { email: who.email, code: await latestCode(app, who.email) },
      headers,
    });
    const res = await call(app, "POST", "/api/auth/complete-registration", { headers, body: body(verified.body.session_token) });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("This email is already in use");
  });

  test("password and acknowledgement rules give the spec's messages", async () => {
    const email = uniqueEmail("rules");
    const headers = clientHeaders(freshIp());
    await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
    const { body: v } = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: await latestCode(app, email) }, headers });
    const base = {
      email,
      session_token: v.session_token,
      first_name: "A",
      last_name: "B",
      password: "Secret1",
      confirm_password: "Secret1",
      accepted_terms_of_use: true,
      accepted_privacy_policy: true,
      accepted_risk_disclosure: true,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: "Ab1", confirm_password: "Ab1" }, "Password must be at least 6 characters."],
      [{ password: "secret1", confirm_password: "secret1" }, "Password must contain at least one uppercase letter (A-Z)."],
      [{ confirm_password: "Secret2" }, "Passwords do not match."],
      [{ accepted_terms_of_use: false }, "I must agree to the Terms of Use."],
      [{ accepted_privacy_policy: undefined }, "I must agree to the Privacy Policy."],
      [{ accepted_risk_disclosure: false }, "I must acknowledge the Risk Disclosure."],
      [{ email: "not-an-email" }, "Please enter a valid email address."],
    ];
    for (const [patch, detail] of cases) {
      const res = await call(app, "POST", "/api/auth/complete-registration", { headers, body: { ...base, ...patch } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    // None of the failures spent the proof.
    expect((await call(app, "POST", "/api/auth/complete-registration", { headers, body: base })).status).toBe(201);
  });

  test("malformed bodies are 4xx JSON, never 500", async () => {
    const headers = clientHeaders(freshIp());
    const a = await call(app, "POST", "/api/auth/send-code", { body: "{oops", headers });
    expect(a.status).toBe(400);
    const b = await call(app, "POST", "/api/auth/login", { body: { email: 5 }, headers });
    expect(b.status).toBe(422);
    expect(typeof b.body.detail).toBe("string");
    const c = await call(app, "POST", "/api/auth/send-code", { body: { email: "nope" }, headers });
    expect(c.status).toBe(400);
    expect(c.body.detail).toBe("Please enter a valid email address.");
  });
});

describe("login and device verification", () => {
  test("a verified device signs in at once; the refresh cookie is httpOnly, Strict, scoped to /api/auth", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    expect(s.res.body).toEqual({ access_token: s.token, session_id: s.sessionId, session_status: "active", requires_otp: false });
    const line = setCookieLine(s.res.headers);
    expect(line).toContain("HttpOnly");
    expect(line).toContain("Path=/api/auth");
    expect(line).toContain("SameSite=Strict");
    expect(line).not.toContain("Secure"); // not production
    expect(line).not.toContain("Max-Age"); // browser-session cookie without Remember Me
    const [row] =
      await sql()`select status, remember_me, extract(epoch from expires_at - created_at)::int as ttl from login_sessions where id = ${s.sessionId}`;
    expect(row).toEqual({ status: "active", remember_me: false, ttl: 12 * 3600 });
    const [tok] = await sql()`select token_hash from refresh_tokens where session_id = ${s.sessionId}`;
    expect(tok.token_hash).not.toBe(s.refresh);

    const remembered = await signIn(app, who, { rememberMe: true });
    const maxAge = Number(setCookieLine(remembered.res.headers).match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  test("a new device gets 401 pending and a mailed code; the right code activates it and trusts the device", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, remember_me: false, device_id: "laptop-2", client_public_ip: null },
    });
    expect(pending.status).toBe(401);
    expect(pending.body).toEqual({
      detail: "New device: enter the 6-digit code we sent to your e-mail.",
      session_id: expect.stringMatching(/^[\w-]{43}$/),
      session_status: "pending",
      requires_otp: true,
    });
    expect(refreshCookie(pending.headers)).toBeNull();
    const bound = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
    expect(bound.cookie).toMatch(/^tw_pending=[\w-]{43}$/);
    expect(pending.headers.getSetCookie().find((l) => l.startsWith("tw_pending="))).toMatch(/HttpOnly/i);
    expect((await mailbox(who.email))[0].subject).toBe("Your Tradewind sign-in code");
    const code = await latestCode(app, who.email);

    const wrong = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: bound,
      body: { session_id: pending.body.session_id, code: code === "123456" ? "654321" : "123456" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("Invalid code");

    const ok = await call(app, "POST", "/api/auth/device-otp/verify", { headers: bound, body: { session_id: pending.body.session_id, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.session_id).toEqual(expect.any(Number));
    expect(ok.body.session_status).toBe("active");
    expect(refreshCookie(ok.headers)).toMatch(/^[\w-]{43}$/);
    const profile = await call(app, "GET", "/api/user/profile", { token: ok.body.access_token });
    expect(profile.status).toBe(200);
    // Next time the device is known.
    expect((await signIn(app, { ...who, deviceId: "laptop-2" })).res.status).toBe(200);
  });

  test("device code: 5 wrong tries then invalid, a resend gives no new tries, expiry, unknown session", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "tablet-9" },
    });
    const headers = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
    const sessionId = pending.body.session_id;
    const [{ id: rowId }] = await sql()`select id from login_sessions where pending_handle = ${sessionId}`;
    const code = await latestCode(app, who.email);
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) {
      expect((await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: sessionId, code: wrong } })).status).toBe(400);
    }
    const locked = await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: sessionId, code } });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe("Too many attempts. Request a new code.");

    await sql()`update device_codes set last_sent_at = now() - interval '121 seconds' where session_id = ${rowId}`;
    expect((await call(app, "POST", "/api/auth/device-otp/send", { headers, body: { session_id: sessionId } })).status).toBe(200);
    const fresh = await latestCode(app, who.email);
    // The new code inherits the spent attempts: a resend is not five more guesses.
    const still = await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: sessionId, code: fresh } });
    expect(still.status).toBe(429);
    expect(still.body.detail).toBe("Too many attempts. Request a new code.");
    await sql()`update device_codes set expires_at = now() - interval '1 second' where session_id = ${rowId}`;
    const expired = await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: sessionId, code: fresh } });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe("Code expired. Request a new one.");

    const missing = await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: "no-such-handle", code: "123456" } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Missing session. Please sign in again.");
  });

  test("a pending sign-in can only be finished by the browser that started it", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "mine-1" },
    });
    const code = await latestCode(app, who.email);
    // Someone else with the handle and even the right code: no cookie, or another sign-in's cookie.
    const stranger = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: (await registerViaApi(app)).email, password: "Nope1234" },
    });
    for (const cookie of ["", "tw_pending=forged-nonce", pendingCookie(stranger.headers)]) {
      const res = await call(app, "POST", "/api/auth/device-otp/verify", {
        headers: { ...clientHeaders(freshIp()), cookie },
        body: { session_id: pending.body.session_id, code },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe("Missing session. Please sign in again.");
      const send = await call(app, "POST", "/api/auth/device-otp/send", {
        headers: { ...clientHeaders(freshIp()), cookie },
        body: { session_id: pending.body.session_id },
      });
      expect(send.status).toBe(400);
    }
    // A sequential id is not a handle.
    const [{ id }] = await sql()`select id from login_sessions where pending_handle = ${pending.body.session_id}`;
    const byId = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) },
      body: { session_id: String(id), code },
    });
    expect(byId.status).toBe(400);
    const mine = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) },
      body: { session_id: pending.body.session_id, code },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.getSetCookie().find((l) => l.startsWith("tw_pending="))).toMatch(/Max-Age=0/i);
  });

  test("a pending sign-in expires with its code (10 min), and gets the session's lifetime once verified", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "exp-1", remember_me: true },
    });
    const [row] =
      await sql()`select id, extract(epoch from expires_at - now())::float8 as left from login_sessions where pending_handle = ${pending.body.session_id}`;
    expect(row.left).toBeGreaterThan(590);
    expect(row.left).toBeLessThanOrEqual(600);
    const headers = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
    const ok = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers,
      body: { session_id: pending.body.session_id, code: await latestCode(app, who.email) },
    });
    expect(ok.status).toBe(200);
    const [after] = await sql()`select extract(epoch from expires_at - now())::float8 as left from login_sessions where id = ${row.id}`;
    expect(after.left).toBeGreaterThan(29 * 86400);

    const late = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "exp-2" },
    });
    await sql()`update login_sessions set expires_at = now() - interval '1 second' where pending_handle = ${late.body.session_id}`;
    const expired = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(ip), cookie: pendingCookie(late.headers) },
      body: { session_id: late.body.session_id, code: await latestCode(app, who.email) },
    });
    expect(expired.status).toBe(400);
  });

  test("resends are capped per pending sign-in", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "cap-1" },
    });
    const headers = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
    const [{ id }] = await sql()`select id from login_sessions where pending_handle = ${pending.body.session_id}`;
    const resend = async () => {
      await sql()`update device_codes set last_sent_at = now() - interval '121 seconds' where session_id = ${id}`;
      return call(app, "POST", "/api/auth/device-otp/send", { headers, body: { session_id: pending.body.session_id } });
    };
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const capped = await resend();
    expect(capped.status).toBe(429);
    expect(capped.body.detail).toBe("Too many codes for this sign-in. Please sign in again later.");
  });

  test("wrong codes across a user's pending sign-ins lock device sign-in and mail the owner", async () => {
    const who = await registerViaApi(app);
    let wrongs = 0;
    for (const device of ["lock-a", "lock-b", "lock-c"]) {
      const ip = freshIp();
      const pending = await call(app, "POST", "/api/auth/login", {
        headers: clientHeaders(ip),
        body: { email: who.email, password: who.password, device_id: device },
      });
      expect(pending.status).toBe(401);
      const headers = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
      const code = await latestCode(app, who.email);
      const wrong = code === "000000" ? "999999" : "000000";
      for (let i = 0; i < 4 && wrongs < 10; i++, wrongs++) {
        expect(
          (await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: pending.body.session_id, code: wrong } })).status,
        ).toBe(400);
      }
      if (wrongs === 10) {
        // Locked: even the right code is refused, and the pending sign-ins are gone.
        const right = await call(app, "POST", "/api/auth/device-otp/verify", { headers, body: { session_id: pending.body.session_id, code } });
        expect(right.status).toBe(400);
      }
    }
    const mails = (await call(app, "GET", `/api/dev/mailbox?to=${encodeURIComponent(who.email)}`)).body as { subject: string }[];
    expect(mails.filter((m) => m.subject === "Tradewind: sign-in from new devices paused")).toHaveLength(1);
    const fresh = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: who.email, password: who.password, device_id: "lock-d" },
    });
    expect(fresh.status).toBe(429);
    expect(fresh.body.detail).toContain("paused for an hour");
    // A device already verified still signs in.
    expect((await signIn(app, who)).res.status).toBe(200);
  }, 60_000);

  test("a burst of wrong codes across pending sign-ins counts every one: at most 10 are judged, the rest get 429", async () => {
    const who = await registerViaApi(app);
    // Three pending sign-ins first (5 tries each on their own), then all 15 wrong codes at once.
    const pendings: { headers: Record<string, string>; handle: string; wrong: string }[] = [];
    for (const device of ["burst-a", "burst-b", "burst-c"]) {
      const ip = freshIp();
      const pending = await call(app, "POST", "/api/auth/login", {
        headers: clientHeaders(ip),
        body: { email: who.email, password: who.password, device_id: device },
      });
      expect(pending.status).toBe(401);
      const wrong = (await latestCode(app, who.email)) === "000000" ? "999999" : "000000";
      pendings.push({ headers: { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) }, handle: pending.body.session_id, wrong });
    }
    const answers = await Promise.all(
      pendings.flatMap((p) =>
        Array.from({ length: 5 }, () =>
          call(app, "POST", "/api/auth/device-otp/verify", { headers: p.headers, body: { session_id: p.handle, code: p.wrong } }),
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === "invalid_code").length).toBeLessThanOrEqual(10);
    // The rest were refused: 429 once the tries were spent, or (after the lock revoked them) no pending sign-in left.
    const refused = answers.filter((a) => a.status === 429 || a.body.code === "pending_sign_in_missing");
    expect(refused.length).toBe(answers.length - answers.filter((a) => a.body.code === "invalid_code").length);
    expect(refused.length).toBeGreaterThanOrEqual(5);
  }, 60_000);

  test("device code resend has a 120 s server-side cooldown with Retry-After", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "phone-3" },
    });
    const headers = { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) };
    const [{ id: rowId }] = await sql()`select id from login_sessions where pending_handle = ${pending.body.session_id}`;
    const before = (await mailbox(who.email)).length;
    const early = await call(app, "POST", "/api/auth/device-otp/send", { headers, body: { session_id: pending.body.session_id } });
    expect(early.status).toBe(429);
    const retry = Number(early.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(60);
    expect(retry).toBeLessThanOrEqual(120);
    // Submitting the login form again inside the window does not mail another code either (and hands out a new handle).
    const again = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: who.email, password: who.password, device_id: "phone-3" },
    });
    expect((await mailbox(who.email)).length).toBe(before);
    const rebound = { ...clientHeaders(ip), cookie: pendingCookie(again.headers) };
    await sql()`update device_codes set last_sent_at = now() - interval '121 seconds' where session_id = ${rowId}`;
    const later = await call(app, "POST", "/api/auth/device-otp/send", { headers: rebound, body: { session_id: again.body.session_id } });
    expect(later.status).toBe(200);
    expect(later.body.retry_after).toBe(120);
    expect((await mailbox(who.email)).length).toBe(before + 1);
  });

  test("unknown e-mail and wrong password get the same answer", async () => {
    const who = await registerViaApi(app);
    const a = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: who.email, password: "Wrong123", device_id: who.deviceId },
    });
    const b = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: uniqueEmail("ghost"), password: "Wrong123", device_id: who.deviceId },
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual({ detail: "Invalid email or password", code: "invalid_credentials" });
    expect(b.body).toEqual(a.body);
  });

  test("a blocked user gets 403 'blocked' at login and on every authenticated call", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    await sql()`update users set is_blocked = true where id = ${who.userId}`;
    const login = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: who.email, password: who.password, device_id: who.deviceId },
    });
    expect(login.status).toBe(403);
    expect(login.body.detail).toContain("blocked");
    const profile = await call(app, "GET", "/api/user/profile", { token: s.token });
    expect(profile.status).toBe(403);
    expect(profile.body.detail).toContain("blocked");
    const refreshed = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(refreshed.status).toBe(403);
  });

  test("wrong passwords lock out only the client that sent them: the owner and other clients still sign in", async () => {
    const who = await registerViaApi(app);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await call(app, "POST", "/api/auth/login", {
        headers: clientHeaders(attacker),
        body: { email: who.email, password: "Nope1234", device_id: "x" },
      });
      expect(res.status).toBe(401);
    }
    // That client is now out, even with the right password (it may be guessing it).
    const blocked = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(attacker),
      body: { email: who.email, password: who.password, device_id: who.deviceId },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.detail).toBe("Too many attempts. Please wait and try again.");
    // The owner, from their own address, is not.
    const owner = await call(app, "POST", "/api/auth/login", {
      headers: trustedHeaders(who),
      body: { email: who.email, password: who.password, device_id: who.deviceId },
    });
    expect(owner.status).toBe(200);
  }, 20_000);

  test("a burst of wrong passwords from one client is counted before any is checked: 10 are judged, the rest get 429", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, "POST", "/api/auth/login", { headers: clientHeaders(ip), body: { email: who.email, password: "Nope1234", device_id: "x" } }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBe(10);
    expect(answers.filter((a) => a.status === 429).length).toBe(10);
  }, 60_000);

  test("only failures count toward the per-account limit; a success clears that client's count", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    const attempt = (password: string) =>
      call(app, "POST", "/api/auth/login", { headers: trustedHeaders(who, ip), body: { email: who.email, password, device_id: who.deviceId } });
    for (let i = 0; i < 5; i++) expect((await attempt(who.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt("Nope1234")).status).toBe(401);
    expect((await attempt(who.password)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt("Nope1234")).status).toBe(401);
    expect((await attempt(who.password)).status).toBe(200);
  }, 90_000);

  test("IPv6 clients share one budget per /64", async () => {
    const base = `2001:db8:${(Date.now() % 65000).toString(16)}:7`;
    for (let i = 0; i < 30; i++) {
      const res = await call(app, "POST", "/api/auth/login", {
        headers: clientHeaders(`${base}::${(i + 1).toString(16)}`),
        body: { email: uniqueEmail("v6"), password: "Nope1234" },
      });
      expect(res.status).toBe(401);
    }
    const same64 = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(`${base}:ffff::1`),
      body: { email: uniqueEmail("v6"), password: "Nope1234" },
    });
    expect(same64.status).toBe(429);
    const other64 = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(`${base.replace(/:7$/, ":8")}::1`),
      body: { email: uniqueEmail("v6"), password: "Nope1234" },
    });
    expect(other64.status).toBe(401);
  }, 90_000);

  test("login is rate limited per IP, whatever the account", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 30; i++) {
      const res = await call(app, "POST", "/api/auth/login", {
        headers: clientHeaders(ip),
        body: { email: uniqueEmail("spray"), password: "Nope1234" },
      });
      expect(res.status).toBe(401);
    }
    const sprayed = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(ip),
      body: { email: uniqueEmail("spray"), password: "Nope1234" },
    });
    expect(sprayed.status).toBe(429);
  }, 90_000);
});

describe("limits behind a shared address", () => {
  test("cookieless refreshes from an address do not stop a signed-in user behind it from refreshing", async () => {
    const shared = freshIp();
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const noise = await Promise.all(Array.from({ length: 301 }, () => call(app, "POST", "/api/auth/refresh", { headers: clientHeaders(shared) })));
    expect(noise.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    const mine = await call(app, "POST", "/api/auth/refresh", { headers: { ...clientHeaders(shared), cookie: `tw_refresh=${s.refresh}` } });
    expect(mine.status).toBe(200);
  }, 30_000);

  test("one client cannot use up the owner's reset mails", async () => {
    const who = await registerViaApi(app);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await call(app, "POST", "/api/auth/forgot-password", { headers: clientHeaders(attacker), body: { email: who.email } })).status).toBe(
        200,
      );
    expect((await call(app, "POST", "/api/auth/forgot-password", { headers: clientHeaders(attacker), body: { email: who.email } })).status).toBe(429);
    expect((await call(app, "POST", "/api/auth/forgot-password", { headers: clientHeaders(freshIp()), body: { email: who.email } })).status).toBe(
      200,
    );
  }, 20_000);
});

describe("cookie names and idle sessions", () => {
  test("production cookies carry the __Secure- prefix and Secure; the device cookie is __Host- with Path=/", async () => {
    const who = await registerViaApi(app);
    const base = testDeps();
    const prod = createApp({ ...base, config: { ...base.config, NODE_ENV: "production", isProduction: true, TRUSTED_PROXY: "127.0.0.1" } });
    // In production the device cookie is __Host- (a sibling subdomain cannot plant it); a __Secure- one is not read.
    const login = (cookie: string) =>
      call(prod, "POST", "/api/auth/login", {
        headers: { ...clientHeaders(freshIp()), cookie },
        body: { email: who.email, password: who.password, device_id: who.deviceId },
      });
    expect((await login(`__Secure-${who.device}`)).body.requires_otp).toBe(true);
    const headers = { ...clientHeaders(freshIp()), cookie: `__Host-${who.device}` };
    const res = await call(prod, "POST", "/api/auth/login", { headers, body: { email: who.email, password: who.password, device_id: who.deviceId } });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("__Secure-tw_refresh="));
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/HttpOnly/i);
    const token = decodeURIComponent(line!.split(";")[0].split("=").slice(1).join("="));
    expect((await call(prod, "POST", "/api/auth/refresh", { headers: { cookie: `__Secure-tw_refresh=${token}` } })).status).toBe(200);
    // What the production device cookie is set with: __Host- needs Secure, Path=/ and no Domain.
    const sets: Record<string, unknown>[] = [];
    const device = deviceCookie(true);
    device.set({ set: (o: Record<string, unknown>) => sets.push(o) } as never, "value");
    const [set] = sets;
    expect(device.name).toBe("__Host-tw_device");
    expect(set).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "strict" });
    expect(set.domain).toBeUndefined();
  });

  test("a session idle past its limit cannot be refreshed (2 h, or 7 days with Remember Me)", async () => {
    const who = await registerViaApi(app);
    const plain = await signIn(app, who, { ip: freshIp() });
    await sql()`update login_sessions set last_seen_at = now() - interval '3 hours' where id = ${plain.sessionId}`;
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${plain.refresh}` } })).status).toBe(401);

    const kept = await signIn(app, who, { rememberMe: true, ip: freshIp() });
    await sql()`update login_sessions set last_seen_at = now() - interval '3 hours' where id = ${kept.sessionId}`;
    const ok = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${kept.refresh}` } });
    expect(ok.status).toBe(200);
    await sql()`update login_sessions set last_seen_at = now() - interval '8 days' where id = ${kept.sessionId}`;
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${refreshCookie(ok.headers)}` } })).status).toBe(401);
  });
});

describe("refresh, reuse detection and logout", () => {
  test("refresh rotates the token; replaying a rotated one revokes the whole session", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const r1 = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(r1.status).toBe(200);
    expect(typeof r1.body.access_token).toBe("string");
    const next = refreshCookie(r1.headers);
    expect(next).not.toBeNull();
    expect(next).not.toBe(s.refresh);
    const [chain] =
      await sql()`select count(*)::int as n, count(rotated_at)::int as rotated, count(parent_id)::int as children from refresh_tokens where session_id = ${s.sessionId}`;
    expect(chain).toEqual({ n: 2, rotated: 1, children: 1 });

    // Long after the rotation (no racing tab can explain it) the old token shows up again: theft.
    await sql()`update refresh_tokens set rotated_at = now() - interval '1 minute' where session_id = ${s.sessionId} and rotated_at is not null`;
    const replay = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toContain("Session expired");
    const [session] = await sql()`select status from login_sessions where id = ${s.sessionId}`;
    expect(session.status).toBe("revoked");
    // The legitimate holder's newer token and access token die with it.
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${next}` } })).status).toBe(401);
    const profile = await call(app, "GET", "/api/user/profile", { token: r1.body.access_token });
    expect(profile.status).toBe(401);
    expect(profile.body.detail).toBe("Session expired or revoked");
  });

  test("a refresh whose answer was lost (or a racing tab) gets its own cookie within the grace, which keeps the session after it", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who, { rememberMe: true });
    const first = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(first.status).toBe(200);
    expect(setCookieLine(first.headers)).toMatch(/Max-Age=\d+/);
    // The browser never saw `first` (a navigation aborted it) and presents the same token again.
    const retry = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(retry.status).toBe(200);
    expect(typeof retry.body.access_token).toBe("string");
    const sibling = refreshCookie(retry.headers);
    expect(sibling).not.toBeNull();
    expect([s.refresh, refreshCookie(first.headers)]).not.toContain(sibling);
    expect(setCookieLine(retry.headers)).toMatch(/Max-Age=\d+/);
    // Long after the grace, the cookie the browser holds still refreshes: no reuse, the session lives.
    await sql()`update refresh_tokens set rotated_at = now() - interval '1 minute' where session_id = ${s.sessionId} and rotated_at is not null`;
    const later = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${sibling}` } });
    expect(later.status).toBe(200);
    const [session] = await sql()`select status from login_sessions where id = ${s.sessionId}`;
    expect(session.status).toBe("active");
    // The token presented twice is still a theft once the grace is over.
    const replay = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(replay.status).toBe(401);
    const [after] = await sql()`select status from login_sessions where id = ${s.sessionId}`;
    expect(after.status).toBe("revoked");
  });

  test("refresh without a cookie or with an expired session is 401 'Session expired'", async () => {
    const none = await call(app, "POST", "/api/auth/refresh");
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe("Session expired. Please sign in again.");
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    await sql()`update login_sessions set expires_at = now() - interval '1 second' where id = ${s.sessionId}`;
    await sql()`update refresh_tokens set expires_at = now() - interval '1 second' where session_id = ${s.sessionId}`;
    const res = await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Session expired. Please sign in again.");
    expect(setCookieLine(res.headers)).toContain("Max-Age=0");
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(401);
  });

  test("logout revokes the session and clears the cookie; it is idempotent", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const out = await call(app, "POST", "/api/auth/logout", { token: s.token, headers: { cookie: `tw_refresh=${s.refresh}` } });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe("logged_out");
    expect(setCookieLine(out.headers)).toContain("Max-Age=0");
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${s.refresh}` } })).status).toBe(401);
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(401);
    expect((await call(app, "POST", "/api/auth/logout")).status).toBe(200);
  });
});

describe("forgot and reset password", () => {
  test("only the newest reset link works", async () => {
    const who = await registerViaApi(app);
    const ip = freshIp();
    await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(ip) });
    const first = (await mailsFor(who.email, 1))[0].text.match(/reset-password\/([\w-]+)/)![1];
    await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(ip) });
    const second = (await mailsFor(who.email, 2))[0].text.match(/reset-password\/([\w-]+)/)![1];
    const body = (token: string) => ({ token, new_password: "Newer9Pass", confirm_password: "Newer9Pass" });
    expect((await call(app, "POST", "/api/auth/reset-password", { headers: clientHeaders(ip), body: body(first) })).status).toBe(400);
    expect((await call(app, "POST", "/api/auth/reset-password", { headers: clientHeaders(ip), body: body(second) })).status).toBe(200);
  });

  test("forgot-password answers the same for known and unknown e-mails; only the account owner gets a link", async () => {
    const who = await registerViaApi(app);
    const ghost = uniqueEmail("ghost");
    const a = await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(freshIp()) });
    const b = await call(app, "POST", "/api/auth/forgot-password", { body: { email: ghost }, headers: clientHeaders(freshIp()) });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ status: "ok", detail: "If the email exists, a reset link has been sent." });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const mail = (await mailsFor(who.email))[0];
    // The ghost's request went out before the owner's mail arrived; give it the same time again, then nothing.
    await Bun.sleep(100);
    expect(await mailbox(ghost)).toEqual([]);
    expect(mail.subject).toBe("Reset your Tradewind password");
    expect(mail.text).toMatch(new RegExp(`${testDeps().config.PUBLIC_ORIGIN}/reset-password/[\\w-]{43}`));
  });

  test("reset sets the new password once, revokes every session, and dead links get 400", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(freshIp()) });
    const token = (await mailsFor(who.email))[0].text.match(/reset-password\/([\w-]+)/)![1];
    const headers = clientHeaders(freshIp());

    const weak = await call(app, "POST", "/api/auth/reset-password", {
      headers,
      body: { token, new_password: "lower12", confirm_password: "lower12" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe("Password must contain at least one uppercase letter (A-Z).");

    const ok = await call(app, "POST", "/api/auth/reset-password", {
      headers,
      body: { token, new_password: "Brand9New", confirm_password: "Brand9New" },
    });
    expect(ok.status).toBe(200);
    // The answer names the account, so the sign-in page can be prefilled with it.
    expect(ok.body.email).toBe(who.email.toLowerCase());
    expect((await call(app, "GET", "/api/user/profile", { token: s.token })).status).toBe(401);
    expect(
      (
        await call(app, "POST", "/api/auth/login", {
          headers: trustedHeaders(who),
          body: { email: who.email, password: who.password, device_id: who.deviceId },
        })
      ).status,
    ).toBe(401);
    // The reset withdrew every browser's device trust: even the registering browser proves the mailbox again.
    const after = await call(app, "POST", "/api/auth/login", {
      headers: trustedHeaders(who),
      body: { email: who.email, password: "Brand9New", device_id: who.deviceId },
    });
    expect(after.status).toBe(401);
    expect(after.body.requires_otp).toBe(true);
    expect((await signInNewDevice(app, { ...who, password: "Brand9New" }, who.deviceId)).token).toBeString();
    // The owner is told.
    expect((await mailbox(who.email)).some((m) => m.subject === "Your Tradewind password was changed" && m.text.includes("reset"))).toBe(true);

    const reused = await call(app, "POST", "/api/auth/reset-password", {
      headers,
      body: { token, new_password: "Again9New", confirm_password: "Again9New" },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe("Invalid or expired link");
    const garbage = await call(app, "POST", "/api/auth/reset-password", {
      headers,
      body: { token: "nope", new_password: "Again9New", confirm_password: "Again9New" },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.detail).toBe("Invalid or expired link");

    await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(freshIp()) });
    const late = (await mailsFor(who.email, 2))[0].text.match(/reset-password\/([\w-]+)/)![1];
    await sql()`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${who.userId} and used_at is null`;
    const expired = await call(app, "POST", "/api/auth/reset-password", {
      headers,
      body: { token: late, new_password: "Again9New", confirm_password: "Again9New" },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe("Invalid or expired link");
  });
});

describe("cheap checks first, bounded hashing, one free credit per mailbox", () => {
  test("argon2 never runs more than MAX_CONCURRENT_HASHES at a time, and every hash completes", async () => {
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withHashSlot(async () => {
          peak = Math.max(peak, hashesRunning());
          await Bun.sleep(5);
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
    expect(hashesRunning()).toBe(0);
  });

  test("a reset with a dead link or a registration without a live proof is refused before any hashing", async () => {
    const before = hashesStarted();
    const reset = await call(app, "POST", "/api/auth/reset-password", {
      headers: clientHeaders(freshIp()),
      body: { token: "made-up", new_password: "Brand9New", confirm_password: "Brand9New" },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.detail).toBe("Invalid or expired link");
    const reg = await call(app, "POST", "/api/auth/complete-registration", {
      headers: clientHeaders(freshIp()),
      body: {
        email: uniqueEmail("noproof"),
        session_token: "made-up",
        first_name: "A",
        last_name: "B",
        password: "Secret123!",
        confirm_password: "Secret123!",
        accepted_terms_of_use: true,
        accepted_privacy_policy: true,
        accepted_risk_disclosure: true,
      },
    });
    expect(reg.status).toBe(400);
    expect(hashesStarted()).toBe(before);
    // A real reset does hash (so the counter can move).
    const who = await registerViaApi(app);
    await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(freshIp()) });
    const token = (await mailsFor(who.email))[0].text.match(/reset-password\/([\w-]+)/)![1];
    const counted = hashesStarted();
    expect(
      (
        await call(app, "POST", "/api/auth/reset-password", {
          headers: clientHeaders(freshIp()),
          body: { token, new_password: "Brand9New", confirm_password: "Brand9New" },
        })
      ).status,
    ).toBe(200);
    expect(hashesStarted()).toBeGreaterThan(counted);
  });

  test("name+tag and Gmail dot variants of a mailbox get no second free credit", async () => {
    const base = `free.${Date.now().toString(36)}`;
    const first = await registerViaApi(app, { email: `${base}@gmail.com` });
    const second = await registerViaApi(app, { email: `${base.replace(".", "")}+again@googlemail.com` });
    const credits = async (id: number) => (await sql()`select credits from users where id = ${id}`)[0].credits;
    expect(await credits(first.userId)).toBe(1);
    expect(await credits(second.userId)).toBe(0);
    expect(canonicalMailbox("A.B.C+x@GoogleMail.com")).toBe("abc@gmail.com");
    expect(canonicalMailbox("a.b+x@example.com")).toBe("a.b@example.com");
  });
});

describe("a new session row per sign-in", () => {
  test("a revoked session never comes back; a new sign-in on the device gets a new row and ends the old one", async () => {
    const who = await registerViaApi(app);
    const first = await signIn(app, who);
    expect((await call(app, "POST", "/api/auth/logout", { headers: { cookie: `tw_refresh=${first.refresh}` } })).status).toBe(200);
    const second = await signIn(app, who);
    expect(second.sessionId).not.toBe(first.sessionId);
    const status = async (id: number) => (await sql()`select status from login_sessions where id = ${id}`)[0].status;
    expect(await status(first.sessionId)).toBe("revoked");
    // Signing in again on the same device: a third row; the second one's refresh chain dies with it.
    const third = await signIn(app, who);
    expect(third.sessionId).not.toBe(second.sessionId);
    expect(await status(second.sessionId)).toBe("revoked");
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${second.refresh}` } })).status).toBe(401);
    expect((await call(app, "POST", "/api/auth/refresh", { headers: { cookie: `tw_refresh=${third.refresh}` } })).status).toBe(200);
  });
});

describe("device trust is a server-signed, expiring, httpOnly cookie", () => {
  const login = (who: { email: string; password: string }, cookie: string, deviceId = "any-id") =>
    call(app, "POST", "/api/auth/login", {
      headers: { ...clientHeaders(freshIp()), cookie },
      body: { email: who.email, password: who.password, device_id: deviceId },
    });

  test("verifying a device sets the cookie; it alone (not the device id) skips the code, for its own user only", async () => {
    const who = await registerViaApi(app);
    const verified = await signInNewDevice(app, who, "laptop-t1");
    const line = (
      await call(app, "POST", "/api/auth/login", {
        headers: { ...clientHeaders(freshIp()), cookie: verified.device },
        body: { email: who.email, password: who.password, device_id: "laptop-t1" },
      })
    ).headers.getSetCookie();
    expect(line.some((l) => l.startsWith("tw_device="))).toBe(false); // a trusted sign-in does not re-issue it
    expect(verified.device).toMatch(/^tw_device=[\w-]{43}\.[\w-]{43}$/);
    // The same device id from a browser without the cookie needs a code; with the cookie it does not.
    expect((await login(who, "", "laptop-t1")).status).toBe(401);
    expect((await login(who, verified.device, "whatever-id")).status).toBe(200);
    // Another user's password on this browser is not trusted by this cookie.
    const other = await registerViaApi(app);
    expect((await login(other, verified.device)).body.requires_otp).toBe(true);
  });

  test("the cookie is httpOnly, Strict, scoped to /api/auth and expires; a forged or expired trust is refused", async () => {
    const who = await registerViaApi(app);
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: clientHeaders(freshIp()),
      body: { email: who.email, password: who.password, device_id: "t2" },
    });
    const res = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(freshIp()), cookie: pendingCookie(pending.headers) },
      body: { session_id: pending.body.session_id, code: await latestCode(app, who.email) },
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith("tw_device="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/auth(;|$)/);
    expect(Number(line.match(/Max-Age=(\d+)/i)![1])).toBe(90 * 24 * 3600);
    const cookie = line.split(";")[0];
    // A flipped signature character: refused before any lookup.
    const [secret, sig] = cookie.slice("tw_device=".length).split(".");
    const forged = `tw_device=${secret}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    expect((await login(who, forged)).status).toBe(401);
    expect((await login(who, cookie)).status).toBe(200);
    // Only the hash of the secret is stored.
    const rows = await sql()`select trust_hash from verified_devices where user_id = ${who.userId}`;
    expect(rows.every((r) => !String(r.trust_hash).includes(secret))).toBe(true);
    await sql()`update verified_devices set expires_at = now() - interval '1 second' where user_id = ${who.userId}`;
    expect((await login(who, cookie)).body.requires_otp).toBe(true);
  });

  test("logout keeps this browser's trust (it belongs to the browser, not the session); the owner can remove it", async () => {
    const who = await registerViaApi(app);
    const a = await signInNewDevice(app, who, "browser-a");
    const b = await signInNewDevice(app, who, "browser-b");
    const out = await call(app, "POST", "/api/auth/logout", { token: a.token, headers: { cookie: `tw_refresh=${a.refresh}; ${a.device}` } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((l) => /^tw_device=/.test(l))).toBe(false);
    // The same browser signs in again without a code.
    const again = await login(who, a.device);
    expect(again.status).toBe(200);

    // The sessions card lists the trusted browsers; removing one means a code on its next sign-in, the other keeps its trust.
    // (b's session: each login() here signs in as device "any-id", which ends the previous one of that device.)
    const list = await call(app, "GET", "/api/user/trusted-browsers", { token: b.token });
    expect(list.status).toBe(200);
    const ids = list.body.browsers.map((x: { device_id: string }) => x.device_id).sort();
    expect(ids).toEqual(expect.arrayContaining(["browser-a", "browser-b"]));
    const removed = await call(app, "DELETE", "/api/user/trusted-browsers/browser-a", { token: b.token });
    expect(removed.status).toBe(200);
    expect((await login(who, a.device)).body.requires_otp).toBe(true);
    expect((await login(who, b.device)).status).toBe(200);
    const missing = await call(app, "DELETE", "/api/user/trusted-browsers/browser-a", { token: b.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    // Another user cannot see or remove them.
    const other = await signIn(app, await registerViaApi(app));
    const theirs = (await call(app, "GET", "/api/user/trusted-browsers", { token: other.token })).body.browsers;
    expect(theirs.map((x: { device_id: string }) => x.device_id)).toEqual(["device-registered"]);
    expect((await call(app, "DELETE", "/api/user/trusted-browsers/browser-b", { token: other.token })).status).toBe(404);
    expect((await login(who, b.device)).status).toBe(200);
  });

  test("one browser holds the trust of two users; verifying the second keeps the first", async () => {
    const first = await registerViaApi(app);
    const second = await registerViaApi(app);
    const ip = freshIp();
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: { ...clientHeaders(ip), cookie: first.device },
      body: { email: second.email, password: second.password, device_id: "shared" },
    });
    expect(pending.status).toBe(401);
    const res = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(ip), cookie: `${pendingCookie(pending.headers)}; ${first.device}` },
      body: { session_id: pending.body.session_id, code: await latestCode(app, second.email) },
    });
    expect(res.status).toBe(200);
    // A fresh value that carries the first user's trust along; the old value is dead for both.
    const fresh = deviceCookieHeader(res.headers);
    expect(fresh).not.toBe(first.device);
    expect((await login(first, fresh)).status).toBe(200);
    expect((await login(second, fresh)).status).toBe(200);
    expect((await login(first, first.device)).body.requires_otp).toBe(true);
  });

  test("fixation: a cookie value planted in the victim's browser never becomes the victim's trust", async () => {
    const attacker = await registerViaApi(app);
    const victim = await registerViaApi(app);
    const ip = freshIp();
    // The victim's browser holds the attacker's validly signed value (set from a sibling subdomain) and verifies a device.
    const pending = await call(app, "POST", "/api/auth/login", {
      headers: { ...clientHeaders(ip), cookie: attacker.device },
      body: { email: victim.email, password: victim.password, device_id: "victim-laptop" },
    });
    expect(pending.status).toBe(401);
    const verified = await call(app, "POST", "/api/auth/device-otp/verify", {
      headers: { ...clientHeaders(ip), cookie: `${pendingCookie(pending.headers)}; ${attacker.device}` },
      body: { session_id: pending.body.session_id, code: await latestCode(app, victim.email) },
    });
    expect(verified.status).toBe(200);
    expect(deviceCookieHeader(verified.headers)).not.toBe(attacker.device);
    // With the victim's password alone, the attacker's copy of the planted value still needs the victim's mailbox.
    expect((await login(victim, attacker.device)).body.requires_otp).toBe(true);
  });
});
