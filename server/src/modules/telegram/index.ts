// /api/telegram: link status, the deep-link start flow (POST /link) and unlinking (DELETE /link).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { errorSchema, linkResponse, statusResponse, unlinkResponse } from "./model";
import { createLinkToken, telegramStatus, unlinkTelegram } from "./service";

export { telegramChannel } from "./channel";
export { startTelegramPoller } from "./poller";

export const telegramModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/telegram", tags: ["telegram"] })
    .use(authPlugin(deps))
    .get("/", ({ user }) => telegramStatus(deps, user.id), {
      auth: true,
      response: { 200: statusResponse },
      detail: { summary: "Whether Telegram is configured and which chat my alerts go to" },
    })
    .post("/link", ({ user }) => createLinkToken(deps, user.id), {
      auth: true,
      response: { 200: linkResponse, 404: errorSchema },
      detail: { summary: "A one-time start token and its t.me deep link (404 telegram_not_configured when off)" },
    })
    .delete("/link", ({ user }) => unlinkTelegram(deps, user.id), {
      auth: true,
      response: { 200: unlinkResponse },
      detail: { summary: "Stop sending alerts to the linked chat" },
    });
