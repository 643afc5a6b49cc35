// Serves /metrics on its own port (METRICS_PORT, loopback unless METRICS_HOST) and decides who may read it anywhere.
import { timingSafeEqual } from "node:crypto";
import type { Config } from "./config";
import type { Logger } from "./log";
import { metricsContentType } from "./metrics";
import { scrape } from "./metrics-collect";

type MetricsConfig = Pick<Config, "METRICS_PORT" | "METRICS_HOST" | "METRICS_TOKEN">;

/** True when the request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). */
export function bearerMatches(request: Request, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** One scrape as an HTTP answer; 401 when a token is configured and the request lacks it. */
export async function metricsResponse(request: Request, token: string | undefined): Promise<Response> {
  if (token && !bearerMatches(request, token))
    return new Response("metrics need Authorization: Bearer <METRICS_TOKEN>\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  return new Response(await scrape(), { headers: { "content-type": metricsContentType, "cache-control": "no-store" } });
}

/**
 * The metrics listener, when METRICS_PORT is set: only GET /metrics, on METRICS_HOST (default 127.0.0.1, so a
 * Prometheus on another host needs it set, e.g. to the container's address), behind METRICS_TOKEN when that is set.
 */
export function startMetricsServer(config: MetricsConfig, log: Logger): { stop: () => void } | null {
  if (config.METRICS_PORT === undefined) return null;
  const server = Bun.serve({
    port: config.METRICS_PORT,
    hostname: config.METRICS_HOST,
    fetch: (request) =>
      new URL(request.url).pathname === "/metrics" && request.method === "GET"
        ? metricsResponse(request, config.METRICS_TOKEN)
        : new Response("not found\n", { status: 404 }),
  });
  log.info("metrics listening", { url: `http://${config.METRICS_HOST}:${server.port}/metrics`, token: Boolean(config.METRICS_TOKEN) });
  return { stop: () => void server.stop(true) };
}
