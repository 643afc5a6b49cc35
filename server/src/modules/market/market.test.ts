// Market API over real Redis: 503 before the engine publishes, {data, computed_at} after, 400/404 for bad symbols; ingestion leader election.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MARKET_REFRESH_SECONDS, MARKET_TOPICS } from "@core/market/market-intervals";
import { EARLY_REPLAY_PERIOD } from "@core/market/recorded-symbols";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { createLogger } from "@core/infra/log";
import { call, closeTestDeps, testApp, testDeps } from "../../../../test/helpers";
import { createReplayClock, createReplayProvider } from "../../../../engine/src/market/providers/replay";
import { startMarketIngestion } from "../../../../engine/src/market/ingest";
import { sharedAnswers } from "@core/infra/metrics";
import { symbolsList } from "./service";

/** Market answers counted by route and by who gave them (memory before routing, or the route). */
async function sharedCount(route: string, answeredBy: "memory" | "route") {
  const { values } = await sharedAnswers.get();
  return values.filter((v) => v.labels.route === route && v.labels.answered_by === answeredBy).reduce((sum, v) => sum + v.value, 0);
}

const app = testApp();
const deps = testDeps();
const provider = createReplayProvider(createReplayClock({ fixedMs: Date.parse("2024-08-15T14:30:00Z") }));
const log = createLogger("test", "silent");
afterAll(() => closeTestDeps());
// The Redis prefix is per test run, shared by every file in it: start from "engine has not published yet".
beforeAll(async () => {
  await deps.redis.del(...MARKET_TOPICS.map((t) => deps.keys.key(`market:${t.topic}`)), deps.keys.key("market:leader"));
});

const paths = [
  "/api/market/health",
  "/api/market/pre-analysis",
  "/api/market/session",
  "/api/market/sentiment",
  "/api/market/core-assets?symbols=BTCUSDT,ETHUSDT",
  "/api/market/orderbook?symbol=BTCUSDT",
  "/api/market/movers?full_details=true",
];

describe("market API", () => {
  test("static reads work without snapshots", async () => {
    const r = await call(app, "GET", "/api/market/refresh-interval");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: { full_snapshot: 90, market_health: 40, orderbook: 15, sentiment: 180, movers: 90, session: 60 },
      computed_at: null,
    });
    const s = await call(app, "GET", "/api/market/symbols");
    expect(s.body.data.symbols).toEqual(SUPPORTED_SYMBOLS);
    // The spec's list: about 200 pairs, BNBUSDT among them; the default replay period serves every one.
    expect(s.body.data.count).toBe(200);
    expect(s.body.data.symbols).toContain("BNBUSDT");
    expect(s.body.data.provider).toBe("replay");
    expect(s.body.data.unavailable).toEqual({});
  });

  test("a replay of the earlier period names the listed pairs it has no candles for", () => {
    const early = symbolsList({ MARKET_PROVIDER: "replay", REPLAY_START: "2024-06-01T00:00:00Z" }).data;
    const later = SUPPORTED_SYMBOLS.find((s) => !EARLY_REPLAY_PERIOD.symbols.includes(s)) as string;
    expect(early.unavailable[later]).toBe("no recorded data in this replay period");
    expect(early.unavailable.BTCUSDT).toBeUndefined();
    expect(Object.keys(early.unavailable).length).toBe(early.count - EARLY_REPLAY_PERIOD.symbols.length);
    expect(symbolsList({ MARKET_PROVIDER: "binance", REPLAY_START: "2024-06-01T00:00:00Z" }).data.unavailable).toEqual({});
  });

  test("503 with detail before the engine has published", async () => {
    for (const path of paths) {
      const r = await call(app, "GET", path);
      expect([path, r.status]).toEqual([path, 503]);
      expect(r.body.detail).toStartWith("Market data not available yet");
    }
  });

  test("unknown symbols are 400, supported pairs without a card 404", async () => {
    expect((await call(app, "GET", "/api/market/orderbook?symbol=FOOUSDT")).status).toBe(400);
    expect((await call(app, "GET", "/api/market/orderbook?symbol=%3Cscript%3E")).body.detail).toBe("Unsupported symbol: <SCRIPT>");
    expect((await call(app, "GET", "/api/market/core-assets?symbols=BTCUSDT,NOPE")).status).toBe(400);
    expect((await call(app, "GET", "/api/market/core-assets?symbols=,")).status).toBe(400);
    const sol = await call(app, "GET", "/api/market/orderbook?symbol=SOLUSDT");
    expect([sol.status, sol.body.detail]).toEqual([404, "No order-book model for SOLUSDT: tracked for BTCUSDT, ETHUSDT only"]);
  });

  test("ingestion elects one leader, stores every topic, then the API answers 200", async () => {
    const a = startMarketIngestion({ config: { MARKET_PROVIDER: "replay" }, redis: deps.redis, keys: deps.keys, log, provider, instanceId: "a" });
    await a.ready;
    const b = startMarketIngestion({ config: { MARKET_PROVIDER: "replay" }, redis: deps.redis, keys: deps.keys, log, provider, instanceId: "b" });
    await Bun.sleep(200);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(await deps.redis.get(deps.keys.key("market:leader"))).toBe("a");

    for (const t of MARKET_TOPICS) {
      const raw = await deps.redis.get(deps.keys.key(`market:${t.topic}`));
      expect(raw).not.toBeNull();
      const ttl = await deps.redis.ttl(deps.keys.key(`market:${t.topic}`));
      expect(ttl).toBeGreaterThan(5 * MARKET_REFRESH_SECONDS[t.refresh] - 10);
    }

    const health = await call(app, "GET", "/api/market/health");
    expect(health.status).toBe(200);
    expect(Object.keys(health.body).sort()).toEqual(["computed_at", "data"]);
    expect(["HEALTHY", "NORMAL", "WEAK", "DEAD"]).toContain(health.body.data.status);
    expect(Number.isNaN(Date.parse(health.body.computed_at))).toBe(false);

    const gate = await call(app, "GET", "/api/market/pre-analysis");
    expect(["GO", "CAUTION", "NO_GO"]).toContain(gate.body.data.status);

    const session = await call(app, "GET", "/api/market/session");
    expect(session.body.data.session_info).toEqual({ is_overlap: true, overlap: "London/New York" });

    const core = await call(app, "GET", "/api/market/core-assets?symbols=btcusdt");
    expect(Object.keys(core.body.data)).toEqual(["BTCUSDT"]);
    // The replay card's price is the stated path through the forming candle at the replay clock (14:30).
    expect(core.body.data.BTCUSDT.price).toBe((await provider.pathPrice!("BTCUSDT", provider.now()))!.price);
    expect(core.body.data.BTCUSDT.change_24h).toBe(-0.0811);

    const ob = await call(app, "GET", "/api/market/orderbook?symbol=ETHUSDT");
    expect([ob.status, ob.body.derived, ob.body.data.symbol, ob.body.data.derived]).toEqual([200, true, "ETHUSDT", true]);

    const full = await call(app, "GET", "/api/market/movers?full_details=true");
    const short = await call(app, "GET", "/api/market/movers");
    expect(full.body.data.all_symbols.length).toBeGreaterThan(100);
    expect(short.body.data.all_symbols).toBeUndefined();
    expect(short.body.data.gainers).toEqual(full.body.data.gainers);

    const sentiment = await call(app, "GET", "/api/market/sentiment");
    expect(sentiment.body.derived).toBe(true);
    expect(sentiment.body.data.btc_dominance_basis).toContain("24h quote volume");

    // Stopping the leader releases the lock at once; the standby takes over on its next election round.
    await a.stop();
    expect(await deps.redis.get(deps.keys.key("market:leader"))).toBeNull();
    await b.stop();
  });

  test("a market answer is serialised once for every caller, compressed as asked, headed as every API answer, and new with each snapshot", async () => {
    const key = deps.keys.key("market:movers");
    const stored = JSON.parse((await deps.redis.get(key))!) as { data: Record<string, unknown>; computed_at: string };
    const ask = (encoding?: string) =>
      app.handle(new Request("http://localhost/api/market/movers?full_details=true", { headers: encoding ? { "accept-encoding": encoding } : {} }));
    const [gz, br, plain] = await Promise.all([ask("gzip"), ask("br, gzip"), ask()]);
    expect([gz.headers.get("content-encoding"), br.headers.get("content-encoding"), plain.headers.get("content-encoding")]).toEqual([
      "gzip",
      "br",
      null,
    ]);
    for (const r of [gz, br, plain]) {
      expect(r.headers.get("vary")).toContain("Accept-Encoding");
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("content-type")).toStartWith("application/json");
    }
    const text = await plain.text();
    expect(JSON.parse(text)).toEqual(stored);
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(text);
    // A new snapshot announced on its channel replaces the answer at once.
    const next = { ...stored, computed_at: new Date(Date.parse(stored.computed_at) + 60_000).toISOString() };
    await deps.redis.set(key, JSON.stringify(next));
    await deps.redis.publish(deps.keys.channel("market.movers"), "1");
    await Bun.sleep(50);
    expect((await (await ask()).json()).computed_at).toBe(next.computed_at);
  });

  test("a market answer is tagged by its content: its tag answers 304 while the snapshot stands, and a new one reads in full", async () => {
    const key = deps.keys.key("market:sentiment");
    const ask = (etag?: string) =>
      app.handle(new Request("http://localhost/api/market/sentiment", { headers: etag ? { "if-none-match": etag } : {} }));
    const first = await ask();
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await ask(etag);
    expect([again.status, await again.text(), again.headers.get("etag"), again.headers.get("cache-control")]).toEqual([304, "", etag, "no-store"]);
    expect((await ask(`"other", ${etag.slice(2)}`)).status).toBe(304);
    // The same content read again by another copy (a second later, or on another server) keeps its tag.
    await deps.redis.publish(deps.keys.channel("market.sentiment"), "1");
    await Bun.sleep(50);
    expect((await ask(etag)).status).toBe(304);
    const stored = JSON.parse((await deps.redis.get(key))!) as { computed_at: string };
    await deps.redis.set(key, JSON.stringify({ ...stored, computed_at: new Date(Date.parse(stored.computed_at) + 60_000).toISOString() }));
    await deps.redis.publish(deps.keys.channel("market.sentiment"), "1");
    await Bun.sleep(50);
    const changed = await ask(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.json()).computed_at).not.toBe(stored.computed_at);
  });
  test("while a snapshot copy stands, its reads are answered from memory exactly as the route answers them: 304 or in full, in each encoding", async () => {
    const origin = deps.config.PUBLIC_ORIGIN;
    const ask = (path: string, headers: Record<string, string> = {}) =>
      app.handle(new Request(`http://localhost${path}`, { headers: { origin, ...headers } }));
    const answerOf = async (res: Response) => ({
      status: res.status,
      headers: [...res.headers].filter(([name]) => name !== "date").sort(),
      body: Buffer.from(await res.arrayBuffer()).toString("base64"),
    });
    const topics = ["health", "gate", "session", "sentiment", "core_assets", "orderbook:BTCUSDT", "movers"];
    for (const [i, path] of paths.entries()) {
      const route = path.replace(/\?.*$/, "");
      const etag = (await ask(path)).headers.get("etag")!;
      const variants: Record<string, string>[] = [{ "if-none-match": etag }, { "accept-encoding": "br" }, { "accept-encoding": "gzip" }, {}];
      for (const headers of variants) {
        // The copy dropped (a new snapshot announced): only the route, reading Redis again, can answer.
        await deps.redis.publish(deps.keys.channel(`market.${topics[i]}`), "1");
        await Bun.sleep(50);
        const before = { memory: await sharedCount(route, "memory"), route: await sharedCount(route, "route") };
        const viaRoute = await answerOf(await ask(path, headers));
        expect([await sharedCount(route, "memory"), await sharedCount(route, "route")]).toEqual([before.memory, before.route + 1]);
        const fromMemory = await answerOf(await ask(path, headers));
        expect([await sharedCount(route, "memory"), await sharedCount(route, "route")]).toEqual([before.memory + 1, before.route + 1]);
        expect({ path, ...fromMemory }).toEqual({ path, ...viaRoute });
        expect(viaRoute.status).toBe("if-none-match" in headers ? 304 : 200);
        expect(new Map(fromMemory.headers).get("access-control-allow-origin")).toBe(origin);
      }
      // Another tag: answered in full.
      expect((await ask(path, { "if-none-match": 'W/"other"' })).status).toBe(200);
    }
  });
  test("query spellings nobody repeats do not keep the polled one from memory", async () => {
    // A path asked for the first time after the spellings filled the bound.
    const path = "/api/market/core-assets?symbols=ETHUSDT";
    for (let n = 0; n < 100; n++) expect((await app.handle(new Request(`http://localhost${path}&n=${n}`))).status).toBe(200);
    await app.handle(new Request(`http://localhost${path}`));
    const before = await sharedCount("/api/market/core-assets", "memory");
    expect((await app.handle(new Request(`http://localhost${path}`))).status).toBe(200);
    expect(await sharedCount("/api/market/core-assets", "memory")).toBe(before + 1);
  });
});
