// GET /api/signals/export.csv: the caller's signal history with outcomes as a CSV download (dashboard "Export CSV").
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { errorSchema, exportFilters } from "./model";
import { exportSignalsCsv } from "./service";

export const signalExportModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/signals", tags: ["signals"] }).use(authPlugin(deps)).get(
    "/export.csv",
    async ({ user, query, set }) => {
      const { csv, filename } = await exportSignalsCsv(deps.sql, user.id, query);
      set.headers["content-type"] = "text/csv; charset=utf-8";
      set.headers["content-disposition"] = `attachment; filename="${filename}"`;
      return csv;
    },
    {
      auth: true,
      query: exportFilters,
      response: { 200: t.String({ description: "text/csv" }), 400: errorSchema },
      detail: {
        summary: "My signals with outcomes as CSV (dashboard filters: symbol, type, range)",
        description: "Newest first, one row per signal (NO_TRADE included); text cells starting with = + - @ are prefixed with '.",
      },
    },
  );
