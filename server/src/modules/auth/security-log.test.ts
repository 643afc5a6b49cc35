// The security event log through the real API: each event with user, session and address, and never a secret.
import { afterAll, expect, test } from "bun:test";
import { call, closeTestDeps, testDeps } from "../../../../test/helpers";
import { createApp } from "../../app";
import { clientHeaders, freshIp, latestCode, pendingCookie, refreshCookie, registerViaApi } from "./testing";

afterAll(() => closeTestDeps());

test("sign-ins, failures, wrong codes, reuse, revocation and 429s are logged with who and where, without secrets", async () => {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, msg, fields });
  const deps = testDeps();
  const app = createApp({
    ...deps,
    log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
    config: { ...deps.config, TRUSTED_PROXY: "127.0.0.1" },
  });
  const who = await registerViaApi(app);
  const ip = freshIp();
  const events = () => lines.filter((l) => l.msg === "security").map((l) => l.fields);

  const bad = await call(app, "POST", "/api/auth/login", {
    headers: clientHeaders(ip),
    body: { email: who.email, password: "Wrong-pass-1", device_id: who.deviceId },
  });
  expect(bad.status).toBe(401);
  const ok = await call(app, "POST", "/api/auth/login", {
    headers: { ...clientHeaders(ip), cookie: who.device },
    body: { email: who.email, password: who.password, device_id: who.deviceId },
  });
  expect(ok.status).toBe(200);
  const pending = await call(app, "POST", "/api/auth/login", {
    headers: clientHeaders(ip),
    body: { email: who.email, password: who.password, device_id: "new-box" },
  });
  const code = await latestCode(app, who.email);
  await call(app, "POST", "/api/auth/device-otp/verify", {
    headers: { ...clientHeaders(ip), cookie: pendingCookie(pending.headers) },
    body: { session_id: pending.body.session_id, code: code === "000000" ? "111111" : "000000" },
  });
  // A rotated refresh token replayed long after: reuse.
  const refresh = refreshCookie(ok.headers)!;
  const rotated = await call(app, "POST", "/api/auth/refresh", { headers: { ...clientHeaders(ip), cookie: `tw_refresh=${refresh}` } });
  expect(rotated.status).toBe(200);
  await deps.sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where session_id = ${ok.body.session_id} and rotated_at is not null`;
  expect((await call(app, "POST", "/api/auth/refresh", { headers: { ...clientHeaders(ip), cookie: `tw_refresh=${refresh}` } })).status).toBe(401);
  // A spent per-IP budget.
  const sprayer = freshIp();
  for (let i = 0; i < 21; i++)
    await call(app, "POST", "/api/auth/send-code", { headers: clientHeaders(sprayer), body: { email: `x${i}@example.test` } });

  const e = events();
  const find = (event: string) => e.find((x) => x.event === event);
  expect(find("login_failure")).toMatchObject({ ip, account: expect.stringMatching(/^[0-9a-f]{16}$/) });
  expect(find("login_success")).toMatchObject({ user_id: expect.any(Number), session_id: ok.body.session_id, ip });
  expect(find("device_pending")).toMatchObject({ user_id: expect.any(Number), ip });
  expect(find("device_code_wrong")).toMatchObject({ user_id: expect.any(Number), session_id: expect.any(Number), ip });
  expect(find("refresh_reuse")).toMatchObject({ session_id: ok.body.session_id, ip });
  expect(find("rate_limited")).toMatchObject({ limit: "code-send-ip", ip: sprayer });
  expect(lines.find((l) => l.msg === "security" && l.fields.event === "login_failure")!.level).toBe("warn");

  // Never a secret: no password, code, token or raw e-mail anywhere in the security lines.
  const text = JSON.stringify(lines.filter((l) => l.msg === "security"));
  for (const secret of [who.password, "Wrong-pass-1", code, refresh, who.email, pending.body.session_id]) expect(text.includes(secret)).toBe(false);
}, 60_000);
