// The server's request metrics: one count and latency observation per API answer, by route template (never the raw path).
import { httpDuration, httpRequests, pgErrors } from "@core/infra/metrics";
import { unavailableDependency } from "@core/infra/unavailable";

/** Records one API answer; `route` is Elysia's matched template (e.g. /api/signals/:id), so ids never become labels. */
export function recordRequest(method: string, route: string | undefined, status: number, startedAt: number | undefined) {
  const labels = { method, route: route || "unmatched", status: String(status) };
  httpRequests.inc(labels);
  if (startedAt !== undefined) httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
}

/** Counts an error a handler raised when it came from Postgres (a query error or the database being unreachable). */
export function recordHandlerError(error: unknown) {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "PostgresError" || unavailableDependency(error) === "database") pgErrors.inc();
}
