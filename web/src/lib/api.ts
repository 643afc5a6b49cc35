// Request layer (spec 01 §7, §8): cookies, JSON, Bearer token, one refresh-and-retry on 401, exact error texts.
import { type ErrorCode, isErrorCode } from "@core/contract/errors";
import { resolveApiUrl } from "./api-host";
import { clearSession, getAccessToken, isExpiredOrUnknown, refreshAccessToken } from "./session";
import { QUERY_TIMEOUT_MS, withTimeout } from "./timeout";

/** An HTTP failure; `message` follows spec 01 §8, `status` and `body` let callers map server texts. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly statusText: string;
  constructor(message: string, status: number, body: string, statusText = "") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.statusText = statusText;
  }
  /** The server's machine code (`code` beside `detail`), when it sent one: branch on this, not on the wording. */
  get code(): ErrorCode | null {
    const body = this.json;
    const code = body && typeof body === "object" ? (body as { code?: unknown }).code : null;
    return isErrorCode(code) ? code : null;
  }
  /** The parsed JSON body, when the server sent JSON. */
  get json(): unknown {
    try {
      return JSON.parse(this.body);
    } catch {
      return undefined;
    }
  }
}

// Error texts, exported so callers and tests share one definition.
export const requestFailureMessage = (status: number, statusText: string, body: string) => `${status}: ${body || statusText}`;
export const queryFailureMessage = (status: number, statusText: string, body: string) => `${status}: ${statusText} - ${body.slice(0, 500)}`;
export const nonJsonMessage = (contentType: string | null, body: string) =>
  `Expected JSON response but got '${contentType || "unknown"}': ${body.slice(0, 500)}`;
export const invalidJsonMessage = (parseError: string, body: string) => `Invalid JSON response: ${parseError}: ${body.slice(0, 1000)}`;

/** Per-call options: spec 01 §7 sends forgot and reset without credentials ("omit"); everything else includes cookies. */
export type RequestOptions = { credentials?: RequestCredentials };
type Init = { method: string; body?: unknown; headers?: Record<string, string>; signal: AbortSignal } & RequestOptions;

function buildInit({ method, body, headers: extra, signal, credentials = "include" }: Init, token: string | null): RequestInit {
  const headers: Record<string, string> = { ...extra, Accept: "application/json" };
  // "omit" means no credentials of any kind: neither cookies nor the bearer token.
  if (token && credentials !== "omit") headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    // Form data carries its own multipart boundary; only plain values are sent as JSON.
    if (typeof FormData !== "undefined" && body instanceof FormData) payload = body;
    else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  return { method, headers, body: payload, credentials, signal };
}

// Auth endpoints answer 401 for bad credentials or a pending device; refreshing there would only loop.
const isAuthPath = (path: string) => /^\/api\/auth\//.test(path);

/** Sends once, and on a 401 with a token held refreshes (single-flight) and retries once with the new token. */
async function send(path: string, init: Init): Promise<Response> {
  const url = resolveApiUrl(path);
  const token = getAccessToken();
  const res = await fetch(url, buildInit(init, token));
  if (res.status !== 401 || !token || isAuthPath(path)) return res;
  const fresh = await refreshAccessToken();
  if (!fresh) {
    if (isExpiredOrUnknown(getAccessToken() ?? token, Date.now())) clearSession();
    return res;
  }
  return fetch(url, buildInit(init, fresh));
}

/** Reads a successful body as JSON: empty bodies are null; other content is an error with spec 01 §8 text. */
async function readJson<T>(res: Response): Promise<T | null> {
  const text = await res.text();
  if (res.status === 204 || text.trim() === "") return null;
  const contentType = res.headers.get("content-type");
  if (!contentType || !/\bjson\b/i.test(contentType)) {
    throw new ApiError(nonJsonMessage(contentType, text), res.status, text);
  }
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new ApiError(invalidJsonMessage(err instanceof Error ? err.message : String(err), text), res.status, text);
  }
}

/**
 * Generic helper: resolves to the parsed JSON (null for an empty body); throws ApiError 'status: text' on failure, and
 * the timeout's TimeoutError when no answer came within the time limit.
 */
export function apiRequest<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>, options?: RequestOptions): Promise<T> {
  return withTimeout(async (signal) => {
    const plainGet = method === "GET" && body === undefined && !headers && !options;
    const { res, held } = plainGet ? await revalidate(path, signal) : { res: await send(path, { method, body, headers, signal, ...options }) };
    if (held) return held.body as T;
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new ApiError(requestFailureMessage(res.status, res.statusText, text), res.status, text, res.statusText);
    }
    const data = await readJson<T>(res);
    if (plainGet) keepTagged(path, res, data);
    return data as T;
  });
}

/**
 * The last tagged answer per path, for the token that fetched it: the polled lists answer 304 Not Modified when
 * nothing of the user's changed, and the caller is given this copy again. In memory only, like the token itself.
 */
const validated = new Map<string, { token: string | null; etag: string; body: unknown }>();

/** A GET that names the held copy's tag; `held` is that copy when the server answered 304. */
async function revalidate(path: string, signal: AbortSignal): Promise<{ res: Response; held?: { body: unknown } }> {
  const known = validated.get(path);
  const headers = known && known.token === getAccessToken() ? { "If-None-Match": known.etag } : undefined;
  const res = await send(path, { method: "GET", signal, headers });
  return res.status === 304 && headers && known ? { res, held: { body: known.body } } : { res };
}

/**
 * Drops every held tag: after a push says the user's data changed, the re-reads ask for full answers, so no server
 * that has not heard the news yet can answer them 304 from its copy of the old version.
 */
export function forgetTags() {
  validated.clear();
}

function keepTagged(path: string, res: Response, body: unknown) {
  const etag = res.headers.get("etag");
  if (etag) validated.set(path, { token: getAccessToken(), etag, body });
  else validated.delete(path);
}

/** GET for a query's fetcher: a 401 left after the refresh clears the session and yields null; failures read 'status: text - body'. */
export function apiQuery<T = unknown>(path: string): Promise<T | null> {
  return withTimeout(async (signal) => {
    const { res, held } = await revalidate(path, signal);
    if (held) return held.body as T;
    if (res.status === 401) {
      clearSession();
      return null;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new ApiError(queryFailureMessage(res.status, res.statusText, text), res.status, text, res.statusText);
    }
    const body = await readJson<T>(res);
    keepTagged(path, res, body);
    return body;
  }, QUERY_TIMEOUT_MS);
}

/**
 * A file download (CSV): the body as a Blob with the server's file name from Content-Disposition. The access token
 * lives in memory, so a plain link could not authenticate; failures throw ApiError like apiRequest.
 */
export function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  return withTimeout(async (signal) => {
    const res = await send(path, { method: "GET", signal });
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new ApiError(requestFailureMessage(res.status, res.statusText, text), res.status, text, res.statusText);
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
    return { blob: await res.blob(), filename: name ? name[1] : null };
  });
}

/** The server's own words for an error body: detail, else message, else null (used by forms and toasts). */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const data = err.json;
  if (data && typeof data === "object") {
    if ("detail" in data && typeof data.detail === "string" && data.detail) return data.detail;
    if ("message" in data && typeof data.message === "string" && data.message) return data.message;
  }
  return null;
}
