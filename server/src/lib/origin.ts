// Origin check for the cookie-authenticated auth endpoints (refresh, logout): a request another site made is refused.
import type { Config } from "@core/infra/config";
import { forbidden } from "./http-error";

export const FOREIGN_ORIGIN_DETAIL = "This request came from another site and was refused";

/**
 * Whether `request` may use the refresh cookie. SameSite=Strict already keeps the cookie off other sites' requests in
 * today's browsers; this is the second lock (ASVS 3.5.1), for a browser or an intermediary that gets SameSite wrong.
 *
 * - `Origin` present: it must be this site, i.e. PUBLIC_ORIGIN, or the host the request itself was sent to (the same
 *   app reached at another name, e.g. 127.0.0.1 under `bun dev`; a browser sets both headers, so a page elsewhere
 *   cannot match). `Origin: null` (sandboxed frames, privacy redirects) is foreign.
 * - `Origin` absent: browsers send it on every POST, so this is a non-browser client (curl, the load tests, a native
 *   app) holding its own cookie, which has no one's session to ride on: allowed, unless the browser's own
 *   `Sec-Fetch-Site` says the request is cross-site.
 */
export function isSameSite(config: Pick<Config, "PUBLIC_ORIGIN">, request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return request.headers.get("sec-fetch-site") !== "cross-site";
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === new URL(config.PUBLIC_ORIGIN).origin) return true;
  const host = request.headers.get("host");
  return host !== null && url.host.toLowerCase() === host.toLowerCase();
}

/** Throws 403 `cross_site_request` for a request another site made (see isSameSite). */
export function requireSameSite(config: Pick<Config, "PUBLIC_ORIGIN">, request: Request): void {
  if (!isSameSite(config, request)) throw forbidden(FOREIGN_ORIGIN_DETAIL).withCode("cross_site_request");
}
