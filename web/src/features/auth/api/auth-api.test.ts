// Auth calls as sent: forgot and reset without credentials (spec 01 §7), the public-IP lookup off unless the build
// turns it on, and a call that got no answer reading as the network text rather than a wrong password.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { NETWORK_ISSUE } from "@web/lib/fetch-errors";
import { resetSession, signInAt } from "@web/lib/test-session";
import { tokenExpiringIn } from "@web/lib/test-jwt";
import { timeoutError } from "@web/lib/timeout";
import { forgotPassword, login, resetPassword } from "./auth-api";
import { loginErrorText, registrationErrorText } from "./messages";
import { configuredLookupUrl, createPublicIpLookup } from "./public-ip";

type Sent = { url: string; init: RequestInit };
function captureFetch() {
  const sent: Sent[] = [];
  const spy = spyOn(globalThis, "fetch").mockImplementation((async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return Response.json({ status: "ok", access_token: "t", session_id: 1 });
  }) as typeof fetch);
  return { sent, spy };
}

afterEach(() => resetSession());

describe("credentials", () => {
  test("forgot and reset go with credentials 'omit' and no bearer token; login includes cookies", async () => {
    signInAt(tokenExpiringIn(600_000), Date.now());
    const { sent, spy } = captureFetch();
    try {
      await forgotPassword(" ada@example.test ");
      await resetPassword("tok", "Secret123!", "Secret123!");
      await login({ email: "ada@example.test", password: "x", rememberMe: false });
    } finally {
      spy.mockRestore();
    }
    const [forgot, reset, signIn] = sent;
    expect(forgot.url).toEndWith("/api/auth/forgot-password");
    expect(forgot.init.credentials).toBe("omit");
    expect((forgot.init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(reset.init.credentials).toBe("omit");
    expect(signIn.init.credentials).toBe("include");
    // The lookup is off in this build: the payload says so with null.
    expect(JSON.parse(String(signIn.init.body)).client_public_ip).toBeNull();
  });
});

describe("public-IP lookup (spec 01 §7), off by default", () => {
  test("no flag, no lookup", async () => {
    expect(configuredLookupUrl()).toBeNull();
    let calls = 0;
    const lookup = createPublicIpLookup(null, async () => {
      calls++;
      return Response.json({ ip: "1.2.3.4" });
    });
    expect(await lookup()).toBeNull();
    expect(calls).toBe(0);
  });

  test("on: reads the JSON field ip once, without credentials, and caches it", async () => {
    const seen: RequestInit[] = [];
    const lookup = createPublicIpLookup("https://ip.example/json", async (_url, init) => {
      seen.push(init);
      return Response.json({ ip: " 203.0.113.7 " });
    });
    expect(await lookup()).toBe("203.0.113.7");
    expect(await lookup()).toBe("203.0.113.7");
    expect(seen.length).toBe(1);
    expect(seen[0].credentials).toBe("omit");
  });

  test("a failing or unreadable service gives null and is asked again next time", async () => {
    const answers: Array<() => Response> = [() => new Response("<html>", { status: 502 }), () => Response.json({ ip: "198.51.100.2" })];
    const lookup = createPublicIpLookup("https://ip.example/json", async () => answers.shift()!());
    expect(await lookup()).toBeNull();
    expect(await lookup()).toBe("198.51.100.2");
  });
});

test("no answer (network failure or the time limit) reads as the network text on Sign In and Create Account", () => {
  for (const err of [new TypeError("Failed to fetch"), timeoutError(15_000)]) {
    expect(loginErrorText(err)).toBe(NETWORK_ISSUE);
    expect(registrationErrorText(err, "create").text).toBe(NETWORK_ISSUE);
  }
  expect(NETWORK_ISSUE).toBe("Network issue. Please check your connection and retry.");
});
