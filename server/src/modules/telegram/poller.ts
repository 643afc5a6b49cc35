// The Telegram bot's update loop: getUpdates long-polling in one server process at a time (Redis leader lock).
import { randomUUID } from "node:crypto";
import { startLeaderLock } from "@core/infra/leader-lock";
import type { ServerDeps } from "../../deps";
import { botCall, telegramConfigured, type TelegramUpdate } from "./bot-api";
import { handleUpdate } from "./service";

export type TelegramPoller = { isLeader(): boolean; stop(): Promise<void> };

/**
 * Long-polling rather than a webhook route: it needs no public HTTPS address registered with Telegram (so `bun dev` and
 * a server behind NAT link chats too) and no setWebhook state to keep in step; the leader lock keeps it to one
 * process, as Telegram answers 409 to two concurrent getUpdates. The offset lives in Redis so a new leader goes on
 * where the old one stopped (after a Redis loss Telegram still holds back only unconfirmed updates).
 */
export function startTelegramPoller(deps: ServerDeps, opts: { pollSeconds?: number; renewEveryMs?: number; retryMs?: number } = {}): TelegramPoller {
  if (!telegramConfigured(deps.config)) return { isLeader: () => false, stop: async () => {} };
  const { redis, keys, log, config } = deps;
  const offsetKey = keys.key("telegram:offset");
  const pollSeconds = opts.pollSeconds ?? 25;
  let stopped = false;
  let abort = new AbortController();
  let loop: Promise<void> = Promise.resolve();

  const pollOnce = async () => {
    const offset = Number((await redis.get(offsetKey)) ?? 0);
    const answer = await botCall<TelegramUpdate[]>(
      config,
      "getUpdates",
      { offset, timeout: pollSeconds, allowed_updates: ["message"] },
      { timeoutMs: (pollSeconds + 10) * 1000, signal: abort.signal },
    );
    if (!answer.ok) throw new Error(`getUpdates: ${answer.error_code} ${answer.description}`);
    for (const update of answer.result) {
      try {
        const reply = await handleUpdate(deps, update);
        if (reply && update.message) await botCall(config, "sendMessage", { chat_id: update.message.chat.id, text: reply });
      } catch (err) {
        log.error("telegram update failed", { update_id: update.update_id, error: String(err) });
      }
      // Confirmed one by one: a crash mid-batch replays only what was not handled (a used token just says so).
      await redis.set(offsetKey, String(update.update_id + 1));
    }
  };

  const run = async () => {
    const me = await botCall<{ username?: string }>(config, "getMe", {}, { signal: abort.signal }).catch((err) => ({ ok: false, err }));
    if ("result" in me && me.result.username && me.result.username !== config.TELEGRAM_BOT_USERNAME)
      log.warn("TELEGRAM_BOT_USERNAME differs from the token's bot", { configured: config.TELEGRAM_BOT_USERNAME, actual: me.result.username });
    while (lock.isLeader() && !stopped) {
      try {
        await pollOnce();
      } catch (err) {
        if (stopped || abort.signal.aborted) return;
        log.warn("telegram polling failed", { error: String(err) });
        await Bun.sleep(opts.retryMs ?? 5000);
      }
    }
  };

  const lock = startLeaderLock({
    redis,
    key: keys.key("telegram:leader"),
    id: `${process.pid}:${randomUUID()}`,
    log,
    what: "telegram",
    renewEveryMs: opts.renewEveryMs,
    onElected: () => {
      abort = new AbortController();
      log.info("telegram polling: leader");
      loop = run();
    },
    onLost: () => abort.abort(),
  });

  return {
    isLeader: () => lock.isLeader(),
    async stop() {
      stopped = true;
      abort.abort();
      await lock.stop();
      await loop;
    },
  };
}
