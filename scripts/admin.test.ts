// Operator CLI commands against the test database: grants through the ledger, block/unblock with session revocation.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor } from "../test/helpers";
import { AdminError, runAdmin } from "./admin";
import { verifyAccessToken } from "../server/src/lib/auth";
import { applyCreditChange } from "@core/ledger/credits";
import { listenUserChanges } from "@core/infra/user-version";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signAccessToken } from "../server/src/lib/auth";

afterAll(() => closeTestDeps());
const sql = () => testDeps().sql;
const app = testApp();

describe("admin CLI", () => {
  test("grant-credits adds credits with a GRANT ledger row", async () => {
    const user = await createUser({ credits: 1 });
    const out = await runAdmin(sql(), ["grant-credits", user.email.toUpperCase(), "5"]);
    expect(out).toBe(`Granted 5 credit(s) to ${user.email}; balance is now 6.`);
    const rows = await sql()`select kind, amount, balance_after, note from credit_ledger where user_id = ${user.id} order by id`;
    expect(rows.at(-1)).toEqual({ kind: "GRANT", amount: 5, balance_after: 6, note: "Granted by operator" });
  });

  test("after grant-credits a poll no longer gets a stale 304: the credit primitive announces the change", async () => {
    const deps = testDeps();
    // Made before the listener starts, so the announcement of its own first grant cannot land between the polls below.
    const user = await createUser({ credits: 1 });
    // What every server process runs (server/src/main.ts): it hears the grant's NOTIFY on commit.
    const stop = await listenUserChanges(deps);
    try {
      const first = await call(app, "GET", "/api/transactions/", { token: user.token });
      const etag = first.headers.get("etag")!;
      const revalidate = () => call(app, "GET", "/api/transactions/", { token: user.token, headers: { "if-none-match": etag } });
      expect((await revalidate()).status).toBe(304);
      await runAdmin(sql(), ["grant-credits", user.email, "3"]);
      await waitFor(async () => (await revalidate()).status === 200, 5000, "a fresh ledger after the operator's grant");
      expect((await revalidate()).body.map((t: { amount: number }) => t.amount)).toContain(3);
    } finally {
      await stop();
    }
  });

  test("bad input is an AdminError with a clear message", async () => {
    const user = await createUser();
    await expect(runAdmin(sql(), ["grant-credits", user.email, "-3"])).rejects.toThrow("n must be a whole number from 1 to 100000");
    await expect(runAdmin(sql(), ["grant-credits", "nobody@example.test", "3"])).rejects.toThrow("No user with e-mail nobody@example.test");
    await expect(runAdmin(sql(), ["frobnicate"])).rejects.toBeInstanceOf(AdminError);
  });

  test("load-test-tokens: n accounts with ledger-granted credits and a token each; a second run reuses them", async () => {
    const file = `/tmp/tw-load-tokens-${process.pid}.json`;
    const secret = testDeps().config.JWT_SECRET;
    expect(await runAdmin(sql(), ["load-test-tokens", "3", file, "5"], { jwtSecret: secret })).toBe(
      `Wrote 3 access token(s), valid 5 minute(s), to ${file}.`,
    );
    const tokens = (await Bun.file(file).json()) as string[];
    const users = await Promise.all(tokens.map((t) => verifyAccessToken(secret, t)));
    const ids = users.map((u) => u!.id);
    const rows =
      await sql()`select email, credits, (select sum(amount) from credit_ledger l where l.user_id = u.id)::int as ledger from users u where id in ${sql()(ids)} order by id`;
    expect([...rows] as unknown[]).toEqual([0, 1, 2].map((i) => ({ email: `loadtest-${i}@load.test`, credits: 10, ledger: 10 })));
    expect(users[0]!.expiresAt! - Date.now()).toBeGreaterThan(4 * 60_000);
    // Every token names a real, active login session of its user.
    const sids = users.map((u) => u!.sessionId);
    expect(sids.every((sid) => typeof sid === "number")).toBe(true);
    const live = await sql()`select user_id from login_sessions where id in ${sql()(sids as number[])} and status = 'active'`;
    expect(live.map((r) => Number(r.user_id)).sort()).toEqual([...ids].sort());
    await runAdmin(sql(), ["load-test-tokens", "3", file], { jwtSecret: secret });
    const again = await Promise.all(((await Bun.file(file).json()) as string[]).map((t) => verifyAccessToken(secret, t)));
    expect(again.map((u) => u!.id)).toEqual(ids);
    await expect(runAdmin(sql(), ["load-test-tokens", "0", file], { jwtSecret: secret })).rejects.toThrow("n must be a whole number from 1 to 10000");
  });

  test("block ends every session; unblock lifts it", async () => {
    const user = await createUser();
    const [s] = await sql()`
      insert into login_sessions (user_id, device_id, status, verified, expires_at)
      values (${user.id}, 'd1', 'active', true, now() + interval '1 hour') returning id`;
    expect(await runAdmin(sql(), ["block", user.email])).toStartWith(`Blocked ${user.email}; ended 1 session(s). No Redis to tell the servers`);
    const [after] = await sql()`select u.is_blocked, s.status from users u join login_sessions s on s.user_id = u.id where s.id = ${s.id}`;
    expect(after).toEqual({ is_blocked: true, status: "revoked" });
    expect(await runAdmin(sql(), ["unblock", user.email])).toBe(`Unblocked ${user.email}.`);
    const [u] = await sql()`select is_blocked from users where id = ${user.id}`;
    expect(u.is_blocked).toBe(false);
  });
});

describe("admin block under `bun dev` (issue 31, item 6)", () => {
  test("the CLI finds bun dev's private Redis in the data dir: the blocked token is refused at once and the sockets hear it", async () => {
    const deps = testDeps();
    const user = await createUser();
    const [s] = await sql()`
      insert into login_sessions (user_id, device_id, status, verified, expires_at)
      values (${user.id}, 'd-block', 'active', true, now() + interval '1 hour') returning id`;
    const token = await signAccessToken(deps.config.JWT_SECRET, { userId: user.id, sessionId: Number(s.id) });
    // A first request puts the live session in the server's 30 s cache, as a browser's polling does.
    expect((await call(app, "GET", "/api/user/profile", { token })).status).toBe(200);
    // What `bun dev` records for local commands (scripts/infra.ts): the services' URLs, the database's port.
    const dataDir = mkdtempSync(join(tmpdir(), "tw-admin-block-"));
    const databaseUrl = deps.config.DATABASE_URL;
    writeFileSync(
      join(dataDir, "dev-services.json"),
      JSON.stringify({ databaseUrl, redisUrl: deps.config.REDIS_URL, pgPort: Number(new URL(databaseUrl).port || 5432) }),
    );
    // The channel every server's session checks and sockets listen on (sessions/revocations.ts).
    const heard: string[] = [];
    const sub = deps.redis.duplicate();
    sub.on("message", (_c: string, m: string) => heard.push(m));
    await sub.subscribe(deps.keys.channel("sessions.revoked"));
    try {
      // The operator's shell under `bun dev`: neither DATABASE_URL nor REDIS_URL is set.
      const cli = Bun.spawn(["bun", "scripts/admin.ts", "block", user.email], {
        cwd: join(import.meta.dir, ".."),
        env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TW_DATA_DIR: dataDir, REDIS_PREFIX: deps.keys.prefix },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [out, err, code] = await Promise.all([new Response(cli.stdout).text(), new Response(cli.stderr).text(), cli.exited]);
      expect({ code, err }).toEqual({ code: 0, err: "" });
      expect(out.trim()).toBe(`Blocked ${user.email}; ended 1 session(s); the servers were told.`);
      // Well inside the 30 s the cached session would otherwise live on.
      const refused = await waitFor(
        async () => {
          const res = await call(app, "GET", "/api/user/profile", { token });
          return res.status !== 200 && res;
        },
        3000,
        "the blocked token refused",
      );
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: "user_blocked" });
      expect(heard).toContain(String(user.id));
    } finally {
      await sub.quit();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("reconcile", () => {
  const mine = (findings: { detail: string }[], ids: string[]) => findings.filter((f) => ids.some((id) => f.detail.startsWith(id)));

  test("finds a balance that is not its ledger, a missing refund and a stuck held credit; clean books pass", async () => {
    const { reconcile } = await import("./reconcile");
    const ok = await createUser({ credits: 3 });
    const drift = await createUser({ credits: 2 });
    await sql()`update users set credits = credits + 1 where id = ${drift.id}`;
    const analysis = async (userId: number, status: string, creditsStatus: string, refund: boolean, ageSeconds = 0) => {
      const [r] = await sql()`
        insert into analysis_requests (user_id, symbol, status, current_phase, credits_status, created_at)
        values (${userId}, 'BTCUSDT', ${status}, 3, ${creditsStatus}, now() - make_interval(secs => ${ageSeconds})) returning id`;
      await sql().begin(async (tx) => {
        await applyCreditChange(tx, { userId, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: r.id });
        if (refund) await applyCreditChange(tx, { userId, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: r.id });
      });
      return `analysis ${r.id}:`;
    };
    const settled = await analysis(ok.id, "COMPLETED", "RELEASED", true);
    const used = await analysis(ok.id, "COMPLETED", "USED", false);
    const noRefund = await analysis(ok.id, "COMPLETED", "RELEASED", false);
    const stuck = await analysis(ok.id, "IN_PROGRESS", "HELD", false, 3600);
    const findings = await reconcile(sql(), 60_000);
    const ids = [`user ${ok.id}:`, `user ${drift.id}:`, settled, used, noRefund, stuck];
    expect(
      mine(findings, ids)
        .map((f) => f.detail.split(":")[0])
        .sort(),
    ).toEqual([`user ${drift.id}`, noRefund.slice(0, -1), stuck.slice(0, -1)].sort());
    expect(findings.find((f) => f.detail.startsWith(noRefund))!.detail).toContain("RELEASED with 0 refunds");
    expect(findings.find((f) => f.detail.startsWith(stuck))!.detail).toContain("past the 60 s time-out");
  });
});
