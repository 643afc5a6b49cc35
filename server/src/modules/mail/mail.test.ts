// Development mailbox: outbox rows newest first for one address; hidden (404) in production.
import { afterAll, describe, expect, test } from "bun:test";
import { createApp } from "../../app";
import { call, closeTestDeps, testApp, testDeps, uniqueEmail } from "../../../../test/helpers";
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
    expect(res.body.map((m: { subject: string; text: string }) => [m.subject, m.text])).toEqual([["second", "two"], ["first", "one"]]);
    expect(res.body[1].to).toBe(to);
    expect(Number.isNaN(Date.parse(res.body[0].created_at))).toBe(false);
    expect((await call(testApp(), "GET", "/api/dev/mailbox")).status).toBe(422);
  });

  test("is a 404 in production", async () => {
    const deps = testDeps();
    const prod = createApp({ ...deps, config: { ...deps.config, NODE_ENV: "production", isProduction: true } });
    const res = await call(prod, "GET", "/api/dev/mailbox?to=a@b.co");
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain("Not found");
  });
});
