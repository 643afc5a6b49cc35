// Contact endpoint: validation messages of spec 01 §5, ticket stored in Postgres, errors as JSON detail.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, testApp, testDeps } from "../../../../test/helpers";
import { MAX_BODY_BYTES } from "../../app";
import { accountsApp } from "../auth/testing";

const app = testApp();
afterAll(() => closeTestDeps());

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Credits & Refunds", message: "Where is my refund please?" };

describe("POST /api/support/contact", () => {
  test("stores a ticket and returns its id", async () => {
    const res = await call(app, "POST", "/api/support/contact", { body: valid, headers: { "x-forwarded-for": "10.9.9.1" } });
    expect(res.status).toBe(200);
    expect(typeof res.body.ticket_id).toBe("number");
    const [row] = await testDeps().sql`select name, email, subject, message from support_tickets where id = ${res.body.ticket_id}`;
    expect(row).toEqual({ name: valid.name, email: valid.email, subject: valid.subject, message: valid.message });
  });

  test("the sender gets a receipt with the ticket number and subject; at most 3 receipts an address a day", async () => {
    // An app that trusts X-Forwarded-For, so each message comes from its own address (5 an hour per address).
    const proxied = accountsApp();
    const email = `receipt.${Date.now()}@example.com`;
    const mails = async () =>
      (await call(app, "GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).body as { subject: string; text: string }[];
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(proxied, "POST", "/api/support/contact", {
        body: { ...valid, email, message: `Message number ${i} for support` },
        headers: { "x-forwarded-for": `10.9.8.${i + 1}` },
      });
      expect(res.status).toBe(200);
      ids.push(res.body.ticket_id);
    }
    const got = await mails();
    expect(got.length).toBe(3);
    const first = got.find((m) => m.subject === `Tradewind support: ticket #${ids[0]} received`)!;
    expect(first.text).toContain(`ticket #${ids[0]}, "Credits & Refunds"`);
    // The fourth message is stored all the same.
    const [{ n }] = await testDeps().sql`select count(*)::int as n from support_tickets where email = ${email}`;
    expect(n).toBe(4);
  });

  test("one mailbox however it is written shares the cap, and no receipt carries the sender's words (issue 31, item 9)", async () => {
    const proxied = accountsApp();
    const local = `victim.${Date.now().toString(36)}`;
    const mailbox = `${local}@example.com`;
    const spellings = [mailbox, `<${mailbox}>`, `  ${mailbox.toUpperCase()} `, `x<${local}@Example.com>`, `${local}+again@example.com`];
    const text = "Click https://evil.example/reset to keep your account";
    for (const [i, email] of spellings.entries()) {
      const res = await call(proxied, "POST", "/api/support/contact", {
        body: { ...valid, name: "Your bank security team", email, message: `${text} (${i})` },
        headers: { "x-forwarded-for": `10.9.7.${i + 1}` },
      });
      expect({ email, status: res.status }).toEqual({ email, status: 200 });
    }
    const sent = await testDeps().sql`select to_address, body_text from mail_outbox where lower(to_address) like ${`%${local}%`}`;
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail.to_address).toBe(mailbox);
      expect(mail.body_text).not.toContain("evil.example");
      expect(mail.body_text).not.toContain("bank security");
    }
    // Stored as the mailbox the answer goes to; a text naming no single plain mailbox is a 422 like any bad address.
    const stored = await testDeps().sql`select distinct email from support_tickets where email like ${`${local}%`} order by email`;
    expect(stored.map((r) => r.email)).toEqual([`${local}+again@example.com`, mailbox]);
    for (const email of [`${mailbox}>`, `<${mailbox}>,x@example.com`, `<${mailbox}>;x@example.com`]) {
      const res = await call(proxied, "POST", "/api/support/contact", { body: { ...valid, email }, headers: { "x-forwarded-for": "10.9.7.9" } });
      expect({ email, status: res.status, detail: res.body.detail }).toEqual({ email, status: 422, detail: "Please enter a valid email address" });
    }
  });

  test("a body over the limit is 413 with a JSON detail, and no ticket is stored", async () => {
    const marker = `oversized-${Date.now()}`;
    const body = JSON.stringify({ ...valid, name: marker, message: "x".repeat(MAX_BODY_BYTES) });
    // As an HTTP client sends it: with its declared length, which the server checks before reading anything.
    const res = await call(app, "POST", "/api/support/contact", {
      body,
      headers: { "x-forwarded-for": "10.9.9.2", "content-length": String(Buffer.byteLength(body)) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: `Request body too large (limit ${MAX_BODY_BYTES} bytes)`, code: "payload_too_large" });
    expect(await testDeps().sql`select id from support_tickets where name = ${marker}`).toHaveLength(0);
  });

  test("each invalid field gets the spec's message with 422", async () => {
    const res = await call(app, "POST", "/api/support/contact", {
      body: { name: "A", email: "nope", subject: "Pizza", message: "short" },
    });
    expect(res.status).toBe(422);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain("Name must be at least 2 characters");
    expect(messages).toContain("Please enter a valid email address");
    expect(messages).toContain("Message must be at least 10 characters");
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain("subject");
  });

  test("malformed JSON is a 400 with detail, missing fields a 422", async () => {
    const bad = await call(app, "POST", "/api/support/contact", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/JSON/);
    const missing = await call(app, "POST", "/api/support/contact", { body: {} });
    expect(missing.status).toBe(422);
    expect(typeof missing.body.detail).toBe("string");
  });

  test("a 60 KB crafted e-mail (a backtracking trap for the old regex) is refused with a JSON 4xx and stores nothing", async () => {
    const [before] = await testDeps().sql`select count(*)::int as n from support_tickets`;
    for (const email of ["a@" + "a.".repeat(30_000) + "!", "a@" + ".".repeat(60_000), `${"x".repeat(300)}@example.com`]) {
      const res = await call(app, "POST", "/api/support/contact", { body: { ...valid, email }, headers: { "x-forwarded-for": "10.9.9.7" } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.detail).toBe("string");
    }
    const [after] = await testDeps().sql`select count(*)::int as n from support_tickets`;
    expect(after.n).toBe(before.n);
  });

  test("unknown API path is a JSON 404", async () => {
    const res = await call(app, "GET", "/api/definitely-not-here");
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain("Not found");
    // A long path is quoted cut short, not echoed whole.
    const long = await call(app, "GET", `/api/${"x".repeat(100_000)}`);
    expect(long.status).toBe(404);
    expect(long.body.detail.length).toBeLessThan(300);
  });
});
