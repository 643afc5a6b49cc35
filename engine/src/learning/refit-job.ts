// The scheduled refit on the ingestion leader: store candles, and once the champion is MODEL_RETRAIN_DAYS old, refit and gate.
import { join } from "node:path";
import { tmpdir } from "node:os";
import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { Config } from "@core/infra/config";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import { modelRefits } from "@core/infra/metrics";
import { versionAt } from "@core/model/versions";
import { type ModelVersion, modelVersionMetaSchema, parseModelParams } from "../analysis/model/version";
import type { MarketProvider } from "../market/providers/types";
import { seedCandleStore, storeRecentCandles } from "./candle-store";
import type { ModelChooser } from "./chooser";
import { gateChallenger } from "./gate";

const DAY = 86_400_000;
export const REFIT_CHILD = join(import.meta.dir, "refit-child.ts");
/** A refit taking longer than this is killed and counted as failed. */
const REFIT_TIMEOUT_MS = 3 * 3_600_000;

export type Refit = (clock: number) => Promise<ModelVersion | null>;

/** Runs refit-child.ts in its own process (off this event loop) and reads back its version, checked like a seed file. */
export function refitInChild(config: Pick<Config, "DATABASE_URL">, preset = "full"): Refit {
  return async (clock) => {
    const out = join(tmpdir(), `tradewind-refit-${randomUUID()}.json`);
    try {
      const proc = Bun.spawn(["bun", REFIT_CHILD, String(clock), out], {
        env: { ...process.env, DATABASE_URL: config.DATABASE_URL, REFIT_PRESET: preset },
        stdout: "ignore",
        stderr: "pipe",
        timeout: REFIT_TIMEOUT_MS,
      });
      const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
      if (code !== 0) throw new Error(`refit process exited ${code}: ${err.trim().split("\n").slice(-3).join(" | ").slice(0, 500)}`);
      const raw = (await Bun.file(out).json()) as ({ params: unknown } & Record<string, unknown>) | null;
      if (raw === null) return null;
      return { ...modelVersionMetaSchema.parse(raw), params: parseModelParams(raw.params) };
    } finally {
      rmSync(out, { force: true });
    }
  };
}

export type RefitDeps = {
  config: Pick<Config, "MODEL_RETRAIN_DAYS" | "MODEL_MAX_AGE_DAYS" | "DATABASE_URL" | "MARKET_PROVIDER">;
  sql: Sql;
  log: Logger;
  provider: MarketProvider;
  isLeader: () => boolean;
  chooser?: ModelChooser;
  refit?: Refit;
};

export type ModelJobs = ReturnType<typeof createModelJobs>;

/** The two handlers of the 'models' queue; state (store seeded, last attempt) is this process's, as the leader's. */
export function createModelJobs(deps: RefitDeps) {
  const { config, sql, log, provider } = deps;
  const refit = deps.refit ?? refitInChild(config);
  let storeReady = false;
  let lastAttempt: number | null = null;

  /** Leader only: the replay's record up to its clock once, then each pass the last closed hours. */
  async function storeCandlesJob() {
    if (!deps.isLeader()) return "not_leader";
    if (!storeReady && config.MARKET_PROVIDER === "replay") await seedCandleStore(sql, provider, log);
    else await storeRecentCandles(sql, provider);
    storeReady = true;
    return "stored";
  }

  /**
   * Leader only, hourly: refits when the champion at the market clock is MODEL_RETRAIN_DAYS old (or there is none),
   * at most once per MODEL_RETRAIN_DAYS of market time whatever the result, so a rejected refit is not retried hourly.
   */
  async function refitCheckJob(): Promise<string> {
    const every = config.MODEL_RETRAIN_DAYS * DAY;
    if (!every) return "off";
    if (!deps.isLeader()) return "not_leader";
    if (!storeReady) return "store_not_ready";
    const clock = provider.now();
    const champion = await versionAt(sql, clock);
    if (champion && clock - champion.trained_at < every) return "fresh";
    if (lastAttempt !== null && Math.abs(clock - lastAttempt) < every) return "waiting";
    lastAttempt = clock;
    log.info("model refit started", { clock: new Date(clock).toISOString(), champion: champion?.version ?? null });
    let challenger: ModelVersion | null;
    try {
      challenger = await refit(clock);
    } catch (err) {
      modelRefits.inc({ result: "failed" });
      log.error("model refit failed", { error: String((err as Error).message ?? err).slice(0, 500) });
      return "failed";
    }
    if (!challenger) {
      modelRefits.inc({ result: "no_challenger" });
      log.warn("model refit found no challenger (too little history, or no bar on its inner window)");
      return "no_challenger";
    }
    const gate = await gateChallenger(sql, challenger, clock, config.MODEL_MAX_AGE_DAYS);
    modelRefits.inc({ result: gate.result === "exists" ? "no_challenger" : gate.result });
    deps.chooser?.refresh();
    log.info(`model refit ${gate.result}`, { version: challenger.version, reason: gate.reason });
    return gate.result;
  }

  return { storeCandlesJob, refitCheckJob, isStoreReady: () => storeReady };
}
