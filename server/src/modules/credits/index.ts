// GET /api/credits/usage (the balance endpoint lives in the accounts engineer's credits-balance module).
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { usageSchema } from "./model";
import { creditUsage } from "./service";

export const creditsModule = (deps: ServerDeps) =>
  new Elysia({ prefix: "/api/credits", tags: ["credits"] })
    .use(authPlugin(deps))
    .get("/usage", ({ user }) => creditUsage(deps.sql, user.id), {
      auth: true,
      response: { 200: usageSchema },
      detail: { summary: "My credits held, refunded and kept" },
    });
