// GET /api/signals/export.csv: the caller's signal history with outcomes as a CSV download (dashboard "Export CSV").
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { tooManyRequests } from "../../lib/http-error";
import { createLimiter } from "../../lib/rate-limit";
import { errorSchema, exportFilters } from "./model";
import { exportSignalsCsv } from "./service";

/** Exports per trader per minute, and at most one of theirs running at a time. */
export const EXPORTS_PER_MINUTE = 5;
/** Exports streaming at once per process: each holds a database connection while its client reads. */
export const MAX_EXPORTS_AT_ONCE = 4;
/** The per-trader lock outlives any export; a process that died holding it frees it by itself. */
const EXPORT_LOCK_SECONDS = 300;

export const signalExportModule = (deps: AppDeps) => {
  const perMinute = createLimiter(deps, { name: "signal-export", points: EXPORTS_PER_MINUTE, durationSeconds: 60 });
  let running = 0;
  /** Takes the trader's lock and a process slot; answers the release (idempotent), or throws 429. */
  const claim = async (userId: number) => {
    await perMinute.consume(String(userId), "Too many exports; try again in a minute");
    const lock = deps.keys.key(`signal-export:${userId}`);
    if ((await deps.redis.set(lock, "1", "EX", EXPORT_LOCK_SECONDS, "NX")) !== "OK")
      throw tooManyRequests("signal-export-running", "An export of yours is still running; wait for it to finish", 5);
    if (running >= MAX_EXPORTS_AT_ONCE) {
      await deps.redis.del(lock);
      throw tooManyRequests("signal-export-busy", "Exports are busy; try again in a few seconds", 5);
    }
    running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running--;
      deps.redis.del(lock).catch((err) => deps.log.warn("export lock release failed", { error: String(err) }));
    };
  };
  return new Elysia({ prefix: "/api/signals", tags: ["signals"] }).use(authPlugin(deps)).get(
    "/export.csv",
    async ({ user, query }) => {
      const release = await claim(user.id);
      try {
        const { stream, filename } = await exportSignalsCsv(deps.sql, user.id, query, new Date(), release);
        return new Response(stream, {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` },
        });
      } catch (err) {
        release();
        throw err;
      }
    },
    {
      auth: true,
      query: exportFilters,
      response: { 200: t.String({ description: "text/csv" }), 400: errorSchema, 429: errorSchema },
      detail: {
        summary: "My signals with outcomes as CSV (dashboard filters: symbol, type, range)",
        description:
          "Newest first, one row per signal (NO_TRADE included); text cells starting with = + - @ are prefixed with '. " +
          `Streamed; one export per trader at a time, ${EXPORTS_PER_MINUTE} a minute (429 beyond).`,
      },
    },
  );
};
