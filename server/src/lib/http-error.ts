// Typed HTTP errors thrown by services; the global handler turns them into JSON {detail, ...extra}.
export class HttpError extends Error {
  constructor(
    public status: number,
    public detail: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) => new HttpError(400, detail, extra);
export const unauthorized = (detail = "Not authenticated", extra?: Record<string, unknown>) => new HttpError(401, detail, extra);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = "Not found") => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    detail,
    retryAfterSeconds !== undefined ? { retry_after: retryAfterSeconds } : {},
    retryAfterSeconds !== undefined ? { "Retry-After": String(Math.ceil(retryAfterSeconds)) } : {},
  );
export const unavailable = (detail: string) => new HttpError(503, detail);
