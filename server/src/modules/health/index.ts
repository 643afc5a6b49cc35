// Liveness and readiness probes for load balancers and orchestrators.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { readiness } from "./service";

export const healthModule = (deps: ServerDeps) =>
  new Elysia({ prefix: "/api", tags: ["health"] })
    .get("/health", () => ({ status: "ok" }), { detail: { summary: "Liveness: the process answers" } })
    .get(
      "/ready",
      async ({ set }) => {
        const result = await readiness(deps);
        if (result.status !== "ready") set.status = 503;
        return result;
      },
      { detail: { summary: "Readiness: Postgres and Redis reachable" } },
    );
