// Alerts end to end on real Postgres and Redis: the engine's tracker records an outcome with its event and delivery rows,
// the dispatcher delivers each (event, channel) once (twice run, two at once), retries with backoff, honours
// preferences, mails through the outbox, pushes to a local stand-in push service, and the API lists and marks alerts.
import { userChannel, userPushSchema } from "@core/contract/socket";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createECDH, randomBytes } from "node:crypto";
import { insertSignalEvent } from "@core/alerts/alerts";
import { call, closeTestDeps, createUser, testDeps, waitFor } from "../../../../test/helpers";
import { expectFits } from "../../../../test/contract-fit";
import { createApp } from "../../app";
import { createReplayClock, createReplayProvider } from "../../../../engine/src/market/providers/replay";
import { trackOutcomes } from "../../../../engine/src/outcomes/tracker";
import { seedSignal } from "../signals/testing";
import { dispatchDue, startAlertDispatcher } from "./dispatcher";

const base = testDeps();
// The stand-in push service listens on loopback: this app may post there (WEBHOOK_ALLOW_LOOPBACK); `strict` may not.
const deps = { ...base, config: { ...base.config, WEBHOOK_ALLOW_LOOPBACK: "1" as const } };
const strict = { ...base, config: { ...base.config, WEBHOOK_ALLOW_LOOPBACK: "0" as const } };
const { sql } = deps;
const app = createApp(deps);
const strictApp = createApp(strict);
// seedSignal issues at this market time (entry 100, TP 110 / SL 95): on real BTC candles the first one hits the target.
const ISSUED_AT = 1717200000000;
const tracker = () =>
  trackOutcomes({ sql, log: deps.log, provider: createReplayProvider(createReplayClock({ fixedMs: ISSUED_AT + 2 * 3_600_000 })) });

/** A local stand-in push service: records every POST and answers the status `answer` names. */
const pushed: { path: string; headers: Headers; body: Uint8Array }[] = [];
let answer = 201;
const pushService = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: async (req) => {
    pushed.push({ path: new URL(req.url).pathname, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()) });
    return new Response(null, { status: answer });
  },
});

/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret, as PushManager makes them. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

async function boughtSignalResolved() {
  const user = await createUser();
  const { signalId } = await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
  await tracker();
  return { user, signalId };
}

const deliveries = (userId: number) =>
  sql<{ channel: string; status: string; attempts: number; last_error: string | null; delivered_at: Date | null }[]>`
    select d.channel, d.status, d.attempts, d.last_error, d.delivered_at from alert_deliveries d
    join signal_events e on e.id = d.event_id where e.user_id = ${userId} order by d.channel`;

beforeAll(async () => {
  // Earlier files' OPEN signals must not resolve inside these tests' counts.
  await tracker();
  await dispatchDue(deps);
});

afterAll(async () => {
  pushService.stop(true);
  await closeTestDeps();
});

describe("events", () => {
  test("an outcome the tracker records for a bought signal makes one event and one delivery per channel that is on", async () => {
    const { user, signalId } = await boughtSignalResolved();
    const events = await sql`select kind, r_multiple, read_at from signal_events where signal_id = ${signalId}`;
    expect(events).toHaveLength(1);
    expect(events[0].kind).toBe("TP_HIT");
    expect(Number(events[0].r_multiple)).toBeGreaterThan(0);
    // Defaults: in-app and e-mail for a result, webhook/Telegram rows wait for their channels; push is off (no device).
    expect((await deliveries(user.id)).map((d) => d.channel)).toEqual(["email", "in_app", "telegram", "webhook"]);
    // The tracker running again (or a second engine) writes nothing more, and the helper refuses a second ISSUED too.
    await tracker();
    expect(await sql`select 1 from signal_events where signal_id = ${signalId}`).toHaveLength(1);
    expect(await insertSignalEvent(sql, signalId, "ISSUED")).toBeNumber();
    expect(await insertSignalEvent(sql, signalId, "ISSUED")).toBeNull();
  });

  test("a NO_TRADE (nothing bought) raises no alert", async () => {
    const user = await createUser();
    const { signalId } = await seedSignal(user.id, "ETHUSDT", "NO_TRADE", 0.1);
    expect(await insertSignalEvent(sql, signalId, "ISSUED")).toBeNull();
  });
});

describe("dispatcher", () => {
  test("delivers in-app (socket channel) and e-mail (outbox) once, however often it runs", async () => {
    const { user } = await boughtSignalResolved();
    const sub = deps.redis.duplicate();
    const messages: string[] = [];
    sub.on("message", (_c, m) => messages.push(m));
    await sub.subscribe(deps.keys.channel(userChannel(user.id)));
    await dispatchDue(deps);
    await dispatchDue(deps);
    const rows = await deliveries(user.id);
    expect(rows.filter((d) => d.channel === "email" || d.channel === "in_app").map((d) => [d.status, d.attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 1],
    ]);
    // Webhook and Telegram are in the registry too: with no endpoint or chat there is nothing to send, and the row is done.
    expect(rows.filter((d) => d.channel === "webhook" || d.channel === "telegram").map((d) => [d.status, d.attempts])).toEqual([
      ["delivered", 1],
      ["delivered", 1],
    ]);
    const mails = await sql`select subject, body_text from mail_outbox where to_address = ${user.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^BTCUSDT LONG · Take profit hit \(\+\d+\.\d\dR\)$/);
    expect(mails[0].body_text).toContain(`${deps.config.PUBLIC_ORIGIN}/dashboard`);
    await waitFor(() => messages.length > 0, 2000, "the in-app push");
    await Bun.sleep(100);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0])).toMatchObject({ type: "alert", data: { kind: "TP_HIT", symbol: "BTCUSDT", side: "LONG" } });
    expectFits(userPushSchema, JSON.parse(messages[0]));
    await sub.quit();
  });

  test("two dispatchers at once still deliver each (event, channel) once", async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser()));
    for (const u of users) await seedSignal(u.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    const [a, b] = await Promise.all([dispatchDue(deps, { batch: 2 }), dispatchDue(deps, { batch: 2 }), dispatchDue(deps, { batch: 2 })]);
    await dispatchDue(deps);
    expect(a.delivered + b.delivered).toBeGreaterThan(0);
    for (const u of users) {
      const mine = (await deliveries(u.id)).filter((d) => d.channel !== "webhook" && d.channel !== "telegram");
      expect(mine.map((d) => [d.channel, d.status, d.attempts])).toEqual([
        ["email", "delivered", 1],
        ["in_app", "delivered", 1],
      ]);
      expect(await sql`select 1 from mail_outbox where to_address = ${u.email}`).toHaveLength(1);
    }
  });

  test("the repeatable job on the alerts queue, run by two servers' dispatchers, delivers each once", async () => {
    const [one, two] = await Promise.all([startAlertDispatcher(deps, { everyMs: 100 }), startAlertDispatcher(deps, { everyMs: 100 })]);
    try {
      const { user } = await boughtSignalResolved();
      // in_app, email, webhook and telegram (push is off without a device).
      await waitFor(async () => (await deliveries(user.id)).filter((d) => d.status === "delivered").length === 4, 10_000, "every delivery");
      await Bun.sleep(400);
      expect((await deliveries(user.id)).filter((d) => d.status === "delivered").map((d) => d.attempts)).toEqual([1, 1, 1, 1]);
      expect(await sql`select 1 from mail_outbox where to_address = ${user.email}`).toHaveLength(1);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  test("preferences are honoured when the event is written and again when it is sent", async () => {
    const user = await createUser();
    const put = await call(app, "PUT", "/api/alerts/preferences", {
      token: user.token,
      body: { preferences: [{ channel: "email", kind: "TP_HIT", enabled: false }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.preferences).toContainEqual({ channel: "email", kind: "TP_HIT", enabled: false });
    expect(put.body.preferences).toContainEqual({ channel: "email", kind: "SL_HIT", enabled: true });
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    expect((await deliveries(user.id)).map((d) => d.channel)).not.toContain("email");
    // Switched off after the event: the pending in-app delivery is skipped, not sent.
    await call(app, "PUT", "/api/alerts/preferences", {
      token: user.token,
      body: { preferences: [{ channel: "in_app", kind: "TP_HIT", enabled: false }] },
    });
    await dispatchDue(deps);
    expect((await deliveries(user.id)).find((d) => d.channel === "in_app")?.status).toBe("skipped");
    const bad = await call(app, "PUT", "/api/alerts/preferences", {
      token: user.token,
      body: { preferences: [{ channel: "pigeon", kind: "TP_HIT", enabled: true }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe("web push", () => {
  async function subscribedUser(tag: string) {
    const user = await createUser();
    const endpoint = `http://127.0.0.1:${pushService.port}/push/${tag}-${user.id}`;
    const saved = await call(app, "POST", "/api/alerts/push-subscription", { token: user.token, body: { endpoint, keys: browserKeys() } });
    expect(saved.status).toBe(200);
    expect(saved.body.push.devices).toBe(1);
    expect(saved.body.preferences.filter((p: { channel: string }) => p.channel === "push").every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    return { user, endpoint };
  }

  test("an alert is encrypted and posted to the subscription's push service with a VAPID signature", async () => {
    const { user, endpoint } = await subscribedUser("ok");
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    answer = 201;
    await dispatchDue(deps);
    const post = pushed.find((p) => p.path === new URL(endpoint).pathname);
    expect(post).toBeDefined();
    expect(post!.headers.get("content-encoding")).toBe("aes128gcm");
    expect(post!.headers.get("authorization")).toStartWith("vapid t=");
    expect(post!.headers.get("authorization")).toContain(`k=${deps.config.VAPID_PUBLIC_KEY}`);
    // Ciphertext: the payload's words are not readable in it.
    expect(post!.body.byteLength).toBeGreaterThan(100);
    expect(Buffer.from(post!.body).toString("latin1")).not.toContain("BTCUSDT");
    expect((await deliveries(user.id)).find((d) => d.channel === "push")?.status).toBe("delivered");
  });

  test("a failing push service is retried with backoff and logged; a 410 removes the subscription", async () => {
    const { user, endpoint } = await subscribedUser("flaky");
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    const warnings: Record<string, unknown>[] = [];
    const log = { ...deps.log, warn: (msg: string, fields?: Record<string, unknown>) => void warnings.push({ msg, ...fields }) };
    answer = 503;
    await dispatchDue({ ...deps, log }, { backoffMs: 60_000 });
    let push = (await deliveries(user.id)).find((d) => d.channel === "push")!;
    expect(push).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("push service answered 503") });
    expect(warnings).toContainEqual(expect.objectContaining({ msg: "alert delivery failed", channel: "push", attempt: 1, retry_in_ms: 60_000 }));
    const [{ wait }] = await sql`
      select extract(epoch from d.next_attempt_at - now()) as wait from alert_deliveries d join signal_events e on e.id = d.event_id
      where e.user_id = ${user.id} and d.channel = 'push'`;
    expect(Number(wait)).toBeGreaterThan(50);
    // Not due yet: a run now leaves it alone.
    await dispatchDue(deps);
    expect((await deliveries(user.id)).find((d) => d.channel === "push")?.attempts).toBe(1);
    // Due again (time moved on); the second failure waits twice as long.
    await sql`update alert_deliveries set next_attempt_at = now() where channel = 'push' and status = 'pending'`;
    await dispatchDue({ ...deps, log }, { backoffMs: 60_000 });
    expect(warnings).toContainEqual(expect.objectContaining({ channel: "push", attempt: 2, retry_in_ms: 120_000 }));
    // The push service now says the subscription is gone: removed, and the delivery is done (no device left).
    answer = 410;
    await sql`update alert_deliveries set next_attempt_at = now() where channel = 'push' and status = 'pending'`;
    await dispatchDue(deps);
    push = (await deliveries(user.id)).find((d) => d.channel === "push")!;
    expect(push).toMatchObject({ status: "delivered", attempts: 3 });
    expect(await sql`select 1 from push_subscriptions where endpoint = ${endpoint}`).toHaveLength(0);
    answer = 201;
  });

  test("subscriptions: only https push services on public addresses (a loopback stand-in only where allowed); delete removes it", async () => {
    const user = await createUser();
    const keys = browserKeys();
    for (const endpoint of ["http://push.example/abc", "ftp://127.0.0.1/x", "not a url"]) {
      const res = await call(strictApp, "POST", "/api/alerts/push-subscription", { token: user.token, body: { endpoint, keys } });
      expect(res.status).toBe(400);
      expect(res.body.detail).not.toContain("webhook");
    }
    // A public address literal: no DNS needed, and nothing is sent when subscribing.
    const endpoint = "https://8.8.8.8/sub/1";
    expect((await call(strictApp, "POST", "/api/alerts/push-subscription", { token: user.token, body: { endpoint, keys } })).status).toBe(200);
    const gone = await call(strictApp, "DELETE", "/api/alerts/push-subscription", { token: user.token, body: { endpoint } });
    expect(gone.status).toBe(200);
    expect(gone.body.push.devices).toBe(0);
    expect((await call(strictApp, "POST", "/api/alerts/push-subscription", { body: { endpoint, keys } })).status).toBe(401);
  });

  test("SSRF: endpoints on private, loopback, metadata, mapped-IPv6 or unresolvable hosts are refused with a code", async () => {
    const user = await createUser();
    const keys = browserKeys();
    const refused = [
      ["https://127.0.0.2/x", "push_endpoint_private"],
      ["https://10.1.2.3/x", "push_endpoint_private"],
      ["https://169.254.169.254/latest/meta-data", "push_endpoint_private"],
      ["https://0.0.0.0:5432/x", "push_endpoint_private"],
      ["https://[::ffff:7f00:1]:6379/x", "push_endpoint_private"],
      ["https://localhost/x", "push_endpoint_private"],
      ["https://[::1]/x", "push_endpoint_private"],
      ["https://redis.internal.invalid/x", "push_endpoint_unresolvable"],
      ["https://user:pw@8.8.8.8/x", "push_endpoint_invalid"],
    ];
    for (const [endpoint, code] of refused) {
      const res = await call(strictApp, "POST", "/api/alerts/push-subscription", { token: user.token, body: { endpoint, keys } });
      expect({ endpoint, status: res.status, code: res.body.code }).toEqual({ endpoint, status: 400, code });
      expect(res.body.detail).toBeString();
    }
    expect(await sql`select 1 from push_subscriptions where user_id = ${user.id}`).toHaveLength(0);
  });

  test("SSRF: the webhook's port and own-host rules hold for push endpoints too (issue 31, item 8)", async () => {
    const user = await createUser();
    const keys = browserKeys();
    const subscribe = (app: { handle: (r: Request) => Promise<Response> }, endpoint: string) =>
      call(app, "POST", "/api/alerts/push-subscription", { token: user.token, body: { endpoint, keys } });
    for (const endpoint of ["https://1.1.1.1:6379/", "https://1.1.1.1:25/x", "https://1.1.1.1:5432/x"]) {
      const res = await subscribe(strictApp, endpoint);
      expect({ endpoint, status: res.status, code: res.body.code }).toEqual({ endpoint, status: 400, code: "push_endpoint_port" });
      expect(res.body.detail).toBe(`A push endpoint must use a web port (80, 443, 8080, 8443), not ${new URL(endpoint).port}`);
    }
    expect((await subscribe(strictApp, "https://1.1.1.1:8443/sub")).status).toBe(200);
    // This deployment served from a public address: its own site is not a push service.
    const site = createApp({ ...strict, config: { ...strict.config, PUBLIC_ORIGIN: "https://8.8.4.4" } });
    const own = await subscribe(site, "https://8.8.4.4/api/auth/logout");
    expect({ status: own.status, code: own.body.code, detail: own.body.detail }).toEqual({
      status: 400,
      code: "push_endpoint_private",
      detail: "A push endpoint cannot be this site's own address",
    });
    const saved = await sql`select endpoint from push_subscriptions where user_id = ${user.id}`;
    expect(saved.map((r) => r.endpoint)).toEqual(["https://1.1.1.1:8443/sub"]);
  });

  test("SSRF: a stored endpoint that now points at a private address is checked again at delivery and never contacted", async () => {
    const user = await createUser();
    const endpoint = `http://127.0.0.1:${pushService.port}/push/rebound-${user.id}`;
    // As if DNS changed after the subscription was accepted (rebinding): the row exists, the address is loopback.
    await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${user.id}, ${endpoint}, ${browserKeys().p256dh}, ${browserKeys().auth})`;
    await sql`insert into alert_preferences (user_id, channel, kind, enabled) values (${user.id}, 'push', 'TP_HIT', true)`;
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    await dispatchDue(strict);
    expect(pushed.find((p) => p.path === new URL(endpoint).pathname)).toBeUndefined();
    // Not retried: no retry can make the address public.
    expect((await deliveries(user.id)).find((d) => d.channel === "push")?.status).toBe("delivered");
  });
});

describe("web push limits", () => {
  /** A stand-in push service that holds each POST a moment and records how many it held at once. */
  function slowPushService(statusFor: (path: string) => number) {
    const seen: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (req) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        seen.push(new URL(req.url).pathname);
        await Bun.sleep(30);
        inFlight--;
        return new Response(null, { status: statusFor(new URL(req.url).pathname) });
      },
    });
    return { server, seen, maxInFlight: () => maxInFlight };
  }

  const subscribe = (token: string, endpoint: string) =>
    call(app, "POST", "/api/alerts/push-subscription", { token, body: { endpoint, keys: browserKeys() } });

  test("at most 10 subscriptions per trader, the oldest replaced; saving is rate-limited per trader", async () => {
    const user = await createUser();
    const base = `http://127.0.0.1:${pushService.port}/push/cap-${user.id}`;
    for (let i = 0; i < 12; i++) expect((await subscribe(user.token, `${base}-${i}`)).status).toBe(200);
    const kept = await sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${user.id} order by id`;
    expect(kept.map((k) => k.endpoint)).toEqual(Array.from({ length: 10 }, (_, i) => `${base}-${i + 2}`));
    for (let i = 12; i < 30; i++) expect((await subscribe(user.token, `${base}-${i}`)).status).toBe(200);
    const refused = await subscribe(user.token, `${base}-30`);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBeString();
    expect(await sql`select 1 from push_subscriptions where user_id = ${user.id}`).toHaveLength(10);
  });

  test("one alert posts to at most 4 push services at once, and a retry reaches only the devices that failed", async () => {
    const stand = slowPushService((path) => (path.endsWith("-bad") ? 503 : 201));
    try {
      const user = await createUser();
      const base = `http://127.0.0.1:${stand.server.port}/push/pool-${user.id}`;
      const endpoints = [...Array.from({ length: 9 }, (_, i) => `${base}-${i}`), `${base}-bad`];
      for (const e of endpoints) expect((await subscribe(user.token, e)).status).toBe(200);
      await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
      await tracker();
      await dispatchDue(deps);
      expect(stand.seen).toHaveLength(10);
      expect(stand.maxInFlight()).toBeLessThanOrEqual(4);
      expect((await deliveries(user.id)).find((d) => d.channel === "push")).toMatchObject({ status: "pending", attempts: 1 });
      await sql`update alert_deliveries set next_attempt_at = now() where channel = 'push' and status = 'pending'`;
      await dispatchDue(deps);
      // The nine that took it are not posted again; only the failing device is retried.
      expect(stand.seen.slice(10)).toEqual([new URL(`${base}-bad`).pathname]);
    } finally {
      stand.server.stop(true);
    }
  });
});

describe("API", () => {
  test("the grid shows a channel on only when it can deliver, hides unconfigured Telegram, and e-mails an issued signal by default", async () => {
    const user = await createUser();
    const grid = (await call(app, "GET", "/api/alerts/preferences", { token: user.token })).body;
    const on = (channel: string, kind: string) =>
      grid.preferences.find((p: { channel: string; kind: string }) => p.channel === channel && p.kind === kind)?.enabled;
    // No bot token in the test config: Telegram is not offered at all.
    expect(grid.channels).toEqual(["in_app", "email", "push", "webhook"]);
    expect(on("email", "ISSUED")).toBe(true);
    // No endpoint and no device yet: nothing would arrive, so nothing shows as on.
    for (const kind of ["ISSUED", "TP_HIT", "SL_HIT", "EXPIRED"]) {
      expect(on("webhook", kind)).toBe(false);
      expect(on("push", kind)).toBe(false);
    }
    expect(grid.deliverable).toEqual(["in_app", "email"]);
    await sql`insert into webhooks (user_id, url, secret) values (${user.id}, 'https://example.com/hook', 'a-secret-of-sixteen+')`;
    const after = (await call(app, "GET", "/api/alerts/preferences", { token: user.token })).body;
    expect(after.deliverable).toEqual(["in_app", "email", "webhook"]);
    expect(after.preferences.filter((p: { channel: string }) => p.channel === "webhook").every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });

  test("lists my alerts newest first with the unread count, pages with before, marks some or all read", async () => {
    const user = await createUser();
    const other = await createUser();
    await seedSignal(user.id, "BTCUSDT", "LONG", 0.1);
    await seedSignal(user.id, "ETHUSDT", "SHORT", 0.1);
    await seedSignal(other.id, "BTCUSDT", "LONG", 0.1);
    await tracker();
    const list = await call(app, "GET", "/api/alerts?limit=1", { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.unread_count).toBe(2);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ read: false, side: expect.stringMatching(/LONG|SHORT/) });
    const older = await call(app, "GET", `/api/alerts?limit=1&before=${list.body.next_before}`, { token: user.token });
    expect(older.body.items[0].id).toBeLessThan(list.body.items[0].id);
    expect(older.body.next_before).toBeNull();
    const one = await call(app, "POST", "/api/alerts/read", { token: user.token, body: { ids: [list.body.items[0].id] } });
    expect(one.body.unread_count).toBe(1);
    // Another trader's ids change nothing of mine, mine nothing of theirs.
    expect((await call(app, "POST", "/api/alerts/read", { token: other.token, body: { ids: [older.body.items[0].id] } })).body.unread_count).toBe(1);
    expect((await call(app, "POST", "/api/alerts/read", { token: user.token, body: { all: true } })).body.unread_count).toBe(0);
    expect((await call(app, "GET", "/api/alerts", { token: other.token })).body.unread_count).toBe(1);
    for (const q of ["limit=0", "limit=abc", "before=-1", "before=x"])
      expect((await call(app, "GET", `/api/alerts?${q}`, { token: user.token })).status).toBe(400);
    expect((await call(app, "GET", "/api/alerts")).status).toBe(401);
  });
});
