// Development mailbox: outbox rows newest first for one address; hidden (404) in production.
import { afterAll, describe, expect, test } from "bun:test";
import { createApp } from "../../app";
import { call, closeTestDeps, testApp, testDeps, uniqueEmail } from "../../../../test/helpers";
import { networkInterfaces } from "node:os";
import { parseConfig } from "@core/infra/config";
import { vapidKeysEnv } from "@core/infra/vapid";
import { createMailer } from "./service";

afterAll(() => closeTestDeps());

describe("GET /api/dev/mailbox", () => {
  test("returns the outbox for one address, newest first, case-insensitive", async () => {
    const to = uniqueEmail("box");
    const mailer = createMailer(testDeps());
    await mailer.send({ to, subject: "first", text: "one" });
    await mailer.send({ to: to.toUpperCase(), subject: "second", text: "two" });
    await mailer.send({ to: uniqueEmail("other"), subject: "not yours", text: "x" });
    const res = await call(testApp(), "GET", `/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { subject: string; text: string }) => [m.subject, m.text])).toEqual([
      ["second", "two"],
      ["first", "one"],
    ]);
    expect(res.body[1].to).toBe(to);
    expect(Number.isNaN(Date.parse(res.body[0].created_at))).toBe(false);
    expect((await call(testApp(), "GET", "/api/dev/mailbox")).status).toBe(422);
  });

  test("is a 404 in production and wherever `bun dev` or the test app did not mount it", async () => {
    const deps = testDeps();
    for (const config of [
      { ...deps.config, NODE_ENV: "production" as const, isProduction: true, DEV_MAILBOX: "1" as const },
      { ...deps.config, NODE_ENV: "development" as const, DEV_MAILBOX: "0" as const },
    ]) {
      const res = await call(createApp({ ...deps, config }), "GET", "/api/dev/mailbox?to=a@b.co");
      expect(res.status).toBe(404);
      expect(res.body.detail).toContain("Not found");
    }
  });

  test("answers loopback callers only, by the socket peer (X-Forwarded-For cannot fake it)", async () => {
    const deps = testDeps();
    const app = createApp({ ...deps, config: { ...deps.config, TRUSTED_PROXY: "0.0.0.0/0" } });
    const server = app.listen({ hostname: "0.0.0.0", port: 0 });
    try {
      const port = server.server!.port;
      const local = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox?to=a@b.co`);
      expect(local.status).toBe(200);
      // The machine's own non-loopback address: a remote peer as far as the socket is concerned.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === "IPv4" && !i.internal);
      expect(external).toBeTruthy();
      const remote = await fetch(`http://${external!.address}:${port}/api/dev/mailbox?to=a@b.co`, { headers: { "x-forwarded-for": "127.0.0.1" } });
      expect(remote.status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  test("production refuses to start without SMTP; elsewhere the body is logged only under development", async () => {
    const base = {
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      JWT_SECRET: "s".repeat(40),
      ...vapidKeysEnv(),
    };
    expect(() => parseConfig({ ...base, NODE_ENV: "production" })).toThrow(/SMTP_URL is required in production/);
    expect(() => parseConfig({ ...base, NODE_ENV: "production", SMTP_URL: "smtp://mail:25", DEV_MAILBOX: "1" })).toThrow(/DEV_MAILBOX/);
    expect(
      parseConfig({
        ...base,
        NODE_ENV: "production",
        SMTP_URL: "smtp://mail:25",
        SUPPORT_EMAIL: "help@example.com",
        ARBITRATION_ORGANISATION: "Example Arbitration Centre",
        GOVERNING_LAW: "georgia-country",
      }).isProduction,
    ).toBe(true);
    for (const [env, logged] of [
      ["test", false],
      ["development", true],
    ] as const) {
      const lines: Record<string, unknown>[] = [];
      const log = { debug() {}, warn() {}, error() {}, info: (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, ...fields }) };
      const deps = testDeps();
      const mailer = createMailer({ ...deps, log, config: { ...deps.config, NODE_ENV: env } });
      await mailer.send({ to: uniqueEmail("log"), subject: "Your code", text: "Your sign-in code is 424242." });
      expect(JSON.stringify(lines).includes("424242")).toBe(logged);
    }
  });

  test("the outbox keeps a day of mail", async () => {
    const { sql } = testDeps();
    const old = uniqueEmail("old");
    await sql`insert into mail_outbox (to_address, subject, body_text, created_at) values (${old}, 'old', 'code 111111', now() - interval '25 hours')`;
    await createMailer(testDeps()).send({ to: uniqueEmail("new"), subject: "new", text: "x" });
    const [{ n }] = await sql`select count(*)::int as n from mail_outbox where to_address = ${old}`;
    expect(n).toBe(0);
  });
});
