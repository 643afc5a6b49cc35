// Binance parsing from hand-written fixtures in the exchange's documented format, the REST provider and reconnect backoff.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { createLogger } from "@core/infra/log";
import {
  backoffDelay,
  createBinanceProvider,
  futuresSymbol,
  openKlineStream,
  parseDepth,
  parseFundingHistory,
  parseKlineStreamMessage,
  parseKlines,
  parsePremiumIndex,
  parseTicker24h,
} from "./binance";

const fixture = (name: string) => readFileSync(join(import.meta.dir, "fixtures", name), "utf8");
const json = (name: string) => JSON.parse(fixture(name));

describe("REST parsing", () => {
  test("klines", () => {
    const ks = parseKlines(json("klines-BTCUSDT-1h.json"));
    expect(ks).toHaveLength(3);
    expect(ks[2]).toEqual({ t: 1725588000000, o: 56738, h: 56840.88, l: 56532, c: 56588, v: 639.59002 });
  });

  test("24h ticker", () => {
    expect(parseTicker24h(json("ticker24h-BTCUSDT.json"))).toEqual([
      {
        symbol: "BTCUSDT",
        price: 56588,
        change_24h: -2.386,
        open: 57970.9,
        high: 58327.07,
        low: 55643.65,
        volume: 27806.91413,
        quote_volume: 1583459637.132206,
        close_time: 1725591599999,
      },
    ]);
  });

  test("depth", () => {
    const d = parseDepth(json("depth-BTCUSDT.json"));
    expect(d.last_update_id).toBe(51237745123);
    expect(d.bids[0]).toEqual({ price: 56587.99, qty: 4.21571 });
    expect(d.asks[2]).toEqual({ price: 56589.2, qty: 0.8 });
  });

  test("premium index and funding history", () => {
    expect(parsePremiumIndex(json("premiumIndex-BTCUSDT.json"))).toEqual({
      symbol: "BTCUSDT",
      funding_rate: 0.00009866,
      mark_price: 56601.4,
      next_funding_time: 1725609600000,
    });
    expect(parseFundingHistory(json("fundingRate-BTCUSDT.json"))).toEqual([{ t: 1715644800000, rate: 0.00009866 }]);
  });

  test("malformed responses throw a clear error", () => {
    expect(() => parseKlines({ code: -1121, msg: "Invalid symbol." })).toThrow("Binance klines: expected an array");
    expect(() => parseKlines([[1, "x", "1", "1", "1", "1"]])).toThrow("open is not a number");
    expect(() => parseDepth({})).toThrow("expected bids and asks");
  });
});

describe("stream parsing", () => {
  test("a closed kline event", () => {
    expect(parseKlineStreamMessage(fixture("kline-stream.json"))).toEqual({
      symbol: "BTCUSDT",
      interval: "1h",
      candle: { t: 1725588000000, o: 56738, h: 56840.88, l: 56532, c: 56588, v: 639.59002 },
      closed: true,
    });
  });

  test("other events are ignored", () => {
    expect(parseKlineStreamMessage(JSON.stringify({ stream: "btcusdt@trade", data: { e: "trade", s: "BTCUSDT" } }))).toBeNull();
  });
});

describe("provider over a recorded fetch", () => {
  const responses: Record<string, string> = {
    "/api/v3/klines": fixture("klines-BTCUSDT-1h.json"),
    "/fapi/v1/premiumIndex": fixture("premiumIndex-BTCUSDT.json"),
    "/fapi/v1/fundingRate": fixture("fundingRate-BTCUSDT.json"),
    "/api/v3/ticker/24hr": fixture("ticker24h-BTCUSDT.json"),
    "/api/v3/depth": fixture("depth-BTCUSDT.json"),
  };
  const urls: string[] = [];
  const provider = createBinanceProvider({
    now: () => 1725591000000, // 11:50 of the last fixture candle's hour: it is still open
    fetch: async (url) => {
      urls.push(url);
      const body = responses[new URL(url).pathname];
      return body ? new Response(body, { status: 200 }) : new Response("{}", { status: 404 });
    },
  });

  test("candles drop the still-open candle and respect the limit", async () => {
    const ks = await provider.candles("BTCUSDT", "1h", { limit: 5 });
    expect(ks.map((k) => k.t)).toEqual([1725580800000, 1725584400000]);
    expect(urls[0]).toBe("https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1h&endTime=1725591000000&limit=6");
  });

  test("funding: current from premiumIndex, historical from fundingRate, 1000-unit contracts mapped", async () => {
    expect(await provider.fundingRate("BTCUSDT")).toBe(0.00009866);
    expect(await provider.fundingRate("BTCUSDT", 1715644800000)).toBe(0.00009866);
    expect(futuresSymbol("PEPEUSDT")).toBe("1000PEPEUSDT");
    expect(futuresSymbol("BTCUSDT")).toBe("BTCUSDT");
  });

  test("ticker and depth", async () => {
    expect((await provider.ticker24h("BTCUSDT")).change_24h).toBe(-2.386);
    expect((await provider.depth("BTCUSDT")).asks).toHaveLength(3);
  });

  test("an unreachable exchange gives a clear network error", async () => {
    const offline = createBinanceProvider({
      fetch: async () => {
        throw new TypeError("Unable to connect");
      },
    });
    await expect(offline.candles("BTCUSDT", "1h", { limit: 1 })).rejects.toThrow(
      /Binance unreachable: GET https:\/\/api\.binance\.com\/api\/v3\/klines.*Unable to connect/,
    );
    const failing = createBinanceProvider({ fetch: async () => new Response('{"code":-1121,"msg":"Invalid symbol."}', { status: 400 }) });
    await expect(failing.ticker24h("NOPE")).rejects.toThrow('answered 400: {"code":-1121,"msg":"Invalid symbol."}');
  });
});

describe("reconnect backoff", () => {
  test("doubles per attempt, capped, with jitter in the upper half", () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(3, 0.5)).toBe(6000);
    expect(backoffDelay(10, 1)).toBe(60_000);
    expect(backoffDelay(10, 0)).toBe(30_000);
  });
});

describe("kline stream over a local exchange stand-in", () => {
  test("subscribes to every pair, delivers klines, and reconnects after the exchange drops it", async () => {
    const message = fixture("kline-stream.json");
    const urls: string[] = [];
    let connections = 0;
    const exchange = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(req, server) {
        urls.push(new URL(req.url).search);
        return server.upgrade(req) ? undefined : new Response("upgrade expected", { status: 400 });
      },
      websocket: {
        open(ws) {
          connections++;
          ws.send(message);
          // The first connection is dropped by the "exchange", as Binance does every 24 h.
          if (connections === 1) setTimeout(() => ws.close(1001, "going away"), 20);
        },
        message() {},
      },
    });
    const got: string[] = [];
    const stream = openKlineStream({
      symbols: ["BTCUSDT", "ETHUSDT"],
      interval: "1h",
      onKline: (k) => got.push(`${k.symbol}@${k.candle.c}`),
      log: createLogger("test", "silent"),
      url: `ws://127.0.0.1:${exchange.port}/stream`,
    });
    try {
      const until = Date.now() + 5_000;
      while (got.length < 2 && Date.now() < until) await Bun.sleep(25);
      const expected = parseKlineStreamMessage(message)!;
      expect(got).toEqual([`${expected.symbol}@${expected.candle.c}`, `${expected.symbol}@${expected.candle.c}`]);
      expect(connections).toBe(2);
      expect(urls[0]).toBe("?streams=btcusdt@kline_1h/ethusdt@kline_1h");
    } finally {
      stream.close();
      exchange.stop(true);
    }
  });
});
