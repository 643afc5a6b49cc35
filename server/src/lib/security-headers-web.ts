// The React app (the HTML import of web/index.html) served with the security headers. Bun answers an HTML import
// and the bundles it builds from native routes that no handler can decorate (oven-sh/bun#19123), so:
// - built mode (production, tests): Bun serves the bundle on a private socket exactly as before (its bundler, the
//   plugins from bunfig.toml, minification, ETag and immutable caching of the chunks) and the public routes relay
//   each GET/HEAD to it, adding the headers to the page, the client routes and every chunk;
// - development (`bun dev`): the HTML import stays on the public server under a random path so Bun's dev server
//   keeps its /_bun/* client, assets and hot-reload socket; the page itself is fetched from that path and answered
//   with the headers, its policy also allowing what Bun's dev client runs (its unload beacon by hash, hot updates as
//   blob: scripts). The /_bun/* files are Bun's own and carry none: development is only ever served to the developer.
// Every page gets a fresh style nonce, announced in `<meta property="csp-nonce">` (see security-headers.ts).
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "bun";
import type { Config } from "@core/config";
import { newNonce, securityHeaders, sha256, withHeaders } from "./security-headers";

type RouteHandler = (request: Request, server: Server<unknown>) => Response | Promise<Response>;
type WebConfig = Pick<Config, "isProduction" | "PUBLIC_ORIGIN">;

/** Request headers passed on to the bundle: revalidation only (no encodings, cookies or credentials). */
const CONDITIONAL = ["if-none-match", "if-modified-since", "range", "if-range"];

/** Chunks have a file extension; pages (client routes) never do, and are always answered afresh (new nonce). */
const isFile = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

function forwardedHeaders(request: Request, pathname: string): Headers {
  const headers = new Headers();
  if (!isFile(pathname)) return headers;
  for (const name of CONDITIONAL) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

const readable = (method: string) => method === "GET" || method === "HEAD";

function methodNotAllowed(config: WebConfig): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { ...securityHeaders(config), allow: "GET, HEAD", "content-type": "text/plain;charset=utf-8" },
  });
}

const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

/**
 * A page with its nonce: announced in a meta tag (the `nonce` attribute is hidden from the DOM but readable as the
 * element's `nonce` property), named in the policy; no ETag, so a revalidation can never pair a cached page (old
 * nonce) with a new policy.
 */
async function page(config: WebConfig, answer: Response, method: string, scriptSources: (html: string) => string[] = () => []) {
  const nonce = newNonce();
  const html = (await answer.text()).replace(/<head(\s[^>]*)?>/i, (head) => `${head}<meta property="csp-nonce" nonce="${nonce}">`);
  const headers = securityHeaders(config, { styleNonce: nonce, scriptSources: scriptSources(html) });
  return withHeaders(answer, { ...headers, "cache-control": "no-cache" }, { drop: ["etag", "last-modified", "content-length"], body: method === "HEAD" ? null : html });
}

/** Bun routes for "/" and "/*" (everything outside /api and /ws) and `stop()`; `development` must match the server's. */
export function webAppRoutes(webApp: unknown, config: WebConfig, opts: { development: boolean }) {
  return opts.development ? devRoutes(webApp, config) : builtRoutes(webApp, config);
}

function builtRoutes(webApp: unknown, config: WebConfig) {
  const headers = securityHeaders(config);
  // A Linux abstract socket (no file, unreachable from the network); elsewhere a socket file in the temp directory.
  const name = `tradewind-web-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const unix = process.platform === "linux" ? `\0${name}` : join(tmpdir(), `${name}.sock`);
  let bundleServer: Server<unknown> | null = null;
  const start = () => (bundleServer ??= Bun.serve({ unix, development: false, routes: { "/": webApp, "/*": webApp } as never }));

  const relay: RouteHandler = async (request) => {
    if (!readable(request.method)) return methodNotAllowed(config);
    const { pathname, search } = new URL(request.url);
    let answer: Response;
    try {
      start();
      answer = await fetch(`http://web${pathname}${search}`, { unix, method: request.method, headers: forwardedHeaders(request, pathname), redirect: "manual" });
    } catch {
      return new Response("Bad Gateway", { status: 502, headers: { ...headers, "content-type": "text/plain;charset=utf-8" } });
    }
    return isHtml(answer) ? page(config, answer, request.method) : withHeaders(answer, headers);
  };
  return {
    routes: { "/": relay, "/*": relay } as Record<string, unknown>,
    stop: () => {
      bundleServer?.stop(true);
      bundleServer = null;
    },
  };
}

/**
 * What Bun's dev page runs besides its files: its inline unload beacon (allowed by hash) and the hot updates, which
 * its client loads as blob: scripts. The built page needs neither.
 */
const devScriptSources = (html: string) => [
  ...[...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => sha256(m[1])),
  "blob:",
];

function devRoutes(webApp: unknown, config: WebConfig) {
  const hidden = `/__tradewind-page-${crypto.randomUUID()}`;
  const relay: RouteHandler = async (request, server) => {
    if (!readable(request.method)) return methodNotAllowed(config);
    const self = new URL(server.url);
    if (self.hostname === "0.0.0.0") self.hostname = "127.0.0.1";
    if (self.hostname === "[::]") self.hostname = "[::1]";
    const answer = await fetch(new URL(hidden, self), { method: request.method });
    return isHtml(answer) ? page(config, answer, request.method, devScriptSources) : withHeaders(answer, securityHeaders(config));
  };
  return { routes: { [hidden]: webApp, "/": relay, "/*": relay } as Record<string, unknown>, stop: () => {} };
}
