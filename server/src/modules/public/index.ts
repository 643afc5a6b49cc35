// GET /api/public/live and /api/public/track-record: signed-out figures for the landing page, no user data.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { liveSchema, trackRecordSchema } from "./model";
import { publicLive, trackRecord } from "./service";

export const publicModule = (deps: ServerDeps) =>
  new Elysia({ prefix: "/api/public", tags: ["public"] })
    .get("/live", () => publicLive(deps.sql), {
      response: { 200: liveSchema },
      detail: { summary: "Counts of signals and running analyses, plus up to 3 live analyses (no user data)" },
    })
    .get("/track-record", () => trackRecord(deps.sql), {
      response: { 200: trackRecordSchema },
      detail: { summary: "Measured figures: the model's backtest and the outcomes of stored signals" },
    });
