// GET /api/results (the caller's track record: signals with outcomes, totals by month) and its CSV download.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { errorSchema, exportQuery, resultsSchema } from "./model";
import { results, resultsCsv } from "./service";

export const resultsModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/results", tags: ["results"] })
    .use(authPlugin(deps))
    .get("/", ({ user }) => results(deps.sql, user.id), {
      auth: true,
      response: { 200: resultsSchema },
      detail: {
        summary: "My LONG/SHORT signals with their stored outcomes, totals by UTC month of issue and overall",
        description: "A win is a closed signal with R above 0 after costs; time to outcome is on the market clock.",
      },
    })
    .get(
      "/export.csv",
      async ({ user, query, set }) => {
        const { csv, filename } = await resultsCsv(deps.sql, user.id, query.table);
        set.headers["content-type"] = "text/csv; charset=utf-8";
        set.headers["content-disposition"] = `attachment; filename="${filename}"`;
        return csv;
      },
      {
        auth: true,
        query: exportQuery,
        response: { 200: t.String({ description: "text/csv" }), 400: errorSchema },
        detail: { summary: "The results as CSV: table=signals (default) or months; the dashboard export's cell rules" },
      },
    );
