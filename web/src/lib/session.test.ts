// Session keep rules (7 s grace / 60 s remaining), token exp parsing and the single-flight refresh against a real server.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { setApiHost } from "./api-host";
import {
  clearSession,
  getAccessToken,
  isExpiredOrUnknown,
  refreshAccessToken,
  refreshFailureMessage,
  SESSION_HINT_KEY,
  setAccessToken,
  setSessionId,
  shouldKeepToken,
  subscribeSession,
  tokenExpiryMs,
} from "./session";
import { fakeJwt, tokenExpiringIn } from "./test-jwt";
import { readSession, resetSession, signInAt } from "./test-session";

// Bun has no localStorage; the session mark lives there in a browser, so these tests give it a plain one.
if (typeof localStorage === "undefined") {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, String(v)),
      removeItem: (k: string) => void items.delete(k),
    },
  });
}

const NOW = 1_750_000_000_000;
const tokenWithExp = (expMs: number) => fakeJwt({ sub: "7", exp: Math.floor(expMs / 1000) });

describe("tokenExpiryMs", () => {
  test("reads exp in milliseconds", () => {
    expect(tokenExpiryMs(fakeJwt({ exp: 1_750_000_123 }))).toBe(1_750_000_123_000);
  });
  test("null for missing exp, garbage and absent tokens", () => {
    expect(tokenExpiryMs(fakeJwt({ sub: "1" }))).toBeNull();
    expect(tokenExpiryMs("not-a-jwt")).toBeNull();
    expect(tokenExpiryMs("a.!!!.c")).toBeNull();
    expect(tokenExpiryMs(null)).toBeNull();
  });
});

describe("shouldKeepToken", () => {
  test("kept: more than 60 s left, set long ago", () => {
    expect(shouldKeepToken(tokenWithExp(NOW + 61_000), NOW - 600_000, NOW)).toBe(true);
  });
  test("dropped: exactly 60 s left and set long ago", () => {
    expect(shouldKeepToken(tokenWithExp(NOW + 60_000), NOW - 600_000, NOW)).toBe(false);
  });
  test("kept: 10 s left but set 6.999 s ago (grace)", () => {
    expect(shouldKeepToken(tokenWithExp(NOW + 10_000), NOW - 6_999, NOW)).toBe(true);
  });
  test("dropped: 10 s left and set exactly 7 s ago", () => {
    expect(shouldKeepToken(tokenWithExp(NOW + 10_000), NOW - 7_000, NOW)).toBe(false);
  });
  test("dropped: expired even if just set", () => {
    expect(shouldKeepToken(tokenWithExp(NOW - 1_000), NOW, NOW)).toBe(false);
  });
  test("dropped: no exp, no token", () => {
    expect(shouldKeepToken(fakeJwt({ sub: "1" }), NOW, NOW)).toBe(false);
    expect(shouldKeepToken(null, NOW, NOW)).toBe(false);
  });
});

describe("isExpiredOrUnknown", () => {
  test("expired, missing exp and no token are all unusable", () => {
    expect(isExpiredOrUnknown(tokenWithExp(NOW - 1), NOW)).toBe(true);
    expect(isExpiredOrUnknown(fakeJwt({}), NOW)).toBe(true);
    expect(isExpiredOrUnknown(null, NOW)).toBe(true);
    expect(isExpiredOrUnknown(tokenWithExp(NOW + 1_000), NOW)).toBe(false);
  });
});

test("refresh failure text: the response text, or 'refresh failed' when empty", () => {
  expect(refreshFailureMessage("Refresh token reused")).toBe("Refresh token reused");
  expect(refreshFailureMessage("  ")).toBe("refresh failed");
});

describe("store", () => {
  beforeEach(() => resetSession());

  test("setting a token records its time; clearing wipes token, session id and notifies", () => {
    let notified = 0;
    const off = subscribeSession(() => notified++);
    const before = Date.now();
    setAccessToken("tok");
    setSessionId(12);
    expect(getAccessToken()).toBe("tok");
    expect(readSession().sessionId).toBe(12);
    expect(readSession().setAt).toBeGreaterThanOrEqual(before);
    clearSession();
    const { accessToken, sessionId, setAt } = readSession();
    expect([accessToken, sessionId, setAt]).toEqual([null, null, null]);
    expect(notified).toBe(3);
    off();
  });
});

describe("refreshAccessToken", () => {
  let calls = 0;
  let answer: { status: number; body: string; cut?: boolean } = { status: 200, body: "" };
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      if (new URL(req.url).pathname !== "/api/auth/refresh" || req.method !== "POST") return new Response("no", { status: 404 });
      calls++;
      await Bun.sleep(15);
      if (!answer.cut) return new Response(answer.body, { status: answer.status });
      // The status and headers go out, then the body is cut off half-way (a navigation aborting the read looks the same).
      const half = answer.body.slice(0, answer.body.length >> 1);
      const body = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(half));
          setTimeout(() => c.error(new Error("cut")), 5);
        },
      });
      return new Response(body, { status: answer.status, headers: { "content-length": String(answer.body.length) } });
    },
  });
  afterAll(() => server.stop(true));
  beforeEach(() => {
    resetSession();
    calls = 0;
    setApiHost(`http://127.0.0.1:${server.port}`);
  });

  test("single-flight: concurrent callers get the same new token from one request", async () => {
    const fresh = tokenExpiringIn(900_000);
    answer = { status: 200, body: JSON.stringify({ access_token: fresh }) };
    const results = await Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    expect(results).toEqual([fresh, fresh, fresh]);
    expect(calls).toBe(1);
    expect(getAccessToken()).toBe(fresh);
  });

  test("failure keeps a recently set token that is not expired", async () => {
    answer = { status: 401, body: "Refresh token expired" };
    const token = tokenExpiringIn(20_000);
    signInAt(token, Date.now() - 1_000);
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBe(token);
    expect(readSession().lastRefreshError).toBe("Refresh token expired");
  });

  test("failure clears a token set long ago with under 60 s left", async () => {
    answer = { status: 401, body: "" };
    signInAt(tokenExpiringIn(20_000), Date.now() - 30_000);
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(readSession().lastRefreshError).toBe("refresh failed");
  });

  test("a success without access_token counts as a failure", async () => {
    answer = { status: 200, body: "{}" };
    expect(await refreshAccessToken()).toBeNull();
    expect(readSession().lastRefreshError).toBe("refresh failed");
  });

  test("a refresh that never reached the server keeps this browser's session mark; one the server refused clears it", async () => {
    localStorage.setItem(SESSION_HINT_KEY, "1");
    // Start-up: no token yet, and the refresh is cut off (a navigation aborting it, the network gone).
    setApiHost("http://127.0.0.1:1");
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe("1");
    // A 200 whose body never fully arrived is no answer either: the cookie may well have been rotated and stored.
    setApiHost(`http://127.0.0.1:${server.port}`);
    answer = { status: 200, body: JSON.stringify({ access_token: tokenExpiringIn(900_000) }), cut: true };
    expect(await refreshAccessToken()).toBeNull();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe("1");
    // The server answered no: the cookie is gone, and the next page load need not try it.
    setApiHost(`http://127.0.0.1:${server.port}`);
    answer = { status: 401, body: "" };
    expect(await refreshAccessToken()).toBeNull();
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  test("network failure keeps a valid token but clears an expired one", async () => {
    setApiHost("http://127.0.0.1:1");
    const valid = tokenExpiringIn(20_000);
    signInAt(valid, Date.now() - 600_000);
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBe(valid);
    signInAt(tokenExpiringIn(-1_000), Date.now() - 600_000);
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});
