// Refresh and logout refuse requests another site made (Origin, Sec-Fetch-Site) before touching the cookie or session.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, testDeps } from "../../../../test/helpers";
import { accountsApp, freshIp, refreshCookie, registerViaApi, signIn } from "./testing";
import { FOREIGN_ORIGIN_DETAIL } from "../../lib/origin";

afterAll(() => closeTestDeps());
const app = accountsApp();
const site = testDeps().config.PUBLIC_ORIGIN;

const post = (path: string, cookie: string, headers: Record<string, string>, token?: string) =>
  call(app, "POST", path, { token, headers: { "x-forwarded-for": freshIp(), cookie: `tw_refresh=${cookie}`, ...headers } });

describe("Origin check on refresh and logout (issue 31, item 10)", () => {
  test("a foreign Origin gets 403 cross_site_request; the cookie is neither rotated nor cleared and the session lives on", async () => {
    const who = await registerViaApi(app);
    const s = await signIn(app, who);
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign)
      for (const path of ["/api/auth/refresh", "/api/auth/logout"]) {
        const res = await post(path, s.refresh, headers, path.endsWith("logout") ? s.token : undefined);
        expect({ path, headers, status: res.status, body: res.body }).toEqual({
          path,
          headers,
          status: 403,
          body: { detail: FOREIGN_ORIGIN_DETAIL, code: "cross_site_request" },
        });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    const [session] = await testDeps().sql`select status from login_sessions where id = ${s.sessionId}`;
    expect(session.status).toBe("active");
    // The same cookie still refreshes from the site itself, from the host it was reached at, and without an Origin.
    let cookie = s.refresh;
    const allowed: Record<string, string>[] = [{ origin: site }, { origin: "http://127.0.0.1:3999", host: "127.0.0.1:3999" }, {}];
    for (const headers of allowed) {
      const res = await post("/api/auth/refresh", cookie, headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 200 });
      cookie = refreshCookie(res.headers)!;
    }
    const out = await post("/api/auth/logout", cookie, { origin: site, "sec-fetch-site": "same-origin" }, s.token);
    expect(out.status).toBe(200);
    const [ended] = await testDeps().sql`select status from login_sessions where id = ${s.sessionId}`;
    expect(ended.status).toBe("revoked");
  });
});
