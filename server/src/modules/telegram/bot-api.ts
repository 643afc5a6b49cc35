// A minimal Telegram Bot API client (getMe, getUpdates, sendMessage) against TELEGRAM_API_URL.
import type { Config } from "@core/infra/config";

export type BotConfig = Pick<Config, "TELEGRAM_BOT_TOKEN" | "TELEGRAM_BOT_USERNAME" | "TELEGRAM_API_URL">;

export type BotAnswer<T> = { ok: true; result: T } | { ok: false; error_code: number; description: string };

export type TelegramUpdate = {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; type: string };
    from?: { username?: string; first_name?: string };
  };
};

/** Telegram is on only with both the token and the bot's username (config.ts refuses one without the other). */
export const telegramConfigured = (config: BotConfig): config is BotConfig & { TELEGRAM_BOT_TOKEN: string; TELEGRAM_BOT_USERNAME: string } =>
  Boolean(config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_USERNAME);

/**
 * Calls one Bot API method. Telegram answers errors as JSON with ok=false (403 blocked, 429 slow down, 400 bad chat);
 * those come back as values. Network failures and non-JSON answers throw.
 */
export async function botCall<T>(
  config: BotConfig,
  method: string,
  params: Record<string, unknown>,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<BotAnswer<T>> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const base = config.TELEGRAM_API_URL.replace(/\/+$/, "");
  const res = await fetch(`${base}/bot${config.TELEGRAM_BOT_TOKEN}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
    signal: opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout,
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as BotAnswer<T>;
  } catch {
    // Never echo the URL: it carries the bot token.
    throw new Error(`Telegram ${method}: HTTP ${res.status}, not JSON`);
  }
}
