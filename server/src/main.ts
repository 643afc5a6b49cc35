// Server process entry: config, connections, migrations, then the API, the socket and the web app on one port.
import { setProcessLabels } from "@core/infra/metrics";
import { countReconnects, watchPostgresPool } from "@core/infra/metrics-collect";
import { startMetricsServer } from "@core/infra/metrics-server";
import { loadConfig } from "@core/infra/config";
import { createSql } from "@core/infra/db";
import { migrateForApp } from "@core/infra/migrate";
import { createRedis, redisKeys } from "@core/infra/redis";
import { createLogger } from "@core/infra/log";
import { listenUserChanges } from "@core/infra/user-version";
import { createApp, HARD_BODY_BYTES } from "./app";
import { startMarketSocket } from "./modules/market/socket";
import { MAX_WS_PAYLOAD_BYTES } from "./modules/market/socket-limits";
import { startWebhookWorker } from "./modules/webhooks";
import { startTelegramPoller } from "./modules/telegram";
import { startAlertDispatcher } from "./modules/alerts/dispatcher";
import webApp from "../../web/index.html";

const config = loadConfig();
const log = createLogger("server", config.LOG_LEVEL);
setProcessLabels("server");
const sql = createSql(config.DATABASE_URL);
const redis = createRedis(config.REDIS_URL, { onReconnect: countReconnects("main") });
watchPostgresPool(sql);
const metricsServer = startMetricsServer(config, log);
const keys = redisKeys(config.REDIS_PREFIX);
// Signals are handled from here on: a SIGTERM during start-up (a pod replaced while starting) waits for the start to
// finish and then drains, instead of killing the process with its sockets open (clients then saw 1006, not the hint).
let startedUp: () => void = () => {};
const started = new Promise<void>((resolve) => (startedUp = resolve));
let stopping = false;
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

await migrateForApp(config, sql, (m) => log.info(m));

// Everything outside /api and /ws is the single-page app; the client router decides what to show.
const app = createApp({ config, sql, redis, keys, log }, { webApp }).listen({
  port: config.PORT,
  hostname: config.HOST,
  maxRequestBodySize: HARD_BODY_BYTES,
  // Bun enforces the frame limit only from here (an option on the Elysia route is never passed to Bun).
  websocket: { maxPayloadLength: MAX_WS_PAYLOAD_BYTES },
  development: !config.isProduction && config.NODE_ENV !== "test",
} as never);

const stopMarketSocket = await startMarketSocket({ redis, keys, log }, app.server!);
// Alert delivery: webhook jobs are consumed by every server; the Telegram poller runs in the elected one.
const webhookWorker = startWebhookWorker({ config, sql, redis, keys, log });
const telegramPoller = startTelegramPoller({ config, sql, redis, keys, log });
// Alerts: every server runs the dispatcher; the queue's repeatable job and SKIP LOCKED claims send each alert once.
const alertDispatcher = await startAlertDispatcher({ config, sql, redis, keys, log });
// Credit changes made anywhere (the admin CLI, the engine, a script) reach the user's cached version and sockets.
const stopUserChangeListener = await listenUserChanges({ sql, redis, keys, log });
log.info("server listening", { url: `http://localhost:${app.server?.port}`, env: config.NODE_ENV });

startedUp();

async function shutdown() {
  if (stopping) return;
  stopping = true;
  await started;
  log.info("server stopping");
  metricsServer?.stop();
  await stopMarketSocket();
  await alertDispatcher.stop();
  await stopUserChangeListener().catch(() => {});
  await Promise.allSettled([webhookWorker.close(), telegramPoller.stop()]);
  await app.stop();
  await Promise.allSettled([sql.end({ timeout: 2 }), redis.quit()]);
  process.exit(0);
}
