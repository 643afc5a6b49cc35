// The React app (web/index.html) served with the security headers and compressed. Two modes:
// - built (production, tests): the app is bundled with code splitting (one chunk per lazily loaded route; Bun's HTML
//   import cannot split: its production bundle inlines every `import()`), minified, and served from memory: hashed
//   chunks immutable with an ETag, each in brotli or gzip as Accept-Encoding asks (compressed once, then kept), with
//   Vary: Accept-Encoding. Production serves web/dist when `bun run build` made it (chunks compressed ahead at the
//   highest level); otherwise, and always in tests, the running server bundles on the first web request.
// - development (`bun dev`): the HTML import stays on the public server under a random path so Bun's dev server
//   keeps its /_bun/* client, assets and hot-reload socket; the page itself is fetched from that path and answered
//   with the headers, its policy also allowing what Bun's dev client runs (its unload beacon by hash, hot updates as
//   blob: scripts). The /_bun/* files are Bun's own and carry none: development is only ever served to the developer.
// Every page gets a fresh style nonce, announced in `<meta property="csp-nonce">` (see security-headers.ts).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { BuildMetafile, BunPlugin, HTMLBundle, Server } from "bun";
import type { Config } from "@core/infra/config";
import { isPagePath } from "@core/contract/web-routes";
import type { Logger } from "@core/infra/log";
import {
  type Bytes,
  compressResponse,
  ENCODING_SUFFIX,
  ENCODINGS,
  type Effort,
  encodedBody,
  negotiate,
  type StaticBody,
  varyOnEncoding,
  worthCompressing,
} from "./compression";
import { newNonce, securityHeaders, sha256, withHeaders } from "./security-headers";

type RouteHandler = (request: Request, server: Server<unknown>) => Response | Promise<Response>;
type WebConfig = Pick<Config, "isProduction" | "PUBLIC_ORIGIN">;

/** Chunks have a file extension; pages (client routes) never do, and are always answered afresh (new nonce). */
const isFile = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

/** The page is served on every path, but only the app's own routes are found: others get it as a 404. */
const pageStatus = (pathname: string) => (isPagePath(pathname) ? 200 : 404);

const readable = (method: string) => method === "GET" || method === "HEAD";

function plain(config: WebConfig, status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...securityHeaders(config), ...extra, "content-type": "text/plain;charset=utf-8" } });
}

const methodNotAllowed = (config: WebConfig) => plain(config, 405, "Method Not Allowed", { allow: "GET, HEAD" });

const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

/**
 * A page with its nonce: announced in a meta tag (the `nonce` attribute is hidden from the DOM but readable as the
 * element's `nonce` property), named in the policy; no ETag, so a revalidation can never pair a cached page (old
 * nonce) with a new policy.
 */
function page(config: WebConfig, source: string, init: ResponseInit, method: string, scriptSources: (html: string) => string[] = () => []) {
  const nonce = newNonce();
  const html = source.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<meta property="csp-nonce" nonce="${nonce}">`);
  const headers = securityHeaders(config, { styleNonce: nonce, scriptSources: scriptSources(html) });
  return withHeaders(
    new Response(null, init),
    { ...headers, "cache-control": "no-cache" },
    { drop: ["etag", "last-modified", "content-length"], body: method === "HEAD" ? null : html },
  );
}

/** Bun routes for "/" and "/*" (everything outside /api and /ws) and `stop()`; `development` must match the server's. */
export function webAppRoutes(webApp: unknown, config: WebConfig, opts: { development: boolean; log?: Logger }) {
  return opts.development ? devRoutes(webApp, config) : builtRoutes((webApp as HTMLBundle).index, config, opts.log);
}

// ---- built mode --------------------------------------------------------------------------------------------------

/** One output file: its content type, a content hash for the ETag, and its body with the compressed copies. */
export type WebFile = { type: string; tag: string; body: StaticBody };
/** The bundled app: files by URL path ("/index.html", "/chunk-….js"); `effort` is how copies not read from disk are made. */
export type WebBuild = { files: Map<string, WebFile>; effort: Effort; metafile?: BuildMetafile };

const PAGE = "/index.html";
/** Every file but the page is named by its content hash, so a browser may keep it for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const webFile = (type: string, raw: Bytes): WebFile => ({ type, tag: Bun.hash(raw).toString(36), body: { raw, encoded: {} } });

/**
 * The [serve.static] settings of the bunfig.toml above `index` (what Bun's HTML import bundles with: its plugins, which
 * process.env names it inlines), read rather than repeated so the two bundlings cannot drift apart.
 */
async function staticSettings(index: string): Promise<{ plugins: BunPlugin[]; env?: `${string}*` | "inline" | "disable" }> {
  for (let dir = dirname(index); ; dir = dirname(dir)) {
    const file = Bun.file(join(dir, "bunfig.toml"));
    if (await file.exists()) {
      const settings = (Bun.TOML.parse(await file.text()) as { serve?: { static?: { plugins?: string[]; env?: `${string}*` } } }).serve?.static ?? {};
      const plugins = await Promise.all((settings.plugins ?? []).map(async (name) => (await import(name)).default as BunPlugin));
      return { plugins, env: settings.env };
    }
    if (dirname(dir) === dir) return { plugins: [] };
  }
}

/**
 * Bundles web/index.html for browsers as Bun's HTML import does in production (bunfig.toml's plugins and env,
 * minified, React's production build), plus code splitting: every `import()` becomes a chunk of its own.
 */
export async function buildWeb(index: string): Promise<WebBuild> {
  const result = await Bun.build({
    entrypoints: [index],
    target: "browser",
    splitting: true,
    minify: true,
    publicPath: "/",
    metafile: true,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    ...(await staticSettings(index)),
  });
  if (!result.success) throw new AggregateError(result.logs, "web build failed");
  const files = new Map<string, WebFile>();
  for (const out of result.outputs) files.set(`/${out.path.replace(/^\.\//, "")}`, webFile(out.type, new Uint8Array(await out.arrayBuffer())));
  return { files, effort: "runtime", metafile: result.metafile };
}

/** What `bun run build` wrote (scripts/build.ts): each file with the .br and .gz copies made beside it. */
export async function readWebDist(dir: string): Promise<WebBuild> {
  const files = new Map<string, WebFile>();
  for await (const name of new Bun.Glob("**/*").scan({ cwd: dir })) {
    if (Object.values(ENCODING_SUFFIX).some((suffix) => name.endsWith(suffix))) continue;
    const file = Bun.file(join(dir, name));
    const entry = webFile(file.type, await file.bytes());
    for (const encoding of ENCODINGS) {
      const copy = Bun.file(join(dir, name + ENCODING_SUFFIX[encoding]));
      if (await copy.exists()) entry.body.encoded[encoding] = copy.bytes();
    }
    files.set(`/${name}`, entry);
  }
  return { files, effort: "build" };
}

/** One build per index file and process: every app created in a test process shares it. */
const builds = new Map<string, Promise<WebBuild>>();

function loadWeb(index: string, config: WebConfig): Promise<WebBuild> {
  const dist = join(dirname(index), "dist");
  const key = config.isProduction && existsSync(join(dist, "index.html")) ? dist : index;
  let build = builds.get(key);
  if (!build) {
    build = key === dist ? readWebDist(dist) : buildWeb(index);
    // A failed build is not kept: the next request tries again.
    build.catch(() => builds.delete(key));
    builds.set(key, build);
  }
  return build;
}

const matches = (ifNoneMatch: string | null, etag: string) =>
  ifNoneMatch !== null && (ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag));

/** A chunk or stylesheet: immutable, revalidated by ETag (one per encoding, the bytes differ), compressed when asked. */
async function serveFile(request: Request, file: WebFile, effort: Effort, headers: Record<string, string>): Promise<Response> {
  const compressible = worthCompressing(file.type, file.body.raw.byteLength);
  const encoding = compressible ? negotiate(request.headers.get("accept-encoding")) : null;
  const etag = `"${file.tag}${encoding ? `-${encoding}` : ""}"`;
  const out = new Headers({ ...headers, "content-type": file.type, "cache-control": IMMUTABLE, etag });
  if (compressible) varyOnEncoding(out);
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: out });
  if (encoding) out.set("content-encoding", encoding);
  const body = encoding ? await encodedBody(file.body, encoding, effort) : file.body.raw;
  return new Response(body, { headers: out });
}

function builtRoutes(index: string, config: WebConfig, log?: Logger) {
  const headers = securityHeaders(config);
  const relay: RouteHandler = async (request) => {
    if (!readable(request.method)) return methodNotAllowed(config);
    const { pathname } = new URL(request.url);
    let web: WebBuild;
    try {
      web = await loadWeb(index, config);
    } catch (err) {
      log?.error("web app build failed", { error: String(err) });
      return plain(config, 500, "Internal Server Error");
    }
    const file = pathname === PAGE ? undefined : web.files.get(pathname);
    if (file) return serveFile(request, file, web.effort, headers);
    // A file that is not in the build (an old chunk, a typo) is a 404, not the page: a script tag must not get HTML.
    if (isFile(pathname)) return plain(config, 404, "Not Found");
    const html = new TextDecoder().decode(web.files.get(PAGE)!.body.raw);
    const init = { status: pageStatus(pathname), headers: { "content-type": "text/html;charset=utf-8" } };
    return compressResponse(request, page(config, html, init, request.method));
  };
  return { routes: { "/": relay, "/*": relay } as Record<string, unknown>, stop: () => {} };
}

// ---- development -------------------------------------------------------------------------------------------------

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
    if (!isHtml(answer)) return withHeaders(answer, securityHeaders(config));
    const html = await answer.text();
    const status = answer.ok ? pageStatus(new URL(request.url).pathname) : answer.status;
    return page(config, html, { status, headers: answer.headers }, request.method, devScriptSources);
  };
  return { routes: { [hidden]: webApp, "/": relay, "/*": relay } as Record<string, unknown>, stop: () => {} };
}
