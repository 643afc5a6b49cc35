// Engine process entry: market ingestion (leader only), the analysis worker and the outcome worker.
import { ingestionLeader, setProcessLabels } from "@core/infra/metrics";
import { addCollector, countReconnects, watchPostgresPool, watchScheduledChecks } from "@core/infra/metrics-collect";
import { startMetricsServer } from "@core/infra/metrics-server";
import { loadConfig } from "@core/infra/config";
import { createLogger } from "@core/infra/log";
import { createRedis, redisKeys } from "@core/infra/redis";
import { createMarketProvider } from "./market/providers";
import { startMarketIngestion } from "./market/ingest";
import { createSql } from "@core/infra/db";
import { migrateForApp } from "@core/infra/migrate";
import { startAnalysisWorker } from "./analysis/worker";
import { startOutcomeWorker } from "./outcomes/worker";
import { publishHourlySnapshot, redisSnapshotStore } from "./analysis/snapshot-store";
import { seedVersions } from "./learning/seed";
import { createModelChooser } from "./learning/chooser";
import { startModelWorker } from "./learning/worker";
import { watchChampionAge } from "./learning/metrics";

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
// The walk-forward's fold models, each champion from its own trained_at; analyses use the one trained before their clock.
await seedVersions(sql, log);
const models = createModelChooser({ sql, maxAgeDays: config.MODEL_MAX_AGE_DAYS });
watchChampionAge(sql, provider);
const analysis = await startAnalysisWorker({ config, sql, redis, keys, log, provider, models });
const outcomes = await startOutcomeWorker({ config, sql, log, provider, redis, keys });
// The candle store and the scheduled refit (ingestion leader only); MODEL_RETRAIN_DAYS=0 turns both off.
const learning =
  config.MODEL_RETRAIN_DAYS > 0 ? await startModelWorker({ config, sql, log, provider, isLeader: () => market.isLeader(), chooser: models }) : null;

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
  await Promise.all([analysis.close(), outcomes.close(), learning?.close()]);
  await sql.end({ timeout: 2 }).catch(() => {});
  await redis.quit().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
