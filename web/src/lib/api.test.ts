// Request layer against a real local HTTP server: headers, path rewrite, spec 01 §8 error texts, 401 refresh-retry.
import { afterAll, afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { ApiError, apiQuery, apiRequest, forgetTags, nonJsonMessage, serverMessage } from "./api";
import { classifyFailure, isNetworkFailure } from "./fetch-errors";
import { QUERY_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "./timeout";
import { setApiHost } from "./api-host";
import { getAccessToken } from "./session";
import { resetSession, signInAt } from "./test-session";
import { tokenExpiringIn } from "./test-jwt";

type Seen = { method: string; path: string; headers: Record<string, string>; body: string };
let seen: Seen[] = [];
let refreshCalls = 0;
let refreshAnswer: { status: number; body: string } = { status: 401, body: "" };
let validToken = "";
let taggedVersion = 1;

const server = Bun.serve({
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    const headers = Object.fromEntries(req.headers.entries());
    seen.push({ method: req.method, path: url.pathname + url.search, headers, body: await req.text() });
    const json = (data: unknown, status = 200) => Response.json(data, { status });
    switch (url.pathname) {
      case "/api/echo":
        return json({ ok: true });
      case "/api/signals/":
        return json([{ id: 1 }]);
      case "/api/empty":
        return new Response(null, { status: 204 });
      case "/api/fail-text":
        return new Response("boom happened", { status: 500 });
      case "/api/fail-empty":
        return new Response("", { status: 503, statusText: "Service Unavailable" });
      case "/api/fail-long":
        return new Response("x".repeat(800), { status: 404, statusText: "Not Found" });
      case "/api/html":
        return new Response("<!doctype html><p>app</p>", { headers: { "content-type": "text/html;charset=utf-8" } });
      case "/api/bad-json":
        return new Response("{not json", { headers: { "content-type": "application/json" } });
      case "/api/detail-error":
        return json({ detail: "Symbol not in list" }, 400);
      case "/api/auth/refresh":
        refreshCalls++;
        await Bun.sleep(20);
        return new Response(refreshAnswer.body, {
          status: refreshAnswer.status,
          headers: refreshAnswer.status === 200 ? { "content-type": "application/json" } : {},
        });
      case "/api/tagged": {
        // Answers 304 when the client names the current tag, as the server's polled lists do.
        const etag = `W/"v${taggedVersion}"`;
        if (headers["if-none-match"] === etag) return new Response(null, { status: 304, headers: { etag } });
        return Response.json({ version: taggedVersion }, { headers: { etag } });
      }
      case "/api/hang":
        // Never answers: the request layer's time limit has to end the call.
        return new Promise<Response>(() => {});
      case "/api/private":
        return headers.authorization === `Bearer ${validToken}` ? json({ secret: 42 }) : json({ detail: "Not authenticated" }, 401);
      default:
        return json({ detail: "Not found" }, 404);
    }
  },
});
setApiHost(`http://127.0.0.1:${server.port}`);
afterAll(() => server.stop(true));

beforeEach(() => {
  seen = [];
  refreshCalls = 0;
  refreshAnswer = { status: 401, body: "" };
  resetSession();
});

const query = (path: string) => apiQuery(path);

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

describe("apiRequest", () => {
  test("sends Accept JSON, Bearer token and a JSON body", async () => {
    const token = tokenExpiringIn(600_000);
    signInAt(token, Date.now());
    expect(await apiRequest("POST", "/api/echo", { symbol: "BTCUSDT" })).toEqual({ ok: true });
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers.accept).toBe("application/json");
    expect(seen[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(seen[0].body).toBe('{"symbol":"BTCUSDT"}');
  });

  test("no token means no Authorization header; no body means no content type", async () => {
    await apiRequest("GET", "/api/echo");
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers["content-type"]).toBeUndefined();
  });

  test("form data is sent as multipart, not as JSON", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    await apiRequest("POST", "/api/echo", form);
    expect(seen[0].headers["content-type"]).toStartWith("multipart/form-data; boundary=");
    expect(seen[0].body).toContain('name="name"');
  });

  test("/api/signals gets its trailing slash, also with a query string", async () => {
    expect(await apiRequest("GET", "/api/signals")).toEqual([{ id: 1 }]);
    await apiRequest("GET", "/api/signals?limit=5");
    expect(seen.map((s) => s.path)).toEqual(["/api/signals/", "/api/signals/?limit=5"]);
  });

  test("a full URL is used as given", async () => {
    await apiRequest("GET", `http://127.0.0.1:${server.port}/api/echo?x=1`);
    expect(seen[0].path).toBe("/api/echo?x=1");
  });

  test("an empty success body resolves to null", async () => {
    expect(await apiRequest("DELETE", "/api/empty")).toBeNull();
  });

  test("failure message is 'status: response text'", async () => {
    const err = await failure(apiRequest("GET", "/api/fail-text"));
    expect(err.message).toBe("500: boom happened");
    expect(err.status).toBe(500);
  });

  test("failure with an empty body falls back to the status text", async () => {
    expect((await failure(apiRequest("GET", "/api/fail-empty"))).message).toBe("503: Service Unavailable");
  });

  test("serverMessage reads detail from a JSON error body", async () => {
    const err = await failure(apiRequest("POST", "/api/detail-error", {}));
    expect(err.message).toBe('400: {"detail":"Symbol not in list"}');
    expect(serverMessage(err)).toBe("Symbol not in list");
  });
});

describe("apiQuery", () => {
  test("GETs the path and parses JSON", async () => {
    expect(await query("/api/signals")).toEqual([{ id: 1 }]);
    expect(seen[0].method).toBe("GET");
    expect(seen[0].path).toBe("/api/signals/");
  });

  test("non-ok: 'status: status text - ' plus at most 500 characters of body", async () => {
    const err = await failure(query("/api/fail-long"));
    expect(err.message).toBe(`404: Not Found - ${"x".repeat(500)}`);
  });

  test("non-JSON answer names the content type", async () => {
    const err = await failure(query("/api/html"));
    expect(err.message).toBe("Expected JSON response but got 'text/html;charset=utf-8': <!doctype html><p>app</p>");
  });

  test("missing content type reads 'unknown'", async () => {
    // Bun's server always adds a content type, so the header-less case is checked on the formatter itself.
    expect(nonJsonMessage(null, "plain")).toBe("Expected JSON response but got 'unknown': plain");
    expect(nonJsonMessage("", "y".repeat(700))).toBe(`Expected JSON response but got 'unknown': ${"y".repeat(500)}`);
  });

  test("invalid JSON carries the parse error and the body", async () => {
    const err = await failure(query("/api/bad-json"));
    expect(err.message).toStartWith("Invalid JSON response: ");
    expect(err.message).toEndWith(": {not json");
    expect(err.message.length).toBeGreaterThan("Invalid JSON response: : {not json".length);
  });
});

describe("revalidation", () => {
  test("a tagged answer is revalidated: 304 gives the held copy, a new tag a new body, another token no tag", async () => {
    signInAt(tokenExpiringIn(600_000), Date.now());
    taggedVersion = 1;
    expect(await query("/api/tagged")).toEqual({ version: 1 });
    const held = await query("/api/tagged");
    expect(held).toEqual({ version: 1 });
    expect(seen.at(-1)?.headers["if-none-match"]).toBe('W/"v1"');
    taggedVersion = 2;
    expect(await query("/api/tagged")).toEqual({ version: 2 });
    // A different sign-in never sends the last user's tag.
    signInAt(tokenExpiringIn(700_000), Date.now());
    await query("/api/tagged");
    expect(seen.at(-1)?.headers["if-none-match"]).toBeUndefined();
  });
});

test("a plain apiRequest GET revalidates the same way; one with its own headers does not", async () => {
  signInAt(tokenExpiringIn(800_000), Date.now());
  taggedVersion = 7;
  expect(await apiRequest("GET", "/api/tagged")).toEqual({ version: 7 });
  expect(await apiRequest("GET", "/api/tagged")).toEqual({ version: 7 });
  expect(seen.at(-1)?.headers["if-none-match"]).toBe('W/"v7"');
  await apiRequest("GET", "/api/tagged", undefined, { "x-extra": "1" });
  expect(seen.at(-1)?.headers["if-none-match"]).toBeUndefined();
});

test("after forgetTags (a push said the user's data changed) the next read asks for a full answer", async () => {
  signInAt(tokenExpiringIn(900_000), Date.now());
  taggedVersion = 9;
  await query("/api/tagged");
  await query("/api/tagged");
  expect(seen.at(-1)?.headers["if-none-match"]).toBe('W/"v9"');
  forgetTags();
  expect(await query("/api/tagged")).toEqual({ version: 9 });
  expect(seen.at(-1)?.headers["if-none-match"]).toBeUndefined();
});

describe("401 handling", () => {
  test("refreshes once and retries with the new token", async () => {
    const old = tokenExpiringIn(30_000);
    validToken = tokenExpiringIn(900_000, { v: 2 });
    signInAt(old, Date.now() - 60_000);
    refreshAnswer = { status: 200, body: JSON.stringify({ access_token: validToken }) };
    expect(await apiRequest("GET", "/api/private")).toEqual({ secret: 42 });
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBe(validToken);
    expect(seen.filter((s) => s.path === "/api/private").map((s) => s.headers.authorization)).toEqual([`Bearer ${old}`, `Bearer ${validToken}`]);
  });

  test("extra headers (the start's Idempotency-Key) are sent again on the retry", async () => {
    validToken = tokenExpiringIn(900_000, { v: 3 });
    signInAt(tokenExpiringIn(30_000), Date.now() - 60_000);
    refreshAnswer = { status: 200, body: JSON.stringify({ access_token: validToken }) };
    await apiRequest("POST", "/api/private", { symbol: "BTCUSDT" }, { "Idempotency-Key": "k-1" });
    expect(seen.filter((s) => s.path === "/api/private").map((s) => s.headers["idempotency-key"])).toEqual(["k-1", "k-1"]);
  });

  test("concurrent 401s share a single refresh", async () => {
    signInAt(tokenExpiringIn(30_000), Date.now() - 60_000);
    validToken = tokenExpiringIn(900_000, { v: 3 });
    refreshAnswer = { status: 200, body: JSON.stringify({ access_token: validToken }) };
    const results = await Promise.all([apiRequest("GET", "/api/private"), query("/api/private"), apiRequest("GET", "/api/private")]);
    expect(results).toEqual([{ secret: 42 }, { secret: 42 }, { secret: 42 }]);
    expect(refreshCalls).toBe(1);
  });

  test("failed refresh with an expired token clears the session and surfaces the 401", async () => {
    validToken = "never";
    signInAt(tokenExpiringIn(-5_000), Date.now() - 900_000);
    const err = await failure(apiRequest("GET", "/api/private"));
    expect(err.status).toBe(401);
    expect(err.message).toBe('401: {"detail":"Not authenticated"}');
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  test("failed refresh with a token lacking exp clears the session", async () => {
    validToken = "never";
    signInAt("opaque-token", Date.now());
    await failure(apiRequest("GET", "/api/private"));
    expect(getAccessToken()).toBeNull();
  });

  test("failed refresh keeps a token with more than 60 s left", async () => {
    validToken = "never";
    const token = tokenExpiringIn(300_000);
    signInAt(token, Date.now() - 600_000);
    await failure(apiRequest("GET", "/api/private"));
    expect(getAccessToken()).toBe(token);
  });

  test("query fetch: a 401 left after refresh clears the session and returns null", async () => {
    validToken = "never";
    signInAt(tokenExpiringIn(300_000), Date.now());
    expect(await query("/api/private")).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  test("auth endpoints never trigger a refresh", async () => {
    signInAt(tokenExpiringIn(300_000), Date.now());
    await failure(apiRequest("POST", "/api/auth/login", { email: "a@b.c" }));
    expect(refreshCalls).toBe(0);
  });
});

describe("time limit and credentials", () => {
  afterEach(() => jest.useRealTimers());

  test("a call with no answer ends at the 15 s limit as a network failure (TimeoutError), not before", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    jest.useFakeTimers();
    let outcome: unknown = "pending";
    const call = apiRequest("POST", "/api/hang", { email: "a@b.c" }).then(
      () => "answered",
      (err: unknown) => err,
    );
    void call.then((v) => {
      outcome = v;
    });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
    // A whole answered round trip meanwhile (timers are fake, so no sleep): the hanging call is still open.
    expect(await apiRequest("GET", "/api/echo")).toEqual({ ok: true });
    expect(outcome).toBe("pending");
    jest.advanceTimersByTime(1);
    const err = await call;
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe("TimeoutError");
    expect(isNetworkFailure(err)).toBe(true);
    expect(classifyFailure(err)).toBe("network");
  });

  test("polled reads outwait the actions' limit and end at their own as a network failure", async () => {
    jest.useFakeTimers();
    let outcome: unknown = "pending";
    const call = apiQuery("/api/hang").then(
      () => "answered",
      (err: unknown) => err,
    );
    void call.then((v) => {
      outcome = v;
    });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    // A round trip meanwhile: the read is still open past the 15 s an action would have had.
    expect(await apiRequest("GET", "/api/echo")).toEqual({ ok: true });
    expect(outcome).toBe("pending");
    jest.advanceTimersByTime(QUERY_TIMEOUT_MS - REQUEST_TIMEOUT_MS - 1);
    expect(await apiRequest("GET", "/api/echo")).toEqual({ ok: true });
    expect(outcome).toBe("pending");
    jest.advanceTimersByTime(1);
    const err = await call;
    expect((err as DOMException).name).toBe("TimeoutError");
    expect(classifyFailure(err)).toBe("network");
  });

  test("credentials 'omit' sends neither the cookie mode nor the bearer token", async () => {
    signInAt(tokenExpiringIn(600_000), Date.now());
    await apiRequest("POST", "/api/echo", { email: "a@b.c" }, undefined, { credentials: "omit" });
    expect(seen[0].headers.authorization).toBeUndefined();
  });
});
