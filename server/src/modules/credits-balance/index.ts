// GET /api/credits/balance: the signed-in user's credit balance (refetched by the client on window focus).
import { Elysia, t } from "elysia";
import type { ServerDeps } from "../../deps";
import { authPlugin } from "../../lib/auth";
import { notFound } from "../../lib/http-error";

export const creditsBalanceModule = (deps: ServerDeps) =>
  new Elysia({ prefix: "/api/credits", tags: ["credits"] }).use(authPlugin(deps)).get(
    "/balance",
    async ({ user }) => {
      const [row] = await deps.sql`select credits from users where id = ${user.id}`;
      if (!row) throw notFound("User not found");
      return { credits: row.credits as number };
    },
    { auth: true, response: { 200: t.Object({ credits: t.Number() }) }, detail: { summary: "Credit balance" } },
  );
