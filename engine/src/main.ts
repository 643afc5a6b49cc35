// Engine process entry: market ingestion (leader only), the analysis worker and the outcome worker.
import { ingestionLeader, setProcessLabels } from "@core/metrics";
import { addCollector, countReconnects, watchPostgresPool, watchScheduledChecks } from "@core/metrics-collect";
import { startMetricsServer } from "@core/metrics-server";
import { loadConfig } from "@core/config";
import { createLogger } from "@core/log";
import { createRedis, redisKeys } from "@core/redis";
import { createMarketProvider } from "./market/providers";
import { startMarketIngestion } from "./market/ingest";
import { createSql } from "@core/db";
import { migrateForApp } from "@core/migrate";
import { startAnalysisWorker } from "./analysis/worker";
import { startOutcomeWorker } from "./outcomes/worker";
import { publishHourlySnapshot, redisSnapshotStore } from "./analysis/snapshot-store";

const config = loadConfig();
const log = createLogger("engine", config.LOG_LEVEL);
setProcessLabels("engine");
const redis = createRedis(config.REDIS_URL, { onReconnect: countReconnects("main") });
const keys = redisKeys(config.REDIS_PREFIX);
const provider = await createMarketProvider(config, redis);

const market = startMarketIngestion({ config, redis, keys, log, provider });
const sql = createSql(config.DATABASE_URL);
watchPostgresPool(sql);
watchScheduledChecks(sql);
addCollector("ingestion_leader", () => ingestionLeader.set(market.isLeader() ? 1 : 0));
const metricsServer = startMetricsServer(config, log);
await migrateForApp(config, sql, (m) => log.info(m));
const analysis = await startAnalysisWorker({ config, sql, redis, keys, log, provider });
const outcomes = await startOutcomeWorker({ config, sql, log, provider, redis, keys });

// Each closed hour the market leader publishes the cross-sectional signal snapshot every analysis reads.
const snapshots = redisSnapshotStore(redis, keys);
const hourly = setInterval(() => {
  if (!market.isLeader()) return;
  publishHourlySnapshot(provider, snapshots)
    .then(
      (r) =>
        r === "published" &&
        log.info("signal snapshot published", { hour: new Date(Math.floor(provider.now() / 3_600_000) * 3_600_000).toISOString() }),
    )
    .catch((err) => log.error("signal snapshot failed", { error: String(err) }));
}, 30_000);

log.info("engine started", { provider: provider.name, market_time: new Date(provider.now()).toISOString() });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("engine stopping", { signal });
  clearInterval(hourly);
  metricsServer?.stop();
  await market.stop();
  await Promise.all([analysis.close(), outcomes.close()]);
  await sql.end({ timeout: 2 }).catch(() => {});
  await redis.quit().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
