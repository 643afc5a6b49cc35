// Shared Playwright helpers: accounts registered through the API (code from the dev mailbox), signed into a browser
// context without the device-code step, and credits changed through the ledger in the run's database.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { applyCreditChange } from "../../core/ledger/credits";

export const PASSWORD = "Secret123!";

/** The app's signed-in mark (web/src/lib/session.ts SESSION_HINT_KEY). */
const SESSION_HINT_KEY = "tw_session_hint";

/** `deviceCookie` is the tw_device trust the registration answered: the registering browser needs no device code. */
export type TestUser = { id: number; email: string; password: string; deviceId: string; ip: string; deviceCookie: string };

/** A distinct client address per test account (the e2e app trusts loopback's X-Forwarded-For). */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join(".")}`;

export const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** Newest mail to `to` from the dev mailbox (non-production servers only). */
/**
 * The newest mail to an address, optionally the newest with a given subject: some mails leave after the answer
 * (reset links), so without the subject an earlier mail (the registration code) could be read instead.
 */
export async function newestMail(request: APIRequestContext, to: string, subject?: string): Promise<string> {
  const read = async () =>
    ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Array<{ subject: string; text: string }>).filter(
      (m) => subject === undefined || m.subject === subject,
    );
  await expect.poll(async () => (await read()).length).toBeGreaterThan(0);
  return (await read())[0].text;
}

export const codeIn = (text: string) => {
  const m = text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no six-digit code in mail: ${text.slice(0, 200)}`);
  return m[1];
};

/** A new account (1 free credit) whose registration trusted `deviceId`, so its logins need no device code. */
export async function registerUser(
  request: APIRequestContext,
  opts: { tag?: string; firstName?: string; deviceId?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(opts.tag ?? "e2e");
  const deviceId = opts.deviceId ?? `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const ip = randomIp();
  const headers = { "x-forwarded-for": ip };
  expect((await request.post("/api/auth/send-code", { data: { email }, headers })).status()).toBe(200);
  const verify = await request.post("/api/auth/verify-code", { data: { email, code: codeIn(await newestMail(request, email)) }, headers });
  expect(verify.status()).toBe(200);
  const { session_token } = (await verify.json()) as { session_token: string };
  const done = await request.post("/api/auth/complete-registration", {
    headers,
    data: {
      email,
      session_token,
      first_name: opts.firstName ?? "Ada",
      last_name: "Trader",
      password: PASSWORD,
      confirm_password: PASSWORD,
      accepted_terms_of_use: true,
      accepted_privacy_policy: true,
      accepted_risk_disclosure: true,
      device_id: deviceId,
    },
  });
  expect(done.status()).toBe(201);
  const trust = done.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("tw_device="));
  if (!trust) throw new Error("registration set no tw_device cookie");
  const id = await withSql(async (sql) => (await sql<{ id: number }[]>`select id from users where email = ${email}`)[0].id);
  return { id, email, password: PASSWORD, deviceId, ip, deviceCookie: trust.value.split(";")[0].slice("tw_device=".length) };
}

/** Makes the page's browser context the registering browser: its device id and its device-trust cookie. */
export async function trustDevice(page: Page, user: Pick<TestUser, "deviceId" | "deviceCookie">): Promise<void> {
  await page.addInitScript((id) => localStorage.setItem("trade_device_id", id), user.deviceId);
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? "http://localhost");
  await page
    .context()
    .addCookies([
      { name: "tw_device", value: user.deviceCookie, domain: hostname, path: "/api/auth", httpOnly: true, sameSite: "Strict", secure: false },
    ]);
}

/**
 * Signs `user` in inside the page's browser context: the login sets the refresh cookie there, so the app's
 * start-up refresh finds the session. Call before the first page.goto.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await trustDevice(page, user);
  const res = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password, device_id: user.deviceId },
    headers: { "x-forwarded-for": user.ip },
  });
  expect(res.status()).toBe(200);
  // The app marks a browser that signed in (the refresh cookie is httpOnly); this sign-in bypassed the form, so the mark
  // is set here, once per tab, as the app would have set it.
  await page.context().addInitScript((key) => {
    if (sessionStorage.getItem("e2e-hint-set")) return;
    localStorage.setItem(key, "1");
    sessionStorage.setItem("e2e-hint-set", "1");
  }, SESSION_HINT_KEY);
}

/** Runs `fn` with a short-lived connection to the app's database (E2E_DATABASE_URL from the test runner). */
export async function withSql<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run browser tests with `bun run test --e2e`");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

/** Changes a user's credits through the ledger (ADJUSTMENT), as an operator would. */
export async function adjustCredits(userId: number, amount: number): Promise<number> {
  return withSql(async (sql) => {
    const result = await sql.begin((tx) => applyCreditChange(tx, { userId, kind: "ADJUSTMENT", amount, note: "e2e" }));
    if (!result) throw new Error(`credit change ${amount} refused for user ${userId}`);
    return result.balance;
  });
}

/** The app's market clock now (GET /api/market/clock): the replayed moment market events are dated on. */
export async function marketNow(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/market/clock");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { now_ms: number }).now_ms;
}
