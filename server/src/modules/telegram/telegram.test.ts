// Telegram against a local Bot API stand-in (getMe, getUpdates, sendMessage): deep-link start binds the chat, alerts reach it, a blocked bot unlinks.
import { afterAll, describe, expect, test } from "bun:test";
import { createApp } from "../../app";
import type { ServerDeps } from "../../deps";
import { call, closeTestDeps, createUser, testDeps, waitFor } from "../../../../test/helpers";
import type { AlertEvent } from "../alerts/channel";
import type { TelegramUpdate } from "./bot-api";
import { telegramChannel } from "./channel";
import { startTelegramPoller } from "./poller";
import { REPLIES } from "./service";

const TOKEN = "123456:stand-in-token-0123456789abcdef";

/** The stand-in: updates the test queues come out of getUpdates (long-poll capped at 300 ms); sendMessage is recorded. */
const pending: TelegramUpdate[] = [];
const sent: Array<{ chat_id: number; text: string }> = [];
const offsets: number[] = [];
const blocked = new Set<number>();
const failing = new Set<number>();
let nextUpdateId = 1000;
const api = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const [, bot, method] = new URL(req.url).pathname.split("/");
    if (bot !== `bot${TOKEN}`) return Response.json({ ok: false, error_code: 401, description: "Unauthorized" }, { status: 401 });
    const params = (await req.json().catch(() => ({}))) as Record<string, any>;
    if (method === "getMe") return Response.json({ ok: true, result: { id: 1, is_bot: true, username: "TradewindTestBot" } });
    if (method === "getUpdates") {
      offsets.push(params.offset);
      // Telegram confirms every update below the offset.
      while (pending.length && pending[0].update_id < params.offset) pending.shift();
      if (!pending.length) await Bun.sleep(300);
      return Response.json({ ok: true, result: pending.filter((u) => u.update_id >= params.offset) });
    }
    if (method === "sendMessage") {
      if (blocked.has(params.chat_id))
        return Response.json({ ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" }, { status: 403 });
      if (failing.has(params.chat_id)) return Response.json({ ok: false, error_code: 502, description: "Bad Gateway" }, { status: 502 });
      sent.push({ chat_id: params.chat_id, text: params.text });
      return Response.json({ ok: true, result: { message_id: sent.length } });
    }
    return Response.json({ ok: false, error_code: 404, description: "Not Found" }, { status: 404 });
  },
});

const base = testDeps();
const deps: ServerDeps = {
  ...base,
  config: { ...base.config, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_USERNAME: "TradewindTestBot", TELEGRAM_API_URL: `http://127.0.0.1:${api.port}` },
};
const app = createApp(deps);
const offApp = createApp(base);
const poller = startTelegramPoller(deps, { pollSeconds: 1, renewEveryMs: 200, retryMs: 200 });

afterAll(async () => {
  await poller.stop();
  api.stop(true);
  await closeTestDeps();
});

const start = (chatId: number, text: string) =>
  pending.push({
    update_id: nextUpdateId++,
    message: { text, chat: { id: chatId, type: "private" }, from: { username: `trader${chatId}`, first_name: "Ada" } },
  });
const repliesTo = (chatId: number) => sent.filter((m) => m.chat_id === chatId).map((m) => m.text);

async function link(token: string) {
  const res = await call(app, "POST", "/api/telegram/link", { token });
  expect(res.status).toBe(200);
  return res.body as { token: string; url: string; expires_at: string };
}

const event = (userId: number): AlertEvent => ({
  id: 1,
  user_id: userId,
  signal_id: 9,
  kind: "TP_HIT",
  symbol: "ETHUSDT",
  side: "SHORT",
  entry_price: 3120.45,
  stop_loss: 3180,
  take_profit: 3010.2,
  r_multiple: 1.85,
  created_at: new Date().toISOString(),
});

describe("telegram", () => {
  test("off without a bot: status says so and linking is 404 telegram_not_configured", async () => {
    const u = await createUser();
    const status = await call(offApp, "GET", "/api/telegram", { token: u.token });
    expect(status.body).toEqual({ configured: false, bot_username: null, linked: false, chat: null });
    const res = await call(offApp, "POST", "/api/telegram/link", { token: u.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("telegram_not_configured");
    // Delivering to a trader without Telegram is a quiet no-op, not a retry.
    await telegramChannel.deliver(base, event(u.id));
  });

  test("the start token binds the chat once (stored hashed), the bot answers; alerts reach the chat; unlink stops them", async () => {
    const u = await createUser();
    const { token, url } = await link(u.token);
    expect(url).toBe(`https://t.me/TradewindTestBot?start=${token}`);
    expect(token).toMatch(/^[\w-]{32}$/);
    const [row] = await deps.sql`select token_hash from telegram_link_tokens where user_id = ${u.id}`;
    expect(row.token_hash).not.toBe(token);
    start(5001, `/start ${token}`);
    await waitFor(() => repliesTo(5001).length > 0, 5000, "the bot's reply");
    expect(repliesTo(5001)).toEqual([REPLIES.linked]);
    const status = await call(app, "GET", "/api/telegram", { token: u.token });
    expect(status.body).toMatchObject({
      configured: true,
      bot_username: "TradewindTestBot",
      linked: true,
      chat: { username: "trader5001", first_name: "Ada" },
    });
    // Updates are confirmed: the next poll asks past them.
    await waitFor(() => offsets.at(-1) === nextUpdateId, 3000, "the confirmed offset");

    // The used token cannot bind another chat.
    start(5002, `/start ${token}`);
    await waitFor(() => repliesTo(5002).length > 0, 5000, "the refusal");
    expect(repliesTo(5002)).toEqual([REPLIES.refused]);

    await telegramChannel.deliver(deps, event(u.id));
    expect(repliesTo(5001).at(-1)).toBe("🎯 Take profit hit: ETHUSDT SHORT\nEntry 3,120.45 · SL 3,180 · TP 3,010.2\nResult: +1.85 R");

    const off = await call(app, "DELETE", "/api/telegram/link", { token: u.token });
    expect(off.body.linked).toBe(false);
    const before = sent.length;
    await telegramChannel.deliver(deps, event(u.id));
    expect(sent.length).toBe(before);
  });

  test("an expired token is refused; a bare /start gets instructions", async () => {
    const u = await createUser();
    const { token } = await link(u.token);
    await deps.sql`update telegram_link_tokens set expires_at = now() - interval '1 second' where user_id = ${u.id}`;
    start(5003, `/start ${token}`);
    start(5004, "/start");
    await waitFor(() => repliesTo(5003).length > 0 && repliesTo(5004).length > 0, 5000, "both replies");
    expect(repliesTo(5003)).toEqual([REPLIES.refused]);
    expect(repliesTo(5004)).toEqual([REPLIES.hello]);
    expect((await call(app, "GET", "/api/telegram", { token: u.token })).body.linked).toBe(false);
  });

  test("a bot blocked by the user (403) unlinks the chat; a Bot API outage throws so the dispatcher retries", async () => {
    const u = await createUser();
    start(5005, `/start ${(await link(u.token)).token}`);
    await waitFor(async () => (await call(app, "GET", "/api/telegram", { token: u.token })).body.linked, 5000, "the link");
    failing.add(5005);
    await expect(telegramChannel.deliver(deps, event(u.id))).rejects.toThrow("502");
    expect((await call(app, "GET", "/api/telegram", { token: u.token })).body.linked).toBe(true);
    failing.delete(5005);
    blocked.add(5005);
    await telegramChannel.deliver(deps, event(u.id));
    expect((await call(app, "GET", "/api/telegram", { token: u.token })).body.linked).toBe(false);
  });

  test("one poller leads: a second one stands by", async () => {
    const second = startTelegramPoller(deps, { pollSeconds: 1, renewEveryMs: 200 });
    await Bun.sleep(500);
    expect(poller.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);
    await second.stop();
  });
});
