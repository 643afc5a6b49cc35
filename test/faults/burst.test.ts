// Abuse under burst: each limit (login, codes, forgot, contact, analysis start) holds when one burst is split over two server processes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Sql } from "@core/infra/db";
import { CONTACT_SUBJECTS } from "@core/rules/contact";
import { MAX_ACTIVE_ANALYSES } from "@core/queues/analysis-queue";
import { startApp, type RunningApp, type Workspace } from "../../scripts/app-process";
import { api, booksFindings, faultWorkspace, type Answer as Reply } from "./harness";
import { insertUser } from "../helpers";

const PHASE_SECONDS = 2;
let ws: Workspace;
let sql: Sql;
let app: RunningApp;

beforeAll(async () => {
  ({ ws, sql } = await faultWorkspace("burst"));
  // Loopback is the trusted proxy, so every scenario arrives from its own X-Forwarded-For address and the per-address
  // budgets of one scenario never leak into another (as the browser tests do). No engine: analyses stay running.
  app = await startApp(ws, {
    servers: 2,
    engine: false,
    quiet: true,
    env: { TRUSTED_PROXY: "127.0.0.1,::1", ANALYSIS_PHASE_SECONDS: String(PHASE_SECONDS) },
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await sql?.end({ timeout: 2 });
  await ws?.drop();
});

let lastIp = 0;
const freshIp = () => `203.0.113.${++lastIp}`;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** `n` requests at once, alternating between the two processes: per-process counting would let every one of them through. */
const burst = (n: number, send: (base: string, i: number) => Promise<Reply>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(app.baseUrls[i % 2], i)));

/** Replies counted by status, e.g. {401: 30, 429: 10}. */
function tally(replies: Reply[]): Record<number, number> {
  const t: Record<number, number> = {};
  for (const r of replies) t[r.status] = (t[r.status] ?? 0) + 1;
  return t;
}

/** Both processes keep refusing once the budget is spent; a spent rate budget says when to come back (Retry-After). */
async function refusedEverywhere(replies: Reply[], send: (base: string) => Promise<Reply>, timed = true) {
  if (timed) for (const r of replies.filter((x) => x.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  for (const base of app.baseUrls) expect((await send(base)).status).toBe(429);
  expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
}

const post = (base: string, path: string, ip: string, body: unknown, token?: string) =>
  api(base, "POST", path, { body, token, headers: { "x-forwarded-for": ip }, boundMs: null });

describe("limits shared by two server processes", () => {
  test("login: 30 attempts per address in 15 min (40 sent)", async () => {
    const ip = freshIp();
    const login = (base: string) => post(base, "/api/auth/login", ip, { email: `nobody.${stamp()}@example.test`, password: "Wrong-password-1" });
    const replies = await burst(40, login);
    expect(tally(replies)).toEqual({ 401: 30, 429: 10 });
    await refusedEverywhere(replies, login);
  });

  test("login: 10 wrong passwords per account and address, counted across both processes, then even the right one waits", async () => {
    const ip = freshIp();
    const user = await insertUser(sql, app.env.JWT_SECRET!, { credits: 0, tag: "burst" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await post(app.baseUrls[i % 2], "/api/auth/login", ip, { email: user.email, password: `Wrong-${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    await refusedEverywhere([], (base) => post(base, "/api/auth/login", ip, { email: user.email, password: "Password1!" }));
  });

  test("codes: 20 registration codes per address an hour (25 sent), 30 code checks per 15 min (35 sent)", async () => {
    const ip = freshIp();
    const send = (base: string) => post(base, "/api/auth/send-code", ip, { email: `new.${stamp()}@example.test` });
    const sent = await burst(25, send);
    expect(tally(sent)).toEqual({ 200: 20, 429: 5 });
    await refusedEverywhere(sent, send);

    const checker = freshIp();
    const verify = (base: string) => post(base, "/api/auth/verify-code", checker, { email: `new.${stamp()}@example.test`, code: "000000" });
    const checked = await burst(35, verify);
    expect(tally(checked)).toEqual({ 400: 30, 429: 5 });
    await refusedEverywhere(checked, verify);
  });

  test("codes: one inbox gets one code per resend interval, however many addresses and processes ask at once", async () => {
    const email = `inbox.${stamp()}@example.test`;
    const replies = await burst(6, (base) => post(base, "/api/auth/send-code", freshIp(), { email }));
    expect(tally(replies)).toEqual({ 200: 1, 429: 5 });
    const [{ n }] = await sql`select count(*)::int as n from email_codes where lower(email) = ${email}`;
    expect(n).toBe(1);
    await refusedEverywhere(replies, (base) => post(base, "/api/auth/send-code", freshIp(), { email }));
  });

  test("forgot password: 10 per address an hour (14 sent), 5 per account and address (8 sent)", async () => {
    const ip = freshIp();
    const forgot = (base: string) => post(base, "/api/auth/forgot-password", ip, { email: `someone.${stamp()}@example.test` });
    const any = await burst(14, forgot);
    expect(tally(any)).toEqual({ 200: 10, 429: 4 });
    await refusedEverywhere(any, forgot);

    const user = await insertUser(sql, app.env.JWT_SECRET!, { credits: 0, tag: "burst" });
    const other = freshIp();
    const mine = (base: string) => post(base, "/api/auth/forgot-password", other, { email: user.email });
    const one = await burst(8, mine);
    expect(tally(one)).toEqual({ 200: 5, 429: 3 });
    await refusedEverywhere(one, mine);
  });

  test("contact form: 5 messages per address an hour (8 sent), and only 5 tickets exist", async () => {
    const ip = freshIp();
    const contact = (base: string, i = 0) =>
      post(base, "/api/support/contact", ip, {
        name: "Burst Sender",
        email: `sender.${stamp()}@example.test`,
        subject: CONTACT_SUBJECTS[0],
        message: `Message number ${i} from the burst.`,
      });
    const replies = await burst(8, contact);
    expect(tally(replies)).toEqual({ 200: 5, 429: 3 });
    const [{ n }] = await sql`select count(*)::int as n from support_tickets where ip = ${ip}`;
    expect(n).toBe(5);
    await refusedEverywhere(replies, contact);
  });

  test(`analysis start: at most ${MAX_ACTIVE_ANALYSES} running per trader (8 starts at once), one debit each; a repeated Idempotency-Key debits once`, async () => {
    const user = await insertUser(sql, app.env.JWT_SECRET!, { credits: 10, tag: "burst" });
    const start = (base: string) => post(base, "/api/analysis/start", freshIp(), { symbol: "BTCUSDT" }, user.token);
    const replies = await burst(8, start);
    expect(tally(replies)).toEqual({ 200: MAX_ACTIVE_ANALYSES, 429: 8 - MAX_ACTIVE_ANALYSES });
    const [{ credits }] = await sql`select credits from users where id = ${user.id}`;
    expect(credits).toBe(10 - MAX_ACTIVE_ANALYSES);

    const again = await insertUser(sql, app.env.JWT_SECRET!, { credits: 5, tag: "burst" });
    const key = `burst-${stamp()}`;
    const same = await burst(6, (base) =>
      api(base, "POST", "/api/analysis/start", {
        token: again.token,
        body: { symbol: "ETHUSDT" },
        headers: { "idempotency-key": key },
        boundMs: null,
      }),
    );
    expect(tally(same)).toEqual({ 200: 6 });
    expect(new Set(same.map((r) => r.body.request_id)).size).toBe(1);
    const [{ left }] = await sql`select credits as left from users where id = ${again.id}`;
    expect(left).toBe(4);
    // Not a rate: the cap lifts when an analysis ends, so no Retry-After.
    await refusedEverywhere(replies, start, false);
  });
});
