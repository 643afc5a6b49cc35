// Whole hostile requests for one route of the app (method, path, query, credentials, cookies, headers, body), printable when one fails.
import fc from "fast-check";
import { bodyArb } from "./bodies";
import { authorizationArb, cookieArb, extraHeadersArb, ipArb, pathArb, queryArb, type FuzzRequest, type RouteInfo, type Schema } from "./generators";
import type { TokenSet } from "./tokens";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
/** Methods the Fetch API lets carry a body. */
const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** Method, path and schemas of one entry of Elysia's `app.routes`: the schemas are the route's own TypeBox models. */
export function routeInfo(route: { method: string; path: string; hooks?: Record<string, unknown> }): RouteInfo {
  const schema = (key: string) => {
    const s = route.hooks?.[key];
    return s && typeof s === "object" ? (s as Schema) : undefined;
  };
  return { method: route.method, path: route.path, body: schema("body"), query: schema("query") };
}

/**
 * Mostly the route's own method; one in ten another one (a 404 or another route must still answer well). An "ALL"
 * route takes any method.
 */
const methodArb = (route: RouteInfo) =>
  route.method === "ALL"
    ? fc.constantFrom(...METHODS)
    : fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });

export function requestArb(route: RouteInfo, tokens: TokenSet): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: methodArb(route),
      path: pathArb(route.path),
      query: queryArb(route.query),
      authorization: authorizationArb(tokens),
      cookie: cookieArb(tokens),
      extra: extraHeadersArb,
      ip: ipArb,
      body: bodyArb(route.body),
    })
    .map(({ method, path, query, authorization, cookie, extra, ip, body }) => {
      const sendsBody = hasBody(method) && body.body !== undefined;
      const headers: Record<string, string> = { ...extra, ...(sendsBody ? body.headers : {}) };
      if (authorization !== undefined) headers.authorization = authorization;
      if (cookie !== undefined) headers.cookie = cookie;
      const req: FuzzRequest = {
        method,
        path: path + query,
        headers,
        body: sendsBody ? body.body : undefined,
        ip,
        // Only the route's own schema judges the body, and only when the body reaches that route.
        mustReject: sendsBody && body.mustReject && method === route.method,
      };
      // biome-ignore lint/correctness/usePlaywrightValidDescribeCallback: our own describe(), not a test runner's
      return Object.assign(req, { [fc.toStringMethod]: () => describe(req) });
    });
}

/** Strings over 200 characters are cut, so a failing 1 MB input still prints as a readable counterexample. */
const clip = (s: string) => (s.length > 200 ? `${JSON.stringify(s.slice(0, 120))}… (${s.length} chars)` : JSON.stringify(s));

export function describe(req: FuzzRequest): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${clip(v)}`);
  const body =
    req.body === undefined
      ? "none"
      : typeof req.body === "string"
        ? clip(req.body)
        : req.body instanceof FormData
          ? `multipart ${clip(JSON.stringify([...req.body.keys()]))}`
          : `${req.body.byteLength} bytes`;
  return `${req.method} ${clip(req.path)} ip=${clip(req.ip)} mustReject=${req.mustReject} headers={${headers.join(", ")}} body=${body}`;
}
