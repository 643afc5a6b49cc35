// Request/response shapes of the results module: the track record (core/contract/results.ts) and its CSV's query.
import { t } from "elysia";

export { resultsSchema } from "@core/contract/results";

export const RESULT_TABLES = ["signals", "months"] as const;

export const exportQuery = t.Object({
  table: t.Optional(t.String({ description: "signals (default): one row per signal; months: the totals by month" })),
});

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });
