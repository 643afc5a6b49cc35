// The app shell: liveness and readiness, OpenAPI docs, CORS locked to the configured origin, security headers,
// one structured log line per API request.
import { afterAll, describe, expect, test } from "bun:test";
import { createRedis } from "@core/redis";
import type { Logger } from "@core/log";
import { closeTestDeps, testApp, testDeps } from "../../test/helpers";
import { createApp } from "./app";

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

  test("OpenAPI docs list the API", async () => {
    const page = await get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const spec = (await (await get("/api/docs/json")).json()) as { info: { title: string }; paths: Record<string, unknown> };
    expect(spec.info.title).toBe("Tradewind API");
    for (const path of ["/api/analysis/start", "/api/auth/login", "/api/market/health", "/api/user/favorites/"]) expect(Object.keys(spec.paths)).toContain(path);
  });

  test("CORS allows the configured origin with credentials and no other", async () => {
    const origin = testDeps().config.PUBLIC_ORIGIN;
    const preflight = (from: string) =>
      app.handle(new Request("http://localhost/api/analysis/start", { method: "OPTIONS", headers: { origin: from, "access-control-request-method": "POST" } }));
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
    expect(lines.filter((l) => l.msg === "request")).toEqual([{ msg: "request", method: "GET", path: "/api/nope", status: 404, ms: expect.any(Number) }]);
  });
});
