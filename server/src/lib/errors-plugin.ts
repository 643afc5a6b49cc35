// Global error model: every error body is JSON with `detail` and a machine `code`; validation lists fields; unknown errors hide internals.
import type { ErrorCode } from "@core/contract/errors";
import { Elysia } from "elysia";
import type { Logger } from "@core/infra/log";
import { rateLimited } from "@core/infra/metrics";
import { unavailableDependency, type Dependency } from "@core/infra/unavailable";
import { errorCode, HttpError, shortPath } from "./http-error";

type FieldError = { field: string; message: string };

/** Postgres error codes raised by a NUL character in a text or jsonb value. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

function validationFields(error: unknown): FieldError[] {
  const all = (error as { all?: Array<{ path?: string; summary?: string; message?: string }> }).all;
  if (!Array.isArray(all)) return [];
  return all.map((e) => ({
    field: (e.path ?? "").replace(/^\//, "").replace(/\//g, ".") || "body",
    message: e.summary ?? e.message ?? "is invalid",
  }));
}

/** Seconds a client should wait before retrying while Postgres or Redis is down (both come back within seconds). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

const UNAVAILABLE: Record<Dependency, { detail: string; code: ErrorCode }> = {
  database: { detail: "The database is temporarily unavailable. Try again in a few seconds.", code: "database_unavailable" },
  redis: { detail: "Live data (cache and job queue) is temporarily unavailable. Try again in a few seconds.", code: "redis_unavailable" },
};

export function errorsPlugin(log: Logger) {
  return new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, set, request, path }) => {
    set.headers["content-type"] = "application/json; charset=utf-8";
    if (error instanceof HttpError) {
      set.status = error.status;
      // Counted here, where the answer is written: every cap's refusal (Redis limiters, cooldowns, the socket cap)
      // is in the metric, and a 429 made but never sent is not.
      if (error.status === 429) rateLimited.inc({ limiter: error.limiter ?? "unlabelled" });
      Object.assign(set.headers, error.headers);
      return { detail: error.detail, ...error.extra, code: error.code };
    }
    switch (code) {
      case "VALIDATION": {
        const fields = validationFields(error);
        set.status = 422;
        const summary = fields.map((f) => `${f.field}: ${f.message}`).join("; ");
        return { detail: summary ? `Invalid request: ${summary}` : "Invalid request", code: "validation_failed", errors: fields };
      }
      case "PARSE":
        set.status = 400;
        return { detail: "Malformed request body: expected valid JSON", code: "malformed_json" };
      case "NOT_FOUND":
        set.status = 404;
        return { detail: `Not found: ${request.method} ${shortPath(path)}`, code: "not_found" };
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 400;
        return { detail: "Invalid cookie", code: "invalid_cookie" };
    }
    // Postgres cannot store a NUL character in text (SQLSTATE 22021; 22P05 inside jsonb): the input is at fault.
    if (UNSTORABLE_TEXT.has(String((error as { code?: unknown })?.code))) {
      set.status = 400;
      return { detail: "Invalid request: text must not contain NUL characters", code: "invalid_text" };
    }
    // Elysia's status() helper and thrown Responses carry their own status.
    const status = (error as { status?: number })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      set.status = status;
      const response = (error as { response?: unknown }).response;
      return { detail: typeof response === "string" ? response : "Request failed", code: errorCode(status) };
    }
    // A dependency that is down is an outage, not a bug: 503 with a reason the client can show, and one warn line.
    const down = unavailableDependency(error);
    if (down) {
      log.warn("dependency unavailable", { method: request.method, path, dependency: down, error: String((error as Error)?.message ?? error) });
      set.status = 503;
      set.headers["retry-after"] = String(UNAVAILABLE_RETRY_SECONDS);
      return UNAVAILABLE[down];
    }
    log.error("unhandled error", { method: request.method, path, error: String((error as Error)?.stack ?? error) });
    set.status = 500;
    return { detail: "Internal server error", code: "internal_error" };
  });
}
