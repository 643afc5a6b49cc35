// GET /api/signals (list with filters), /api/signals/stats (dashboard cards), /api/signals/{id}: the caller's own signals only.
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { conditionalRead } from "../../lib/conditional";
import { errorSchema, pageOf, signalFilters, signalSchema, statsSchema } from "./model";
import { getSignal, listSignals, signalStats, statsFreshUntil } from "./service";

export const signalsModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/signals", tags: ["signals"] })
    .use(authPlugin(deps))
    .get("/", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => listSignals(deps.sql, ctx.user.id, ctx.query)), {
      auth: true,
      query: signalFilters,
      response: {
        200: t.Union([
          t.Array(signalSchema),
          t.Composite([pageOf(signalSchema), t.Object({ issued: t.Number({ description: "LONG/SHORT among total" }) })]),
        ]),
        400: errorSchema,
      },
      detail: {
        summary: "My signals, newest first (also served without the trailing slash)",
        description: "A bare array of the newest `limit`; with `cursor` (empty for the first page) one page: {items, next_cursor, total}.",
      },
    })
    // Polled every 10 s by every dashboard: seven counting queries, so it answers 304 like the lists (its 7-day windows
    // slide with the clock: the tag carries when the answer next changes with it alone).
    .get("/stats", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => signalStats(deps.sql, ctx.user.id), { freshUntil: statsFreshUntil }), {
      auth: true,
      response: { 200: statsSchema },
      detail: { summary: "Dashboard stat cards with 7-day daily series (UTC days)" },
    })
    .get("/:id", ({ user, params }) => getSignal(deps.sql, user.id, params.id), {
      auth: true,
      params: t.Object({ id: t.String() }),
      response: { 200: signalSchema, 404: errorSchema },
      detail: { summary: "One of my signals" },
    });
