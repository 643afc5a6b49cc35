// Response shapes of the Telegram module.
import { t } from "elysia";

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });

export const statusResponse = t.Object({
  configured: t.Boolean({ description: "false when the server has no bot (TELEGRAM_BOT_TOKEN unset)" }),
  bot_username: t.Nullable(t.String()),
  linked: t.Boolean(),
  chat: t.Nullable(t.Object({ username: t.Nullable(t.String()), first_name: t.Nullable(t.String()), linked_at: t.String() })),
});

export const linkResponse = t.Object({
  token: t.String({ description: "One-time start token, valid 10 minutes" }),
  url: t.String({ description: "https://t.me/<bot>?start=<token>: opening it sends /start <token> to the bot" }),
  expires_at: t.String(),
});

export const unlinkResponse = t.Object({ linked: t.Boolean(), detail: t.String() });
