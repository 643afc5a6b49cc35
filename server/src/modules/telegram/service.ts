// Telegram linking (one-time deep-link start tokens, stored hashed) and alert messages to the linked chat.
import { createHash, randomBytes } from "node:crypto";
import type { ServerDeps } from "../../deps";
import { notFound } from "../../lib/http-error";
import type { AlertEvent } from "../alerts/channel";
import { destinationAdded } from "../alerts/destinations";
import { botCall, telegramConfigured, type TelegramUpdate } from "./bot-api";

export const LINK_TOKEN_MINUTES = 10;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function telegramStatus(deps: ServerDeps, userId: number) {
  const configured = telegramConfigured(deps.config);
  const [link] = await deps.sql<{ username: string | null; first_name: string | null; linked_at: Date }[]>`
    select username, first_name, linked_at from telegram_links where user_id = ${userId}`;
  return {
    configured,
    bot_username: configured ? (deps.config.TELEGRAM_BOT_USERNAME ?? null) : null,
    linked: Boolean(link),
    chat: link ? { username: link.username, first_name: link.first_name, linked_at: new Date(link.linked_at).toISOString() } : null,
  };
}

/** A fresh start token (the previous unused one stops working) and the t.me deep link that carries it to the bot. */
export async function createLinkToken(deps: ServerDeps, userId: number) {
  // 404 like other switched-off features (the dev mailbox): nothing to link to here, and no 5xx for a settled state.
  if (!telegramConfigured(deps.config)) throw notFound("Telegram is not configured on this server").withCode("telegram_not_configured");
  // 24 random bytes: 32 base64url characters, inside Telegram's 64-character [A-Za-z0-9_-] start parameter.
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + LINK_TOKEN_MINUTES * 60_000);
  await deps.sql.begin(async (tx) => {
    await tx`delete from telegram_link_tokens where user_id = ${userId} or expires_at < now() - interval '1 day'`;
    await tx`insert into telegram_link_tokens (token_hash, user_id, expires_at) values (${hashToken(token)}, ${userId}, ${expiresAt})`;
  });
  return { token, url: `https://t.me/${deps.config.TELEGRAM_BOT_USERNAME}?start=${token}`, expires_at: expiresAt.toISOString() };
}

export async function unlinkTelegram(deps: ServerDeps, userId: number) {
  await deps.sql`delete from telegram_links where user_id = ${userId}`;
  return { linked: false, detail: "Telegram unlinked" };
}

export const REPLIES = {
  linked: "✅ Linked. Tradewind will send your signal alerts to this chat. Unlink any time under Profile → Telegram.",
  refused: "This link has expired or was already used. Open Profile → Telegram in Tradewind and press Link again.",
  hello: "Hi! To get your signal alerts here, open Profile → Telegram in Tradewind and press Link.",
  privateOnly: "Alerts go to a private chat only: open the link from Tradewind in your own chat with this bot.",
};

/** `/start <token>` binds the chat to the token's trader, once; the answer is the reply to send, or null for none. */
export async function handleUpdate(deps: ServerDeps, update: TelegramUpdate): Promise<string | null> {
  const msg = update.message;
  const match = msg?.text?.match(/^\/start(?:@\w+)?(?:\s+([\w-]{1,64}))?\s*$/);
  if (!msg || !match) return null;
  if (msg.chat.type !== "private") return REPLIES.privateOnly;
  if (!match[1]) return REPLIES.hello;
  const chatId = msg.chat.id;
  const bound = await deps.sql.begin(async (tx) => {
    const [token] = await tx<{ user_id: number }[]>`
      update telegram_link_tokens set used_at = now()
      where token_hash = ${hashToken(match[1])} and used_at is null and expires_at > now() returning user_id`;
    if (!token) return null;
    // A chat belongs to one trader: linking it again moves it.
    await tx`delete from telegram_links where chat_id = ${chatId} and user_id <> ${token.user_id}`;
    await tx`
      insert into telegram_links (user_id, chat_id, username, first_name) values
        (${token.user_id}, ${chatId}, ${msg.from?.username ?? null}, ${msg.from?.first_name ?? null})
      on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username,
        first_name = excluded.first_name, linked_at = now()`;
    return token.user_id;
  });
  if (bound === null) return REPLIES.refused;
  await destinationAdded(deps, bound, "telegram", msg.from?.username ? `@${msg.from.username}` : `chat ${chatId}`);
  return REPLIES.linked;
}

const STAGES: Record<AlertEvent["kind"], string> = {
  ISSUED: "🆕 New signal",
  TP_HIT: "🎯 Take profit hit",
  SL_HIT: "🛑 Stop loss hit",
  EXPIRED: "⏳ Expired",
};
const price = (n: number) => n.toLocaleString("en-US", { maximumSignificantDigits: 6 });

/** Plain text (no parse mode, nothing to escape): stage, pair, side, levels and R once resolved. */
export function alertText(e: AlertEvent): string {
  const lines = [`${STAGES[e.kind]}: ${e.symbol} ${e.side}`, `Entry ${price(e.entry_price)} · SL ${price(e.stop_loss)} · TP ${price(e.take_profit)}`];
  if (e.r_multiple !== null) lines.push(`Result: ${e.r_multiple >= 0 ? "+" : ""}${e.r_multiple.toFixed(2)} R`);
  return lines.join("\n");
}

/**
 * Sends the alert to the trader's linked chat. A chat that blocked the bot (403) or no longer exists is unlinked and
 * the alert counts as delivered (nothing left to deliver to); other failures throw so the dispatcher retries.
 */
export async function sendAlert(deps: ServerDeps, event: AlertEvent): Promise<"sent" | "unlinked" | "none"> {
  if (!telegramConfigured(deps.config)) return "none";
  const [link] = await deps.sql<{ chat_id: number }[]>`select chat_id from telegram_links where user_id = ${event.user_id}`;
  if (!link) return "none";
  const answer = await botCall(deps.config, "sendMessage", { chat_id: link.chat_id, text: alertText(event), disable_web_page_preview: true });
  if (answer.ok) return "sent";
  if (answer.error_code === 403 || (answer.error_code === 400 && /chat not found/i.test(answer.description))) {
    await deps.sql`delete from telegram_links where user_id = ${event.user_id} and chat_id = ${link.chat_id}`;
    deps.log.info("telegram chat unlinked", { user_id: event.user_id, reason: answer.description });
    return "unlinked";
  }
  throw new Error(`Telegram sendMessage failed: ${answer.error_code} ${answer.description}`);
}
