// The app shell: liveness and readiness, OpenAPI docs, CORS locked to the configured origin, security headers on
// every response (API, web app, bundles), one structured log line per API request.
import { afterAll, describe, expect, test } from "bun:test";
import { createRedis } from "@core/infra/redis";
import type { Logger } from "@core/infra/log";
import { closeTestDeps, testApp, testDeps } from "../../test/helpers";
import { createApp } from "./app";
import webApp from "../../web/index.html";

const app = testApp();
afterAll(() => closeTestDeps());

const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

describe("app shell", () => {
  test("liveness answers with the security headers", async () => {
    const res = await get("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  test("readiness is 200 with both dependencies up and 503 naming the one that is down", async () => {
    const up = await get("/api/ready");
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ready", postgres: "ok", redis: "ok", detail: "ready" });

    // Port 1 answers nothing: the probe must give up within its timeout instead of hanging.
    const deadRedis = createRedis("redis://127.0.0.1:1");
    try {
      const broken = createApp({ ...testDeps(), redis: deadRedis });
      const down = await broken.handle(new Request("http://localhost/api/ready"));
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "not_ready", postgres: "ok", redis: "down", detail: "a dependency is unreachable" });
    } finally {
      deadRedis.disconnect();
    }
  }, 10_000);

  test("OpenAPI docs list the API (the UI outside production)", async () => {
    const page = await get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const spec = (await (await get("/api/docs/json")).json()) as { info: { title: string }; paths: Record<string, unknown> };
    expect(spec.info.title).toBe("Tradewind API");
    for (const path of ["/api/analysis/start", "/api/auth/login", "/api/market/health", "/api/user/favorites/"])
      expect(Object.keys(spec.paths)).toContain(path);
  });

  test("CORS allows the configured origin with credentials and no other", async () => {
    const origin = testDeps().config.PUBLIC_ORIGIN;
    const preflight = (from: string) =>
      app.handle(
        new Request("http://localhost/api/analysis/start", { method: "OPTIONS", headers: { origin: from, "access-control-request-method": "POST" } }),
      );
    const ok = await preflight(origin);
    expect(ok.headers.get("access-control-allow-origin")).toBe(origin);
    expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
    const evil = await preflight("https://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).not.toBe("*");
  });

  test("one structured log line per API request", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const capture: Logger = { debug() {}, info: (msg, fields) => lines.push({ msg, ...fields }), warn() {}, error() {} };
    const logged = createApp({ ...testDeps(), log: capture });
    await logged.handle(new Request("http://localhost/api/nope"));
    for (let i = 0; i < 50 && !lines.some((l) => l.msg === "request"); i++) await Bun.sleep(10);
    expect(lines.filter((l) => l.msg === "request")).toEqual([
      { msg: "request", method: "GET", path: "/api/nope", status: 404, ms: expect.any(Number) },
    ]);
  });
});

/** The CSP's directives by name, e.g. { "script-src": ["'self'"] }. */
function cspDirectives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectStrictHeaders(res: Response, what: string, opts: { page?: boolean } = {}) {
  const h = (name: string) => [what, name, res.headers.get(name)];
  expect(h("x-content-type-options")).toEqual([what, "x-content-type-options", "nosniff"]);
  expect(h("x-frame-options")).toEqual([what, "x-frame-options", "DENY"]);
  expect(h("referrer-policy")).toEqual([what, "referrer-policy", "strict-origin-when-cross-origin"]);
  const csp = cspDirectives(res.headers.get("content-security-policy"));
  const origin = new URL(testDeps().config.PUBLIC_ORIGIN);
  expect(csp).toEqual({
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    // A page adds its own nonce and the hash of Radix Select's fixed viewport style; nothing else has inline style.
    "style-src": opts.page
      ? ["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/), "'sha256-441zG27rExd4/il+NvIqyL8zFx5XmyNQtE381kSkUJk='"]
      : ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
  return csp;
}

/** The nonce a page names in its policy and announces to its scripts in `<meta property="csp-nonce">`. */
function pageNonce(res: Response, html: string): string {
  const fromPolicy = cspDirectives(res.headers.get("content-security-policy"))["style-src"][1].slice("'nonce-".length, -1);
  expect(html).toContain(`<meta property="csp-nonce" nonce="${fromPolicy}">`);
  return fromPolicy;
}

/** The app as main.ts runs it (web app on Bun's routes, production-style bundling), on a free port. */
function listenWithWebApp(config = testDeps().config) {
  const app = createApp({ ...testDeps(), config }, { webApp, development: false }).listen({
    hostname: "127.0.0.1",
    port: 0,
    development: false,
  } as never);
  const base = `http://127.0.0.1:${app.server!.port}`;
  return { base, stop: () => app.stop(true) };
}

describe("security headers", () => {
  test("every response carries them: the page, a client route, the script and style bundles, API JSON and a 404", async () => {
    const { base, stop } = listenWithWebApp();
    try {
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toContain("text/html");
      const html = await home.text();
      expectStrictHeaders(home, "/", { page: true });
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script for 'self' to have to allow
      const nonce = pageNonce(home, html);

      // A client route is the same page with a nonce of its own, never revalidated against a cached copy.
      const route = await fetch(`${base}/dashboard`);
      expect(route.status).toBe(200);
      const routeHtml = await route.text();
      expectStrictHeaders(route, "/dashboard", { page: true });
      expect(pageNonce(route, routeHtml)).not.toBe(nonce);
      expect(routeHtml.replace(/nonce="[^"]+"/, "")).toBe(html.replace(/nonce="[^"]+"/, ""));
      expect(route.headers.get("etag")).toBeNull();

      const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
      const style = html
        .match(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+)"[^>]+rel="stylesheet"/)
        ?.slice(1)
        .find(Boolean);
      expect(script).toStartWith("/");
      expect(style).toStartWith("/");
      for (const asset of [script!, style!]) {
        const res = await fetch(base + asset);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(asset === script ? /javascript/ : /text\/css/);
        expect(res.headers.get("etag")).toBeTruthy(); // Bun's caching headers survive
        expectStrictHeaders(res, asset);
        // A revalidation answers 304 and still carries them.
        const again = await fetch(base + asset, { headers: { "if-none-match": res.headers.get("etag")! } });
        expect(again.status).toBe(304);
        expectStrictHeaders(again, `${asset} (304)`);
      }

      const health = await fetch(`${base}/api/health`);
      expect(await health.json()).toEqual({ status: "ok" });
      expectStrictHeaders(health, "/api/health");

      const missing = await fetch(`${base}/api/no-such-thing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toContain("application/json");
      expectStrictHeaders(missing, "/api 404");

      // The page is for reading: other methods are refused, with the headers too.
      const post = await fetch(`${base}/dashboard`, { method: "POST", body: "x" });
      expect(post.status).toBe(405);
      expectStrictHeaders(post, "POST /dashboard");

      for (const res of [home, route, health, missing]) expect(res.headers.get("strict-transport-security")).toBeNull();
    } finally {
      stop();
    }
  }, 60_000);

  test("an unknown page path answers 404 with the app (its not-found page); every route of the app answers 200", async () => {
    const { base, stop } = listenWithWebApp();
    try {
      for (const path of ["/no-such-page/here", "/dashboardx", "/profile/extra", "/reset-password/a/b"]) {
        const res = await fetch(base + path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(await res.text()).toContain('<div id="root"');
        expectStrictHeaders(res, `${path} (404)`, { page: true });
      }
      for (const path of ["/", "/about", "/login", "/reset-password/tok", "/reset-password/", "/dashboard", "/profile", "/start-trading"]) {
        expect({ path, status: (await fetch(base + path)).status }).toEqual({ path, status: 200 });
      }
    } finally {
      stop();
    }
  }, 60_000);

  test("HSTS only in production, on the web app as well as the API", async () => {
    const production = { ...testDeps().config, NODE_ENV: "production" as const, isProduction: true };
    const { base, stop } = listenWithWebApp(production);
    try {
      for (const path of ["/", "/dashboard", "/api/health", "/api/no-such-thing"]) {
        const res = await fetch(base + path);
        expect([path, res.headers.get("strict-transport-security")]).toEqual([path, "max-age=31536000; includeSubDomains"]);
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      }
    } finally {
      stop();
    }
    const dev = await get("/api/health");
    expect(dev.headers.get("strict-transport-security")).toBeNull();
  }, 60_000);

  test("production docs: no UI loading a remote script, the JSON spec stays", async () => {
    const production = { ...testDeps().config, NODE_ENV: "production" as const, isProduction: true };
    const app = createApp({ ...testDeps(), config: production });
    const page = await app.handle(new Request("http://localhost/api/docs"));
    const body = await page.text();
    expect(body).not.toMatch(/<script[^>]+src=["']?https?:/i);
    expect(body).not.toContain("cdn.jsdelivr.net");
    expect(page.status).toBe(404);
    expectStrictHeaders(page, "/api/docs (production)");
    const spec = await app.handle(new Request("http://localhost/api/docs/json"));
    expect(spec.status).toBe(200);
    expect(((await spec.json()) as { info: { title: string } }).info.title).toBe("Tradewind API");
  });

  test("development docs: a pinned Scalar bundle, and only the docs page may load it", async () => {
    const page = await get("/api/docs");
    const html = await page.text();
    const src = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@\d+\.\d+\.\d+\/dist\/browser\/standalone\.js$/);
    expect(html).toContain(`"url":"/api/docs/json"`); // absolute: relative to /api/docs it missed (/api/api/docs/json)
    const csp = cspDirectives(page.headers.get("content-security-policy"));
    // The exact file, not the CDN host: nothing else from jsdelivr can run even on the docs page.
    expect(csp["script-src"]).toContain(src!);
    expect(csp["script-src"].filter((s) => s.startsWith("http"))).toEqual([src!]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).not.toContain("https://proxy.scalar.com");
    // Every other response keeps the strict policy.
    expectStrictHeaders(await get("/api/docs/json"), "/api/docs/json");
  });
});

test("API answers, errors included, are never stored by browsers or proxies", async () => {
  const app = createApp(testDeps());
  for (const path of ["/api/health", "/api/public/track-record", "/api/no-such-thing", "/api/user/profile"]) {
    const res = await app.handle(new Request(`http://localhost${path}`));
    expect([path, res.headers.get("cache-control")]).toEqual([path, "no-store"]);
  }
});
