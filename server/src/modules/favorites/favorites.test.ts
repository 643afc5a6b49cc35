// Favorites: upper-cased supported symbols, idempotent add, cap of 100 with 'limit' in the message, per-user isolation.
import { afterAll, describe, expect, test } from "bun:test";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { MAX_FAVORITES } from "./service";

const app = testApp();
afterAll(() => closeTestDeps());

const symbols = (r: { body: { favorites: Array<{ symbol: string }> } }) => r.body.favorites.map((f) => f.symbol);

describe("/api/user/favorites", () => {
  test("add (trimmed, upper-cased, idempotent), list, remove", async () => {
    const u = await createUser();
    expect((await call(app, "GET", "/api/user/favorites", { token: u.token })).body).toEqual({ favorites: [] });
    const added = await call(app, "POST", "/api/user/favorites", { token: u.token, body: { symbol: " ethusdt " } });
    expect(added.status).toBe(200);
    expect(added.body.symbol).toBe("ETHUSDT");
    await call(app, "POST", "/api/user/favorites", { token: u.token, body: { symbol: "BTCUSDT" } });
    const again = await call(app, "POST", "/api/user/favorites", { token: u.token, body: { symbol: "ETHUSDT" } });
    expect(again.status).toBe(200);
    expect(symbols(await call(app, "GET", "/api/user/favorites/", { token: u.token }))).toEqual(["ETHUSDT", "BTCUSDT"]);

    const removed = await call(app, "DELETE", "/api/user/favorites/ethusdt", { token: u.token });
    expect(removed.status).toBe(200);
    expect(symbols(removed)).toEqual(["BTCUSDT"]);
    const gone = await call(app, "DELETE", "/api/user/favorites/ETHUSDT", { token: u.token });
    expect(gone.status).toBe(404);
  });

  test("unsupported symbols are 400; no token is 401", async () => {
    const u = await createUser();
    const bad = await call(app, "POST", "/api/user/favorites", { token: u.token, body: { symbol: "NOPEUSDT" } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Symbol NOPEUSDT is not supported");
    expect((await call(app, "POST", "/api/user/favorites", { token: u.token, body: {} })).status).toBe(422);
    expect((await call(app, "GET", "/api/user/favorites")).status).toBe(401);
  });

  test(`at most ${MAX_FAVORITES}, even with parallel adds; the error names the limit`, async () => {
    const u = await createUser();
    const { sql } = testDeps();
    const first = SUPPORTED_SYMBOLS.slice(0, MAX_FAVORITES - 2);
    await sql`insert into favorites ${sql(first.map((symbol) => ({ user_id: u.id, symbol })))}`;
    const extra = SUPPORTED_SYMBOLS.slice(MAX_FAVORITES - 2, MAX_FAVORITES + 3);
    const results = await Promise.all(extra.map((symbol) => call(app, "POST", "/api/user/favorites", { token: u.token, body: { symbol } })));
    expect(results.filter((r) => r.status === 200).length).toBe(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused.length).toBe(3);
    expect(refused[0].body.detail).toContain("limit");
    const [{ n }] = await sql`select count(*)::int as n from favorites where user_id = ${u.id}`;
    expect(n).toBe(MAX_FAVORITES);
  });

  test("user B can neither see nor delete user A's favorites", async () => {
    const a = await createUser();
    const b = await createUser();
    await call(app, "POST", "/api/user/favorites", { token: a.token, body: { symbol: "SOLUSDT" } });
    expect((await call(app, "GET", "/api/user/favorites", { token: b.token })).body).toEqual({ favorites: [] });
    expect((await call(app, "DELETE", "/api/user/favorites/SOLUSDT", { token: b.token })).status).toBe(404);
    expect(symbols(await call(app, "GET", "/api/user/favorites", { token: a.token }))).toEqual(["SOLUSDT"]);
  });
});
