// Alert destinations and sessions: each one added mails the owner and is logged; a password reset or change turns
// webhooks off, unlinks Telegram and drops push subscriptions; a push subscription ends with the session that saved it.
import { afterAll, expect, test } from "bun:test";
import { createECDH, randomBytes } from "node:crypto";
import { call, closeTestDeps, testDeps, waitFor } from "../../../../test/helpers";
import { createApp } from "../../app";
import { clientHeaders, freshIp, registerViaApi, signIn, signInNewDevice } from "../auth/testing";
import { createLinkToken, handleUpdate } from "../telegram/service";
import { seedSignal } from "../signals/testing";
import { dispatchDue } from "./dispatcher";
import { createReplayClock, createReplayProvider } from "../../../../engine/src/market/providers/replay";
import { trackOutcomes } from "../../../../engine/src/outcomes/tracker";

const base = testDeps();
const lines: { msg: string; fields: Record<string, unknown> }[] = [];
const at = (msg: string, fields: Record<string, unknown> = {}) => void lines.push({ msg, fields });
// Loopback destinations are allowed here (a local receiver); Telegram is configured so a link token can be made.
const deps = {
  ...base,
  log: { debug: at, info: at, warn: at, error: at },
  config: {
    ...base.config,
    TRUSTED_PROXY: "127.0.0.1",
    WEBHOOK_ALLOW_LOOPBACK: "1" as const,
    TELEGRAM_BOT_TOKEN: "123:test",
    TELEGRAM_BOT_USERNAME: "tradewind_test_bot",
  },
};
const app = createApp(deps);
afterAll(() => closeTestDeps());

const mails = (to: string) =>
  deps.sql<{ subject: string; body_text: string }[]>`select subject, body_text from mail_outbox where to_address = ${to} order by id`;

function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

/** With a (stolen) session: a webhook, a Telegram chat and a push subscription, each through its real path. */
async function plantDestinations(token: string, userId: number, tag: string) {
  const hook = await call(app, "POST", "/api/webhooks/", { token, body: { url: `http://127.0.0.1:9/${tag}` } });
  expect(hook.status).toBe(200);
  const link = await createLinkToken(deps, userId);
  const reply = await handleUpdate(deps, {
    update_id: 1,
    message: { message_id: 1, text: `/start ${link.token}`, chat: { id: 900_000 + userId, type: "private" }, from: { id: 1, username: "mallory" } },
  } as never);
  expect(reply).toStartWith("✅");
  const push = await call(app, "POST", "/api/alerts/push-subscription", {
    token,
    body: { endpoint: `http://127.0.0.1:9/push/${tag}-${userId}`, keys: browserKeys() },
  });
  expect(push.status).toBe(200);
}

async function destinations(userId: number) {
  const [{ hooks }] = await deps.sql`select count(*) filter (where enabled)::int as hooks from webhooks where user_id = ${userId}`;
  const [{ chats }] = await deps.sql`select count(*)::int as chats from telegram_links where user_id = ${userId}`;
  const [{ pushes }] = await deps.sql`select count(*)::int as pushes from push_subscriptions where user_id = ${userId}`;
  return { hooks, chats, pushes };
}

test("each destination added mails the owner and is logged; the same browser saving again is not news", async () => {
  const who = await registerViaApi(app);
  const s = await signIn(app, who);
  await plantDestinations(s.token, who.userId, "added");
  const notes = (await mails(who.email)).filter((m) => m.subject === "A new alert destination was added to your Tradewind account");
  expect(notes.map((m) => m.body_text.match(/go to (.+?): /)?.[1])).toEqual([
    "a webhook endpoint",
    "a Telegram chat",
    "a browser (push notifications)",
  ]);
  expect(notes[0].body_text).toContain("127.0.0.1:9");
  expect(notes[1].body_text).toContain("@mallory");
  const added = lines.filter((l) => l.msg === "security" && l.fields.event === "alert_destination_added" && l.fields.user_id === who.userId);
  expect(added.map((l) => l.fields.channel)).toEqual(["webhook", "telegram", "push"]);
  const [{ endpoint }] = await deps.sql`select endpoint from push_subscriptions where user_id = ${who.userId}`;
  expect((await call(app, "POST", "/api/alerts/push-subscription", { token: s.token, body: { endpoint, keys: browserKeys() } })).status).toBe(200);
  expect((await mails(who.email)).filter((m) => m.subject.startsWith("A new alert destination"))).toHaveLength(3);
});

test("a password reset turns webhooks off, unlinks Telegram and drops push subscriptions, and says so", async () => {
  const who = await registerViaApi(app);
  const stolen = await signIn(app, who);
  await plantDestinations(stolen.token, who.userId, "reset");
  expect(await destinations(who.userId)).toEqual({ hooks: 1, chats: 1, pushes: 1 });
  const ip = freshIp();
  await call(app, "POST", "/api/auth/forgot-password", { body: { email: who.email }, headers: clientHeaders(ip) });
  const link = await waitFor(async () => (await mails(who.email)).find((m) => m.subject === "Reset your Tradewind password"), 5000, "the reset mail");
  const token = link.body_text.match(/reset-password\/([\w-]+)/)![1];
  const reset = await call(app, "POST", "/api/auth/reset-password", {
    headers: clientHeaders(ip),
    body: { token, new_password: "Newer9Pass", confirm_password: "Newer9Pass" },
  });
  expect(reset.status).toBe(200);
  expect(await destinations(who.userId)).toEqual({ hooks: 0, chats: 0, pushes: 0 });
  // The endpoint is kept, off: the owner turns on again only what they recognise.
  expect(await deps.sql`select 1 from webhooks where user_id = ${who.userId}`).toHaveLength(1);
  const withdrawn = lines.find((l) => l.fields.event === "alert_destinations_withdrawn" && l.fields.user_id === who.userId);
  expect(withdrawn?.fields).toMatchObject({ webhooks_disabled: 1, telegram_unlinked: 1, push_removed: 1 });
  const notice = (await mails(who.email)).find((m) => m.subject === "Your Tradewind password was changed");
  expect(notice?.body_text).toContain("webhooks were turned off");
});

test("a password change withdraws them too", async () => {
  const who = await registerViaApi(app);
  const s = await signIn(app, who);
  await plantDestinations(s.token, who.userId, "change");
  const res = await call(app, "PUT", "/api/user/change-password", {
    token: s.token,
    body: { current_password: who.password, new_password: "Better123", confirm_new_password: "Better123" },
  });
  expect(res.status).toBe(200);
  expect(await destinations(who.userId)).toEqual({ hooks: 0, chats: 0, pushes: 0 });
});

test("a push subscription ends with the session that saved it: logout drops it, and an expired session's browser gets no push", async () => {
  const pushed: string[] = [];
  const stand = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) => {
      pushed.push(new URL(req.url).pathname);
      return new Response(null, { status: 201 });
    },
  });
  try {
    const who = await registerViaApi(app);
    const shared = await signIn(app, who);
    const own = await signInNewDevice(app, who, "own-phone");
    const subscribe = (token: string, name: string) =>
      call(app, "POST", "/api/alerts/push-subscription", {
        token,
        body: { endpoint: `http://127.0.0.1:${stand.port}/push/${name}-${who.userId}`, keys: browserKeys() },
      });
    expect((await subscribe(shared.token, "shared")).status).toBe(200);
    expect((await subscribe(own.token, "own")).status).toBe(200);
    // Sign out on the shared device: its subscription goes with its session; the other device keeps its own.
    const out = await call(app, "POST", "/api/auth/logout", { token: shared.token, headers: { cookie: `tw_refresh=${shared.refresh}` } });
    expect(out.status).toBe(200);
    const left = await deps.sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${who.userId}`;
    expect(left.map((r) => new URL(r.endpoint).pathname)).toEqual([`/push/own-${who.userId}`]);
    // A session that simply ran out (no revocation) stops its browser's pushes at the next delivery.
    await deps.sql`update login_sessions set expires_at = now() - interval '1 second' where id = ${own.sessionId}`;
    await seedSignal(who.userId, "BTCUSDT", "LONG", 0.1);
    await trackOutcomes({
      sql: deps.sql,
      log: deps.log,
      provider: createReplayProvider(createReplayClock({ fixedMs: 1717200000000 + 2 * 3_600_000 })),
    });
    await dispatchDue(deps);
    const [push] = await deps.sql`
      select d.status from alert_deliveries d join signal_events e on e.id = d.event_id where e.user_id = ${who.userId} and d.channel = 'push'`;
    expect(push?.status).toBe("delivered");
    expect(pushed).toEqual([]);
  } finally {
    stand.stop(true);
  }
});
