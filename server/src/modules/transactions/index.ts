// GET /api/transactions: the caller's credit ledger (an empty list, never 404, when there is none).
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { conditionalRead } from "../../lib/conditional";
import { errorSchema } from "../signals/model";
import { transactionSchema, transactionsQuery } from "./model";
import { listTransactions } from "./service";

export const transactionsModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/transactions", tags: ["credits"] })
    .use(authPlugin(deps))
    .get("/", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => listTransactions(deps.sql, ctx.user.id, ctx.query.limit)), {
      auth: true,
      query: transactionsQuery,
      response: { 200: t.Array(transactionSchema), 400: errorSchema },
      detail: { summary: "My credit transactions, newest first" },
    });
