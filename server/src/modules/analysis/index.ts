// /api/analysis/*: start an analysis (holds 1 credit) and read the caller's own analyses, progress and reasoning.
import { Elysia, t } from "elysia";
import { MAX_ACTIVE_ANALYSES, createAnalysisQueue } from "@core/queues/analysis-queue";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { conditionalRead } from "../../lib/conditional";

/** A running analysis moves with the clock (progress, countdown): an answer holding one is never confirmed by a 304. */
const settled = (data: { status: string }[] | { items: { status: string }[] }) =>
  !(Array.isArray(data) ? data : data.items).some((a) => a.status === "IN_PROGRESS");
import {
  analysisDetailSchema,
  analysisSchema,
  errorSchema,
  historyQuery,
  idParams,
  latestReasoningSchema,
  limitQuery,
  pageOf,
  startBody,
  startResponse,
} from "./model";
import { analysisDetail, getAnalysis, latestReasoning, listActive, listHistory, startAnalysis } from "./service";

export const analysisModule = (deps: AppDeps) => {
  // Shares the app's Redis connection: the queue only adds jobs, it never blocks.
  const queue = createAnalysisQueue(deps.config, deps.redis);
  const notFound = { 404: errorSchema };
  return new Elysia({ prefix: "/api/analysis", tags: ["analysis"] })
    .use(authPlugin(deps))
    .post(
      "/start",
      ({ user, body, request }) =>
        startAnalysis(deps, queue, user.id, { symbol: body.symbol, idempotencyKey: request.headers.get("idempotency-key") }),
      {
        auth: true,
        body: startBody,
        response: { 200: startResponse, 400: errorSchema, 402: errorSchema, 409: errorSchema, 429: errorSchema },
        detail: {
          summary: "Start an analysis (holds 1 credit)",
          description:
            `One transaction debits 1 credit and creates the request; phase 1 is queued. 402 without credits, ` +
            `429 when ${MAX_ACTIVE_ANALYSES} analyses are already running. An Idempotency-Key header makes retries ` +
            `return the first answer with a single debit.`,
        },
      },
    )
    .get("/active", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => listActive(deps.sql, ctx.user.id), { stable: settled }), {
      auth: true,
      response: { 200: t.Array(analysisSchema) },
      detail: { summary: "My running analyses (an empty list when none)" },
    })
    .get("/history", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => listHistory(deps.sql, ctx.user.id, ctx.query), { stable: settled }), {
      auth: true,
      query: historyQuery,
      response: { 200: t.Union([t.Array(analysisSchema), pageOf(analysisSchema)]), 400: errorSchema },
      detail: {
        summary: "All my analyses, newest first (limit 1..500, default 50)",
        description: "A bare array of the newest `limit`; with `cursor` (empty for the first page) one page: {items, next_cursor, total}.",
      },
    })
    .get("/detail/:id", ({ user, params }) => analysisDetail(deps.sql, user.id, params.id), {
      auth: true,
      params: idParams,
      response: { 200: analysisDetailSchema, ...notFound },
      detail: { summary: "An analysis with its final signal and every phase's reasoning" },
    })
    .get("/detail/:id/latest-reasoning", ({ user, params, query }) => latestReasoning(deps.sql, user.id, params.id, query.limit), {
      auth: true,
      params: idParams,
      query: limitQuery,
      response: { 200: latestReasoningSchema, 400: errorSchema, ...notFound },
      detail: { summary: "Same as /{id}/latest-reasoning" },
    })
    .get("/:id", ({ user, params }) => getAnalysis(deps.sql, user.id, params.id), {
      auth: true,
      params: idParams,
      response: { 200: analysisSchema, ...notFound },
      detail: { summary: "One of my analyses" },
    })
    .get("/:id/latest-reasoning", ({ user, params, query }) => latestReasoning(deps.sql, user.id, params.id, query.limit), {
      auth: true,
      params: idParams,
      query: limitQuery,
      response: { 200: latestReasoningSchema, 400: errorSchema, ...notFound },
      detail: { summary: "The newest phase's reasoning; limit caps full_reasoning in characters (default 900)" },
    });
};
