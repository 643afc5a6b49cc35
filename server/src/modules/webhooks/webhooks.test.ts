// Webhooks against a local receiver: signature and timestamp, retries with backoff (500, 500, 200), 4xx and 3xx stop, SSRF refusals, send test, ownership.
import { afterAll, describe, expect, test } from "bun:test";
import { UnrecoverableError } from "bullmq";
import { createApp } from "../../app";
import type { ServerDeps } from "../../deps";
import { call, closeTestDeps, createUser, testDeps, waitFor } from "../../../../test/helpers";
import type { AlertEvent } from "../alerts/channel";
import { webhookChannel } from "./channel";
import { verifySignature } from "./post";
import { MAX_WEBHOOKS, webhooksQueue } from "./service";
import { createServer } from "node:net";
import { addressAllowed } from "../../lib/ssrf";
import { deliverJob, startWebhookWorker } from "./worker";
import type { Static } from "elysia";
import type { deliverySchema } from "./model";

const base = testDeps();
// The receiver listens on loopback: this app may post there (WEBHOOK_ALLOW_LOOPBACK), with retries 0.2 s, 0.4 s, …
const deps: ServerDeps = { ...base, config: { ...base.config, WEBHOOK_ALLOW_LOOPBACK: "1", WEBHOOK_BACKOFF_SECONDS: 0.2 } };
// The production policy: loopback refused like every other private range.
const strict: ServerDeps = { ...base, config: { ...base.config, WEBHOOK_ALLOW_LOOPBACK: "0" } };
const app = createApp(deps);
const strictApp = createApp(strict);
const worker = startWebhookWorker(deps);

type Hit = { path: string; body: string; headers: Headers; at: number };
const hits: Hit[] = [];
const scripted = new Map<string, number[]>();
const receiver = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req): Promise<Response> {
    const path = new URL(req.url).pathname;
    hits.push({ path, body: await req.text(), headers: req.headers, at: Date.now() });
    if (path === "/redirect") return new Response(null, { status: 302, headers: { location: new URL("/target", req.url).toString() } });
    const statuses = scripted.get(path) ?? [];
    const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] ?? 200);
    return new Response(status === 200 ? "thanks" : "x".repeat(5000), { status });
  },
});
const at = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;
const hitsOn = (path: string) => hits.filter((h) => h.path === path);

afterAll(async () => {
  await worker.close();
  await webhooksQueue(deps).close();
  receiver.stop(true);
  await closeTestDeps();
});

let eventSeq = 900_000;
const alertFor = (userId: number, kind: AlertEvent["kind"] = "TP_HIT"): AlertEvent => ({
  id: ++eventSeq,
  user_id: userId,
  signal_id: 77,
  kind,
  symbol: "BTCUSDT",
  side: "LONG",
  entry_price: 64210.5,
  stop_loss: 63500,
  take_profit: 65800,
  r_multiple: kind === "ISSUED" ? null : 1.85,
  created_at: new Date().toISOString(),
});

async function register(token: string, path: string, secret?: string) {
  const res = await call(app, "POST", "/api/webhooks", { token, body: { url: at(path), ...(secret ? { secret } : {}) } });
  expect(res.status).toBe(200);
  return res.body as { webhook: { id: number }; secret: string };
}

const deliveries = async (token: string, id: number) =>
  (await call(app, "GET", `/api/webhooks/${id}/deliveries`, { token })).body.deliveries as Static<typeof deliverySchema>[];

describe("webhook delivery", () => {
  test("send test: a signed ping the receiver verifies (HMAC over t.body, fresh t), logged once; the secret is served once", async () => {
    const u = await createUser();
    const { webhook, secret } = await register(u.token, "/sign");
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    const sent = await call(app, "POST", `/api/webhooks/${webhook.id}/test`, { token: u.token });
    expect(sent.status).toBe(200);
    const hit = await waitFor(() => hitsOn("/sign")[0], 5000, "the ping");
    const header = hit.headers.get("x-tradewind-signature") ?? "";
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, hit.body, header)).toBe(true);
    expect(Math.abs(Number(header.slice(2, header.indexOf(","))) - Date.now() / 1000)).toBeLessThan(5);
    // Another secret, a changed body or an old timestamp fail.
    expect(verifySignature(`${secret}x`, hit.body, header)).toBe(false);
    expect(verifySignature(secret, `${hit.body} `, header)).toBe(false);
    expect(verifySignature(secret, hit.body, header, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ id: sent.body.event_id, type: "ping", data: { webhook_id: webhook.id } });
    expect(hit.headers.get("x-tradewind-event-id")).toBe(body.id);
    const log = await waitFor(
      async () => {
        const rows = await deliveries(u.token, webhook.id);
        return rows.length ? rows : null;
      },
      5000,
      "the log row",
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event_id: body.id,
      event_type: "ping",
      attempt: 1,
      status_code: 200,
      ok: true,
      error: null,
      response_body: "thanks",
    });
    const list = await call(app, "GET", "/api/webhooks", { token: u.token });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.webhooks[0].secret_hint).toBe(`…${secret.slice(-4)}`);
    // A second test at once is refused (cooldown), not queued.
    expect((await call(app, "POST", `/api/webhooks/${webhook.id}/test`, { token: u.token })).status).toBe(429);
  });

  test("an alert: 500, 500, 200 is three attempts with growing gaps and one success; delivering it again adds nothing", async () => {
    const u = await createUser();
    const { webhook, secret: own } = await register(u.token, "/flaky");
    const other = await register(u.token, "/flaky-disabled");
    await call(app, "PATCH", `/api/webhooks/${other.webhook.id}`, { token: u.token, body: { enabled: false } });
    scripted.set("/flaky", [500, 500, 200]);
    const event = alertFor(u.id);
    await webhookChannel.deliver(deps, event);
    await webhookChannel.deliver(deps, event);
    const log = await waitFor(
      async () => {
        const rows = await deliveries(u.token, webhook.id);
        return rows.some((r) => r.ok) ? rows : null;
      },
      10_000,
      "the successful attempt",
    );
    await Bun.sleep(1000);
    const rows = (await deliveries(u.token, webhook.id)).reverse();
    expect(rows.map((r) => [r.attempt, r.status_code, r.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(log.every((r) => r.event_id === `evt_${event.id}` && r.event_type === "signal.tp_hit")).toBe(true);
    // A short excerpt of the receiver's 5,000-byte answer, not the answer: no read-back proxy.
    expect(rows[0].response_body).toBe("x".repeat(64));
    const got = hitsOn("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((h) => h.body)).size).toBe(1);
    expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(180);
    expect(got[2].at - got[1].at).toBeGreaterThanOrEqual(380);
    expect(verifySignature(own, got[2].body, got[2].headers.get("x-tradewind-signature") ?? "")).toBe(true);
    expect(JSON.parse(got[0].body)).toEqual({
      id: `evt_${event.id}`,
      type: "signal.tp_hit",
      created_at: event.created_at,
      data: {
        signal_id: 77,
        stage: "TP_HIT",
        symbol: "BTCUSDT",
        side: "LONG",
        entry_price: 64210.5,
        stop_loss: 63500,
        take_profit: 65800,
        r_multiple: 1.85,
      },
    });
    // The disabled endpoint got nothing.
    expect(hitsOn("/flaky-disabled")).toHaveLength(0);
    expect(await deliveries(u.token, other.webhook.id)).toHaveLength(0);
  });

  test("a 400 stops at once; a redirect is logged, not followed, not retried", async () => {
    const u = await createUser();
    const bad = await register(u.token, "/bad");
    const moved = await register(u.token, "/redirect");
    scripted.set("/bad", [400]);
    await webhookChannel.deliver(deps, alertFor(u.id, "SL_HIT"));
    await waitFor(
      async () => (await deliveries(u.token, moved.webhook.id)).length > 0 && (await deliveries(u.token, bad.webhook.id)).length > 0,
      5000,
      "both attempts",
    );
    // Longer than the first three backoffs (0.2 + 0.4 + 0.8 s): a retry would have shown up.
    await Bun.sleep(1600);
    const badRows = await deliveries(u.token, bad.webhook.id);
    expect(badRows.map((r) => [r.attempt, r.status_code, r.ok])).toEqual([[1, 400, false]]);
    const movedRows = await deliveries(u.token, moved.webhook.id);
    expect(movedRows.map((r) => [r.attempt, r.status_code, r.ok])).toEqual([[1, 302, false]]);
    expect(hitsOn("/target")).toHaveLength(0);
    expect(hitsOn("/bad")).toHaveLength(1);
  });
});

describe("fair share of the workers", () => {
  test("one trader's silent endpoints hold at most 2 workers: another trader's ping goes out while they still hang", async () => {
    // Holds every request open until released; counts those that arrived and those the sender gave up on.
    const held: (() => void)[] = [];
    let arrived = 0;
    let abandoned = 0;
    const silent = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(req) {
        arrived++;
        req.signal.addEventListener("abort", () => abandoned++);
        return new Promise<Response>((resolve) => held.push(() => resolve(new Response("late"))));
      },
    });
    try {
      const [a, b] = await Promise.all([createUser(), createUser()]);
      for (let i = 0; i < 5; i++)
        expect(
          (await call(app, "POST", "/api/webhooks", { token: a.token, body: { url: `http://127.0.0.1:${silent.port}/hang-${i}` } })).status,
        ).toBe(200);
      // One alert: a delivery to each of the five silent endpoints.
      await webhookChannel.deliver(deps, alertFor(a.id));
      await waitFor(() => arrived >= 1, 5000, "the first silent request");
      const { webhook } = await register(b.token, "/prompt");
      expect((await call(app, "POST", `/api/webhooks/${webhook.id}/test`, { token: b.token })).status).toBe(200);
      const row = await waitFor(async () => (await deliveries(b.token, webhook.id))[0], 15_000, "the other trader's ping");
      expect(row.ok).toBe(true);
      // When it went out, the silent endpoints' requests were all still held (none had timed out to free a worker)…
      expect(abandoned).toBe(0);
      // …and the trader behind them had at most two in flight.
      expect(arrived).toBeLessThanOrEqual(2);
    } finally {
      for (const release of held) release();
      silent.stop(true);
    }
  }, 30_000);

  test("an endpoint that does not answer 3 times in a row gets no connection while its circuit is open", async () => {
    let connections = 0;
    // Accepts and hangs up at once: every attempt is a network error, no HTTP answer.
    const dead = createServer((sock) => {
      connections++;
      sock.destroy();
    });
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    try {
      const u = await createUser();
      const port = (dead.address() as { port: number }).port;
      const res = await call(app, "POST", "/api/webhooks", { token: u.token, body: { url: `http://127.0.0.1:${port}/gone` } });
      await webhookChannel.deliver(deps, alertFor(u.id));
      const rows = await waitFor(
        async () => {
          const r = await deliveries(u.token, res.body.webhook.id);
          return r.length >= 4 ? r.reverse() : null;
        },
        15_000,
        "four attempts",
      );
      expect(rows.slice(0, 3).every((r) => r.status_code === null && !r.error?.startsWith("circuit open"))).toBe(true);
      expect(rows[3].error).toStartWith("circuit open");
      expect(connections).toBe(3);
    } finally {
      dead.close();
    }
  }, 30_000);
});

describe("test pings and changes are limited per trader", () => {
  test("the test-ping cooldown is per trader and host: another endpoint on the same host waits too", async () => {
    const u = await createUser();
    const one = await register(u.token, "/cool-a");
    const two = await register(u.token, "/cool-b");
    expect((await call(app, "POST", `/api/webhooks/${one.webhook.id}/test`, { token: u.token })).status).toBe(200);
    const again = await call(app, "POST", `/api/webhooks/${two.webhook.id}/test`, { token: u.token });
    expect(again.status).toBe(429);
    expect(again.body.detail).toBeString();
    // Another trader's endpoint on the same host is not held up by this one's cooldown.
    const other = await createUser();
    const theirs = await register(other.token, "/cool-c");
    expect((await call(app, "POST", `/api/webhooks/${theirs.webhook.id}/test`, { token: other.token })).status).toBe(200);
  });

  test("creating and deleting endpoints is limited to 20 changes an hour per trader", async () => {
    const u = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const made = await call(app, "POST", "/api/webhooks", { token: u.token, body: { url: at(`/churn-${i}`) } });
      statuses.push(made.status);
      if (made.status !== 200) break;
      statuses.push((await call(app, "DELETE", `/api/webhooks/${made.body.webhook.id}`, { token: u.token })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("SSRF", () => {
  test("private, loopback, link-local, metadata and IPv6 loopback URLs are refused with 400 {detail, code}", async () => {
    const u = await createUser();
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/hook",
      "http://localhost/hook",
      "http://2130706433/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://100.64.0.1/hook",
      "http://224.0.0.1/hook",
    ]) {
      const res = await call(strictApp, "POST", "/api/webhooks", { token: u.token, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe("webhook_url_private");
      expect(res.body.detail, url).toContain("private");
    }
    for (const url of ["ftp://example.com/x", "file:///etc/passwd", "not a url", "http://user:pw@example.com/"]) {
      const res = await call(strictApp, "POST", "/api/webhooks", { token: u.token, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe("webhook_url_invalid");
    }
    expect((await call(strictApp, "GET", "/api/webhooks", { token: u.token })).body.webhooks).toEqual([]);
  });

  test("only web ports, and never this site's own host or addresses (public ones included)", async () => {
    const u = await createUser();
    for (const url of ["http://8.8.8.8:6379/x", "https://8.8.8.8:25/x", "http://8.8.8.8:5432/x"]) {
      const res = await call(strictApp, "POST", "/api/webhooks", { token: u.token, body: { url } });
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: "webhook_url_port" });
    }
    expect((await call(strictApp, "POST", "/api/webhooks", { token: u.token, body: { url: "https://8.8.8.8:8443/x" } })).status).toBe(200);
    // This deployment served from a public address: its own site is not a webhook receiver.
    const site = createApp({ ...strict, config: { ...strict.config, PUBLIC_ORIGIN: "https://8.8.4.4" } });
    const own = await call(site, "POST", "/api/webhooks", { token: u.token, body: { url: "https://8.8.4.4/api/auth/logout" } });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe("webhook_url_own");
  });

  test("the address is checked again at connect time: a stored loopback URL is refused and not retried", async () => {
    const u = await createUser();
    const { webhook } = await register(u.token, "/never");
    const job = { data: { webhookId: webhook.id, eventId: "evt_1", eventType: "signal.issued", body: "{}" }, attemptsMade: 0 };
    await expect(deliverJob(strict, job)).rejects.toBeInstanceOf(UnrecoverableError);
    const [row] = await deliveries(u.token, webhook.id);
    expect(row).toMatchObject({ ok: false, status_code: null });
    expect(row.error).toContain("private");
    expect(hitsOn("/never")).toHaveLength(0);
  });

  test("address policy: every embedded or special form of a private address is refused; public ones pass", () => {
    for (const ip of [
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "fd00:ec2::254",
      "fe80::1",
      "100.100.100.200",
      "0.0.0.0",
      "255.255.255.255",
      "64:ff9b::a00:1",
      "ff02::1",
    ])
      expect(addressAllowed(ip, false), ip).toBe(false);
    for (const ip of ["8.8.8.8", "2606:4700:4700::1111", "1.1.1.1"]) expect(addressAllowed(ip, false), ip).toBe(true);
    expect(addressAllowed("127.0.0.1", true)).toBe(true);
    expect(addressAllowed("10.0.0.1", true)).toBe(false);
  });
});

describe("/api/webhooks", () => {
  test("another user's webhook is a 404 for every route; at most 5 endpoints, checked before the URL; no own secrets", async () => {
    const a = await createUser();
    const b = await createUser();
    const { webhook } = await register(a.token, "/owned");
    for (const [method, path, body] of [
      ["PATCH", `/api/webhooks/${webhook.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/${webhook.id}`, undefined],
      ["POST", `/api/webhooks/${webhook.id}/test`, undefined],
      ["GET", `/api/webhooks/${webhook.id}/deliveries`, undefined],
      ["GET", "/api/webhooks/abc/deliveries", undefined],
    ] as const) {
      const res = await call(app, method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe("webhook_not_found");
    }
    expect((await call(app, "GET", "/api/webhooks", { token: b.token })).body.webhooks).toEqual([]);
    expect((await call(app, "GET", "/api/webhooks", { token: a.token })).body.webhooks[0].enabled).toBe(true);

    // Every secret is generated: a chosen one, long or short, is refused.
    for (const secret of ["too-short", "a-long-enough-own-secret-0123456789"]) {
      const own = await call(app, "POST", "/api/webhooks", { token: a.token, body: { url: at("/x"), secret } });
      expect(own.status).toBe(400);
      expect(own.body.code).toBe("webhook_secret_generated");
    }
    for (let i = 1; i < MAX_WEBHOOKS; i++) await register(a.token, `/n${i}`);
    const over = await call(app, "POST", "/api/webhooks", { token: a.token, body: { url: at("/over") } });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("webhook_limit");
    // At the cap, the host is not even looked up: an unresolvable one gets the 409, not a DNS answer.
    const unresolved = await call(app, "POST", "/api/webhooks", { token: a.token, body: { url: "https://nothing-here.invalid/x" } });
    expect(unresolved.status).toBe(409);
    const removed = await call(app, "DELETE", `/api/webhooks/${webhook.id}`, { token: a.token });
    expect(removed.status).toBe(200);
    expect((await call(app, "GET", "/api/webhooks", { token: a.token })).body.webhooks).toHaveLength(MAX_WEBHOOKS - 1);
    expect((await call(app, "GET", "/api/webhooks")).status).toBe(401);
  });
});
