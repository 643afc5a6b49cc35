// GET /metrics on the public port: exists only with METRICS_TOKEN set (then a bearer token is required); METRICS_PORT is the other way in.
import { Elysia } from "elysia";
import { metricsResponse } from "@core/infra/metrics-server";
import type { AppDeps } from "../../deps";

export const metricsModule = (deps: AppDeps) =>
  new Elysia({ tags: ["metrics"] }).get(
    "/metrics",
    ({ request, set }) => {
      const token = deps.config.METRICS_TOKEN;
      // No token: the public origin has no metrics at all, the same answer as any unknown path.
      if (!token) {
        set.status = 404;
        return { detail: "Not found: GET /metrics", code: "not_found" };
      }
      return metricsResponse(request, token);
    },
    { detail: { hide: true } },
  );
