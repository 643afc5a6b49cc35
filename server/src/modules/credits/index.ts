// GET /api/credits/balance and /api/credits/usage: the signed-in user's balance and its totals from the ledger.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { conditionalRead } from "../../lib/conditional";
import { balanceSchema, usageSchema } from "./model";
import { creditBalance, creditUsage } from "./service";

export const creditsModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/credits", tags: ["credits"] })
    .use(authPlugin(deps))
    .get("/balance", ({ user }) => creditBalance(deps.sql, user.id), {
      auth: true,
      response: { 200: balanceSchema },
      detail: { summary: "Credit balance" },
    })
    .get("/usage", (ctx) => conditionalRead(deps, ctx, ctx.user.id, () => creditUsage(deps.sql, ctx.user.id)), {
      auth: true,
      response: { 200: usageSchema },
      detail: { summary: "My credits held, refunded and kept" },
    });
