// Typed HTTP errors thrown by services; the global handler turns them into JSON {detail, code, ...extra}.
import { type ErrorCode, isErrorCode } from "@core/contract/errors";

export class HttpError extends Error {
  constructor(
    public status: number,
    public detail: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
    /** The cap that refused (429 only): tradewind_rate_limit_refusals_total counts the answer under it. */
    public limiter?: string,
  ) {
    super(detail);
  }

  /** The machine-readable code clients branch on (the detail is for people and may be reworded). */
  get code(): ErrorCode {
    return isErrorCode(this.extra.code) ? this.extra.code : errorCode(this.status);
  }

  withCode(code: ErrorCode): this {
    this.extra = { ...this.extra, code };
    return this;
  }
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  422: "validation_failed",
  429: "rate_limited",
  503: "unavailable",
};

/** The generic code of a status, for errors without a more specific one. */
export const errorCode = (status: number): ErrorCode => CODE_BY_STATUS[status] ?? (status >= 500 ? "internal_error" : "request_failed");

/** A path as quoted in an error detail: a 1 MB path must not come back as a 1 MB answer. */
export const shortPath = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}…` : path);

export const badRequest = (detail: string, extra?: Record<string, unknown>) => new HttpError(400, detail, extra);
export const unauthorized = (detail = "Not authenticated", extra?: Record<string, unknown>) => new HttpError(401, detail, extra);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = "Not found") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
/** A refusal by the cap named `limiter` (required, so no 429 goes unlabelled in the refusals metric). */
export const tooManyRequests = (limiter: string, detail: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    detail,
    retryAfterSeconds !== undefined ? { retry_after: retryAfterSeconds } : {},
    retryAfterSeconds !== undefined ? { "Retry-After": String(Math.ceil(retryAfterSeconds)) } : {},
    limiter,
  );
export const unavailable = (detail: string) => new HttpError(503, detail);
