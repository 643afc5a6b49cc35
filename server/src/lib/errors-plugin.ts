// Global error model: every error body is JSON with `detail`; validation lists fields; unknown errors hide internals.
import { Elysia } from "elysia";
import type { Logger } from "@core/log";
import { HttpError } from "./http-error";

type FieldError = { field: string; message: string };

function validationFields(error: unknown): FieldError[] {
  const all = (error as { all?: Array<{ path?: string; summary?: string; message?: string }> }).all;
  if (!Array.isArray(all)) return [];
  return all.map((e) => ({
    field: (e.path ?? "").replace(/^\//, "").replace(/\//g, ".") || "body",
    message: e.summary ?? e.message ?? "is invalid",
  }));
}

export function errorsPlugin(log: Logger) {
  return new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, set, request, path }) => {
    set.headers["content-type"] = "application/json; charset=utf-8";
    if (error instanceof HttpError) {
      set.status = error.status;
      Object.assign(set.headers, error.headers);
      return { detail: error.detail, ...error.extra };
    }
    switch (code) {
      case "VALIDATION": {
        const fields = validationFields(error);
        set.status = 422;
        const summary = fields.map((f) => `${f.field}: ${f.message}`).join("; ");
        return { detail: summary ? `Invalid request: ${summary}` : "Invalid request", errors: fields };
      }
      case "PARSE":
        set.status = 400;
        return { detail: "Malformed request body: expected valid JSON" };
      case "NOT_FOUND":
        set.status = 404;
        return { detail: `Not found: ${request.method} ${path}` };
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 400;
        return { detail: "Invalid cookie" };
    }
    // Elysia's status() helper and thrown Responses carry their own status.
    const status = (error as { status?: number })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      set.status = status;
      const response = (error as { response?: unknown }).response;
      return { detail: typeof response === "string" ? response : "Request failed" };
    }
    log.error("unhandled error", { method: request.method, path, error: String((error as Error)?.stack ?? error) });
    set.status = 500;
    return { detail: "Internal server error" };
  });
}
