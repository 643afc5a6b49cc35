// The model version serving at the market clock (or one named): its meta, age in market days and forward record.
import { replayAnchor, sharedReplayClock } from "@core/market/market-replay";
import { ageDays, forwardRecord, getVersion, versionAt } from "@core/model/versions";
import type { ServerDeps } from "../../deps";
import { badRequest, HttpError } from "../../lib/http-error";
import type { PublicModel } from "./model";

const iso = (ms: number) => new Date(ms).toISOString();
const MAX_VERSION_LENGTH = 120;

export type MarketClock = () => Promise<number>;

/** Market time as the engine sees it: the replay's clock (anchored in Redis, shared by every process) or wall time. */
export function marketClock(deps: Pick<ServerDeps, "config" | "redis" | "keys">): MarketClock {
  if (deps.config.MARKET_PROVIDER === "binance") return async () => Date.now();
  let clock: ReturnType<typeof sharedReplayClock> | null = null;
  return async () => {
    if (!clock) {
      const made = sharedReplayClock(deps.config, () => replayAnchor(deps.redis, deps.keys));
      // A failed anchor read (Redis down) is retried on the next request.
      made.catch(() => {
        if (clock === made) clock = null;
      });
      clock = made;
    }
    return (await clock).now();
  };
}

export function modelService(deps: Pick<ServerDeps, "config" | "sql">, clock: MarketClock) {
  return async (query: { version?: string }): Promise<PublicModel> => {
    const name = query.version?.trim();
    if (name !== undefined && (!name || name.length > MAX_VERSION_LENGTH))
      throw badRequest(`version must be a version name of 1 to ${MAX_VERSION_LENGTH} characters`);
    const now = await clock();
    const v = name ? await getVersion(deps.sql, name) : await versionAt(deps.sql, now);
    if (!v) {
      const detail = name ? `No model version named '${name}'` : `No model version serves at the market time ${iso(now)}`;
      throw new HttpError(404, detail).withCode("model_version_not_found");
    }
    const forward = await forwardRecord(deps.sql, v.version, v.promoted_at);
    return {
      version: v.version,
      trained_through: iso(v.trained_through),
      trained_at: iso(v.trained_at),
      age_days: Math.round(ageDays(v, now) * 100) / 100,
      max_age_days: deps.config.MODEL_MAX_AGE_DAYS,
      status: v.status,
      source: v.source,
      family: v.family,
      horizon_hours: v.horizon_hours,
      oof: v.oof,
      forward: {
        since: forward.since === null ? null : iso(forward.since),
        signals: forward.signals,
        closed: forward.closed,
        expectancy_r: forward.expectancy_r,
        excess_vs_always_long: forward.excess_vs_always_long,
      },
    };
  };
}
