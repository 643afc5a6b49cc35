// GET /api/market/candles over the shipped replay: shape, 4h = the 1h candles rolled up, never past the replay clock, 400s.
import { afterAll, describe, expect, test } from "bun:test";
import { binanceChartSource, CHART_INTERVAL_MS, type ChartCandleSource, rollUp } from "@core/market/chart-candles";
import { Elysia } from "elysia";
import { errorsPlugin } from "../../lib/errors-plugin";
import { marketModule } from "./index";
import { replayAnchor, sharedReplayClock } from "@core/market/market-replay";
import { call, closeTestDeps, testApp, testDeps } from "../../../../test/helpers";

const app = testApp();
const deps = testDeps();
afterAll(() => closeTestDeps());

const H = 3_600_000;
type K = { t: number; o: number; h: number; l: number; c: number; v: number };
const get = (q: string) => call(app, "GET", `/api/market/candles?${q}`);
/** The clock the server reads: the same config and the same Redis anchor (SET NX: whoever comes first sets it). */
const clock = () => sharedReplayClock(deps.config, () => replayAnchor(deps.redis, deps.keys));

describe("GET /api/market/candles", () => {
  test("answers {symbol, interval, source, candles} with closed candles oldest first", async () => {
    const r = await get("symbol=btcusdt&interval=1h&limit=5&end=1706745600000"); // end 2024-02-01T00:00Z
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["candles", "interval", "source", "symbol"]);
    expect([r.body.symbol, r.body.interval, r.body.source]).toEqual(["BTCUSDT", "1h", "replay"]);
    const ks = r.body.candles as K[];
    expect(ks.length).toBe(5);
    expect(Object.keys(ks[0]).sort()).toEqual(["c", "h", "l", "o", "t", "v"]);
    // The candle opened an hour before `end` closes exactly at it: the newest one served.
    expect(ks.map((k) => k.t)).toEqual([5, 4, 3, 2, 1].map((n) => 1706745600000 - n * H));
    for (const k of ks) expect(k.l <= Math.min(k.o, k.c) && k.h >= Math.max(k.o, k.c)).toBe(true);
    const d = await get("symbol=BTCUSDT&interval=1d&limit=3&end=1706745600000");
    expect((d.body.candles as K[]).map((k) => new Date(k.t).toISOString().slice(0, 10))).toEqual(["2024-01-29", "2024-01-30", "2024-01-31"]);
  });

  test("a 4h candle is exactly its four 1h candles rolled up, on UTC 4h boundaries", async () => {
    const end = Date.parse("2024-02-03T10:00:00Z"); // mid-bucket: the 08:00 bucket is still forming and is left out
    const four = (await get(`symbol=ETHUSDT&interval=4h&limit=6&end=${end}`)).body.candles as K[];
    const ones = (await get(`symbol=ETHUSDT&interval=1h&limit=40&end=${end}`)).body.candles as K[];
    expect(four.length).toBe(6);
    expect(four[four.length - 1].t).toBe(Date.parse("2024-02-03T04:00:00Z"));
    for (const k of four) {
      expect(k.t % (4 * H)).toBe(0);
      const parts = ones.filter((o) => o.t >= k.t && o.t < k.t + 4 * H);
      expect(parts.length).toBe(4);
      expect(k).toEqual({
        t: k.t,
        o: parts[0].o,
        h: Math.max(...parts.map((p) => p.h)),
        l: Math.min(...parts.map((p) => p.l)),
        c: parts[3].c,
        v: expect.closeTo(
          parts.reduce((s, p) => s + p.v, 0),
          6,
        ),
      });
    }
  });

  test("never serves a candle closing after the replay clock's now, whatever end asks for", async () => {
    const c = await clock();
    const before = c.now();
    const future = Date.parse("2025-09-01T00:00:00Z"); // past the end of the record
    for (const interval of ["1h", "4h", "1d"] as const) {
      for (const q of [`symbol=SOLUSDT&interval=${interval}&limit=50`, `symbol=SOLUSDT&interval=${interval}&limit=50&end=${future}`]) {
        const r = await get(q);
        const after = c.now();
        expect(r.status).toBe(200);
        const ks = r.body.candles as K[];
        expect(ks.length).toBeGreaterThan(0);
        const lastClose = ks[ks.length - 1].t + CHART_INTERVAL_MS[interval];
        expect(lastClose).toBeLessThanOrEqual(after);
        // ...and reaches up to it: the newest closed candle is served, not an older cut.
        expect(lastClose).toBeGreaterThan(before - CHART_INTERVAL_MS[interval]);
      }
    }
  });

  test("a window up to now also carries the candle forming after the last close; a past window does not", async () => {
    const c = await clock();
    for (const interval of ["1h", "4h", "1d"] as const) {
      const r = await get(`symbol=BTCUSDT&interval=${interval}&limit=30`);
      const now = c.now();
      const f = r.body.forming as K;
      const ks = r.body.candles as K[];
      const step = CHART_INTERVAL_MS[interval];
      // It opens where the last closed candle ends, holds the clock's moment and is a well-formed candle.
      expect(f.t).toBe(ks[ks.length - 1].t + step);
      expect(f.t <= now && now < f.t + step + 60_000).toBe(true);
      expect(f.l <= Math.min(f.o, f.c) && f.h >= Math.max(f.o, f.c)).toBe(true);
    }
    // On every interval the forming candle closes at the same stated-path price.
    const closes = await Promise.all(["1h", "4h", "1d"].map(async (i) => ((await get(`symbol=ETHUSDT&interval=${i}&limit=2`)).body.forming as K).c));
    // (each read a few milliseconds apart on a moving clock)
    expect(Math.max(...closes) - Math.min(...closes)).toBeLessThan(closes[0] * 1e-4);
    const past = await get("symbol=BTCUSDT&interval=1h&limit=5&end=1706745600000");
    expect("forming" in past.body).toBe(false);
  });

  test("bad input is a 400 with {detail, code}; a pair the replay has no data for is a 404", async () => {
    const cases: [string, string][] = [
      ["symbol=FOOUSDT&interval=1h", "unknown_symbol"],
      ["interval=1h", "unknown_symbol"],
      ["symbol=%3Cscript%3E&interval=1h", "unknown_symbol"],
      ["symbol=BTCUSDT&interval=15m", "unknown_interval"],
      ["symbol=BTCUSDT", "unknown_interval"],
      ["symbol=BTCUSDT&interval=1h&limit=0", "bad_limit"],
      ["symbol=BTCUSDT&interval=1h&limit=501", "bad_limit"],
      ["symbol=BTCUSDT&interval=1h&limit=2.5", "bad_limit"],
      ["symbol=BTCUSDT&interval=1h&limit=abc", "bad_limit"],
      ["symbol=BTCUSDT&interval=1h&end=yesterday", "bad_end"],
      ["symbol=BTCUSDT&interval=1h&end=-5", "bad_end"],
      ["symbol=BTCUSDT&interval=1h&end=1e30", "bad_end"],
    ];
    for (const [q, code] of cases) {
      const r = await get(q);
      expect([q, r.status, r.body.code]).toEqual([q, 400, code]);
      expect(typeof r.body.detail).toBe("string");
    }
    // A pair the 2024 record lacks (BNBUSDT) is served by the default replay period like every listed pair.
    expect((await get("symbol=BNBUSDT&interval=1h&limit=24")).body.candles.length).toBe(24);
    expect((await get("symbol=BTCUSDT&interval=1h&limit=500")).body.candles.length).toBe(500);
  });
});

describe("GET /api/market/clock", () => {
  test("answers the replay clock the candles and the engine read, with its speed", async () => {
    const c = await clock();
    const before = c.now();
    const r = await call(app, "GET", "/api/market/clock");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["now_ms", "source", "speed"]);
    expect([r.body.source, r.body.speed]).toEqual(["replay", deps.config.REPLAY_SPEED]);
    expect(r.body.now_ms).toBeGreaterThanOrEqual(before);
    expect(r.body.now_ms).toBeLessThanOrEqual(c.now());
    // A replayed moment, not the wall clock.
    expect(Math.abs(r.body.now_ms - Date.now())).toBeGreaterThan(24 * H);
  });
});

describe("chart candle sources", () => {
  test("rollUp leaves out a bucket still forming", () => {
    const k = (t: number, c: number) => ({ t, o: c, h: c + 1, l: c - 1, c, v: 1 });
    const ones = [0, 1, 2, 3, 4, 5].map((i) => k(i * H, 10 + i));
    expect(rollUp(ones, 4 * H, 6 * H)).toEqual([{ t: 0, o: 10, h: 14, l: 9, c: 13, v: 4 }]);
    expect(rollUp(ones, 4 * H, 8 * H).length).toBe(2);
  });

  test("live Binance klines: one call for the interval asked, the still-open candle dropped, never past now", async () => {
    const urls: string[] = [];
    const now = Date.parse("2024-05-01T10:30:00Z");
    const row = (t: number) => [t, "1", "2", "0.5", "1.5", "10", t + 4 * H - 1];
    const src = binanceChartSource({
      now: () => now,
      spotUrl: "http://binance.test",
      fetch: async (url) => {
        urls.push(url);
        return Response.json([row(now - 10.5 * H), row(now - 6.5 * H), row(now - 2.5 * H)]);
      },
    });
    const ks = await src.candles("BTCUSDT", "4h", now + 99 * H, 5);
    expect(urls).toEqual([`http://binance.test/api/v3/klines?symbol=BTCUSDT&interval=4h&endTime=${now}&limit=6`]);
    expect(ks.map((x) => x.t)).toEqual([now - 10.5 * H, now - 6.5 * H]);
  });
});

describe("candles are cached and limited per address", () => {
  const T = 1706745600000; // 2024-02-01T00:00Z, an hour boundary
  function counted() {
    let calls = 0;
    const source: ChartCandleSource = {
      name: "binance",
      now: () => T + 10 * H,
      candles: async (_symbol, _interval, end, limit) => {
        calls++;
        const last = Math.floor(Math.min(end ?? Number.POSITIVE_INFINITY, T + 10 * H) / H) * H - H;
        return Array.from({ length: limit }, (_, i) => ({ t: last - (limit - 1 - i) * H, o: 1, h: 2, l: 0.5, c: 1.5, v: 3 }));
      },
      forming: async () => null,
    };
    const app = new Elysia()
      .use(errorsPlugin(deps.log))
      .use(
        marketModule(
          { ...deps, config: { ...deps.config, TRUSTED_PROXY: "127.0.0.1" }, sessionCheck: Object.assign(async () => true, { known: () => true }) },
          { candleSource: source },
        ),
      );
    return { app, calls: () => calls };
  }
  const from = (app: { handle: (r: Request) => Promise<Response> }, q: string, ip: string) =>
    call(app, "GET", `/api/market/candles?${q}`, { headers: { "x-forwarded-for": ip } });

  test("requests whose end falls in the same interval share one source call (one exchange call live)", async () => {
    const { app, calls } = counted();
    const a = await from(app, `symbol=BTCUSDT&interval=1h&limit=3&end=${T + 10 * 60_000}`, "10.55.0.1");
    const b = await from(app, `symbol=BTCUSDT&interval=1h&limit=3&end=${T + 50 * 60_000}`, "10.55.0.2");
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(calls()).toBe(1);
    await from(app, `symbol=BTCUSDT&interval=1h&limit=3&end=${T + 70 * 60_000}`, "10.55.0.1");
    await from(app, "symbol=BTCUSDT&interval=4h&limit=3", "10.55.0.1");
    expect(calls()).toBe(3);
  });

  test("at most 120 candle requests a minute per address; 429 with JSON beyond, other addresses unaffected", async () => {
    const { app } = counted();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await from(app, "symbol=BTCUSDT&interval=1h&limit=2", "10.55.1.1")).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await from(app, "symbol=BTCUSDT&interval=1h&limit=2", "10.55.1.1")).body.detail).toBeString();
    expect((await from(app, "symbol=BTCUSDT&interval=1h&limit=2", "10.55.1.2")).status).toBe(200);
  });
});
