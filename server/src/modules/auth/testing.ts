// Test kit for the account modules: an app that trusts X-Forwarded-For (so tests pick their IP), mail reading, flows.
import { createApp } from "../../app";
import { call, testDeps, uniqueEmail } from "../../../../test/helpers";

let ipCounter = 0;
/** A fresh client address per test, so per-IP limits of one test never leak into another. */
export const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

export function accountsApp() {
  const deps = testDeps();
  // The in-process app has no socket peer (it reads as 127.0.0.1); trusting it lets each test choose its address.
  return createApp({ ...deps, config: { ...deps.config, TRUSTED_PROXY: "127.0.0.1" } });
}
export type TestApp = ReturnType<typeof accountsApp>;

export const CHROME_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

export const clientHeaders = (ip: string, ua = CHROME_UA) => ({ "x-forwarded-for": ip, "user-agent": ua });

/** The six-digit code of the newest mail to an address. */
export async function latestCode(app: TestApp, to: string): Promise<string> {
  const res = await call(app, "GET", `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const match = res.body?.[0]?.text?.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code mailed to ${to}`);
  return match[1];
}

/** The tw_refresh value from a response's Set-Cookie, or null. */
export function refreshCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const m = line.match(/^tw_refresh=([^;]*)/);
    if (m) return decodeURIComponent(m[1]);
  }
  return null;
}

/** The Cookie header that carries a pending sign-in's nonce (from the login 401's Set-Cookie), or "" when none was set. */
export function pendingCookie(headers: Headers): string {
  for (const line of headers.getSetCookie()) {
    const m = line.match(/^tw_pending=([^;]+)/);
    if (m) return `tw_pending=${m[1]}`;
  }
  return "";
}

/** The Cookie header that carries a browser's device trust (from a registration or device-verify answer), or "". */
export function deviceCookieHeader(headers: Headers): string {
  for (const line of headers.getSetCookie()) {
    const m = line.match(/^tw_device=([^;]+)/);
    if (m) return `tw_device=${m[1]}`;
  }
  return "";
}

export function setCookieLine(headers: Headers): string {
  return headers.getSetCookie().find((l) => l.startsWith("tw_refresh=")) ?? "";
}

/** Full registration through the API: code by mail, verify, complete. */
export async function registerViaApi(app: TestApp, opts: { email?: string; password?: string; deviceId?: string; ip?: string } = {}) {
  const email = opts.email ?? uniqueEmail("reg");
  const password = opts.password ?? "Secret123!";
  const ip = opts.ip ?? freshIp();
  const headers = clientHeaders(ip);
  const sent = await call(app, "POST", "/api/auth/send-code", { body: { email }, headers });
  if (sent.status !== 200) throw new Error(`send-code ${sent.status} ${JSON.stringify(sent.body)}`);
  const verified = await call(app, "POST", "/api/auth/verify-code", { body: { email, code: await latestCode(app, email) }, headers });
  const res = await call(app, "POST", "/api/auth/complete-registration", {
    headers,
    body: {
      email,
      session_token: verified.body.session_token,
      first_name: "Grace",
      last_name: "Hopper",
      password,
      confirm_password: password,
      accepted_terms_of_use: true,
      accepted_privacy_policy: true,
      accepted_risk_disclosure: true,
      device_id: opts.deviceId ?? "device-registered",
    },
  });
  if (res.status !== 201) throw new Error(`complete-registration ${res.status} ${JSON.stringify(res.body)}`);
  // The registering browser is trusted through its tw_device cookie; `device` is that Cookie header.
  return {
    email,
    password,
    userId: res.body.user_id as number,
    deviceId: opts.deviceId ?? "device-registered",
    device: deviceCookieHeader(res.headers),
  };
}

/** The headers of a browser that holds the user's device trust (its tw_device cookie). */
export const trustedHeaders = (who: { device: string }, ip = freshIp(), ua?: string) => ({ ...clientHeaders(ip, ua), cookie: who.device });

/** Sign in from a device already verified for the user: access token, session id and refresh cookie. */
export async function signIn(
  app: TestApp,
  who: { email: string; password: string; deviceId: string; device: string },
  opts: { rememberMe?: boolean; ip?: string; ua?: string } = {},
) {
  const res = await call(app, "POST", "/api/auth/login", {
    headers: trustedHeaders(who, opts.ip ?? freshIp(), opts.ua),
    body: { email: who.email, password: who.password, remember_me: opts.rememberMe ?? false, device_id: who.deviceId },
  });
  if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.access_token as string, sessionId: res.body.session_id as number, refresh: refreshCookie(res.headers)!, res };
}

/** Sign in from a new device, reading the device code from the mailbox. */
export async function signInNewDevice(app: TestApp, who: { email: string; password: string }, deviceId: string, ua?: string) {
  const ip = freshIp();
  const pending = await call(app, "POST", "/api/auth/login", {
    headers: clientHeaders(ip, ua),
    body: { email: who.email, password: who.password, remember_me: false, device_id: deviceId },
  });
  if (pending.status !== 401) throw new Error(`expected pending login, got ${pending.status}`);
  const res = await call(app, "POST", "/api/auth/device-otp/verify", {
    headers: { ...clientHeaders(ip, ua), cookie: pendingCookie(pending.headers) },
    body: { session_id: pending.body.session_id, code: await latestCode(app, who.email) },
  });
  if (res.status !== 200) throw new Error(`device verify ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.access_token as string,
    sessionId: res.body.session_id as number,
    refresh: refreshCookie(res.headers)!,
    device: deviceCookieHeader(res.headers),
  };
}
