// Binance provider: public REST (klines, 24h ticker, depth, funding) and a combined kline stream with reconnect.
import { BINANCE_SPOT_REST, type Fetch, fetchClosedKlines, getJson, klineNumber as num } from "@core/market/binance-klines";
import { INTERVAL_MS, type Candle } from "@core/market/candles";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import type { Logger } from "@core/infra/log";
import { REPLAY_DATA_DIR } from "@core/market/market-replay";
import { recordedPerps } from "./funding";
import type { MarketProvider, ProviderInterval } from "./types";

export const BINANCE_FUTURES_REST = "https://fapi.binance.com";
export const BINANCE_SPOT_STREAM = "wss://stream.binance.com:9443/stream";

// The klines parser and URL are shared with the server's candles endpoint.
export { BINANCE_SPOT_REST, parseKlines } from "@core/market/binance-klines";

// Perpetuals of low-priced coins are quoted per 1000 units; their funding rate is the pair's funding rate.
const FUTURES_SYMBOL: Record<string, string> = {
  PEPEUSDT: "1000PEPEUSDT",
  SHIBUSDT: "1000SHIBUSDT",
  FLOKIUSDT: "1000FLOKIUSDT",
  BONKUSDT: "1000BONKUSDT",
  SATSUSDT: "1000SATSUSDT",
  XECUSDT: "1000XECUSDT",
};
export const futuresSymbol = (symbol: string) => FUTURES_SYMBOL[symbol] ?? symbol;

export type Ticker24h = {
  symbol: string;
  price: number;
  change_24h: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  quote_volume: number;
  close_time: number;
};

/** GET /api/v3/ticker/24hr: one object, or an array of them when no symbol is given. */
export function parseTicker24h(json: unknown): Ticker24h[] {
  const rows = Array.isArray(json) ? json : [json];
  return rows.map((r) => {
    const o = r as Record<string, unknown>;
    if (typeof o?.symbol !== "string") throw new Error("Binance ticker: missing symbol");
    return {
      symbol: o.symbol,
      price: num(o.lastPrice, "lastPrice"),
      change_24h: num(o.priceChangePercent, "priceChangePercent"),
      open: num(o.openPrice, "openPrice"),
      high: num(o.highPrice, "highPrice"),
      low: num(o.lowPrice, "lowPrice"),
      volume: num(o.volume, "volume"),
      quote_volume: num(o.quoteVolume, "quoteVolume"),
      close_time: num(o.closeTime, "closeTime"),
    };
  });
}

export type DepthLevel = { price: number; qty: number };
export type Depth = { last_update_id: number; bids: DepthLevel[]; asks: DepthLevel[] };

/** GET /api/v3/depth: {lastUpdateId, bids: [[price, qty]], asks: [[price, qty]]}. */
export function parseDepth(json: unknown): Depth {
  const o = json as { lastUpdateId?: unknown; bids?: unknown; asks?: unknown };
  if (!Array.isArray(o?.bids) || !Array.isArray(o?.asks)) throw new Error("Binance depth: expected bids and asks arrays");
  const side = (levels: unknown[], name: string) =>
    levels.map((l, i) => {
      if (!Array.isArray(l)) throw new Error(`Binance depth: ${name}[${i}] is malformed`);
      return { price: num(l[0], `${name} price`), qty: num(l[1], `${name} qty`) };
    });
  return { last_update_id: num(o.lastUpdateId, "lastUpdateId"), bids: side(o.bids, "bids"), asks: side(o.asks, "asks") };
}

/** GET /fapi/v1/premiumIndex?symbol=: the current funding rate is lastFundingRate. */
export function parsePremiumIndex(json: unknown): { symbol: string; funding_rate: number; mark_price: number; next_funding_time: number } {
  const o = json as Record<string, unknown>;
  if (typeof o?.symbol !== "string") throw new Error("Binance premiumIndex: missing symbol");
  return {
    symbol: o.symbol,
    funding_rate: num(o.lastFundingRate, "lastFundingRate"),
    mark_price: num(o.markPrice, "markPrice"),
    next_funding_time: num(o.nextFundingTime, "nextFundingTime"),
  };
}

/** GET /fapi/v1/fundingRate: [{symbol, fundingRate, fundingTime, markPrice}], oldest first. */
export function parseFundingHistory(json: unknown): { t: number; rate: number }[] {
  if (!Array.isArray(json)) throw new Error("Binance fundingRate: expected an array");
  return json.map((r) => ({
    t: num((r as Record<string, unknown>).fundingTime, "fundingTime"),
    rate: num((r as Record<string, unknown>).fundingRate, "fundingRate"),
  }));
}

export type StreamKline = { symbol: string; interval: string; candle: Candle; closed: boolean };

/** A combined-stream message: {stream: "btcusdt@kline_1h", data: {e: "kline", s, k: {t, o, h, l, c, v, i, x}}}; null for other events. */
export function parseKlineStreamMessage(raw: string): StreamKline | null {
  const msg = JSON.parse(raw) as { data?: { e?: string; s?: string; k?: Record<string, unknown> } };
  const d = msg.data;
  if (d?.e !== "kline" || !d.k || typeof d.s !== "string") return null;
  const k = d.k;
  return {
    symbol: d.s,
    interval: String(k.i),
    candle: { t: num(k.t, "k.t"), o: num(k.o, "k.o"), h: num(k.h, "k.h"), l: num(k.l, "k.l"), c: num(k.c, "k.c"), v: num(k.v, "k.v") },
    closed: k.x === true,
  };
}

/** Reconnect delay: exponential up to `maxMs`, with "equal jitter" so many clients do not reconnect in step. */
export function backoffDelay(attempt: number, random = Math.random(), baseMs = 1000, maxMs = 60_000): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(cap / 2 + (cap / 2) * random);
}

export type BinanceProvider = MarketProvider & {
  ticker24h(symbol: string): Promise<Ticker24h>;
  depth(symbol: string, limit?: number): Promise<Depth>;
};

export function createBinanceProvider(opts: { fetch?: Fetch; spotUrl?: string; futuresUrl?: string; now?: () => number } = {}): BinanceProvider {
  const fetchFn: Fetch = opts.fetch ?? ((url) => fetch(url, { signal: AbortSignal.timeout(10_000) }));
  const spot = opts.spotUrl ?? BINANCE_SPOT_REST;
  const futures = opts.futuresUrl ?? BINANCE_FUTURES_REST;
  const now = opts.now ?? Date.now;
  return {
    name: "binance",
    now,
    async candles(symbol, interval: ProviderInterval, { end, limit }) {
      const q = { spotUrl: spot, symbol, interval, intervalMs: INTERVAL_MS[interval], until: end ?? now(), limit };
      return fetchClosedKlines((url) => getJson(fetchFn, url), q);
    },
    async fundingRate(symbol, at) {
      const fsym = futuresSymbol(symbol);
      if (at === undefined) return parsePremiumIndex(await getJson(fetchFn, `${futures}/fapi/v1/premiumIndex?symbol=${fsym}`)).funding_rate;
      const q = new URLSearchParams({ symbol: fsym, endTime: String(at), limit: "1" });
      const rows = parseFundingHistory(await getJson(fetchFn, `${futures}/fapi/v1/fundingRate?${q}`));
      return rows.length ? rows[rows.length - 1].rate : null;
    },
    symbols: () => [...SUPPORTED_SYMBOLS],
    // The recorded listing times (through 2025-08) stand in for exchangeInfo: a pair listed since has no SHORT offered.
    perpSince: recordedPerps(REPLAY_DATA_DIR),
    async ticker24h(symbol) {
      return parseTicker24h(await getJson(fetchFn, `${spot}/api/v3/ticker/24hr?symbol=${symbol}`))[0];
    },
    async depth(symbol, limit = 100) {
      return parseDepth(await getJson(fetchFn, `${spot}/api/v3/depth?symbol=${symbol}&limit=${limit}`));
    },
  };
}

/** Combined kline stream for several pairs; reconnects with backoff until close() is called. */
export function openKlineStream(opts: {
  symbols: string[];
  interval: ProviderInterval;
  onKline: (k: StreamKline) => void;
  log: Logger;
  url?: string;
}): { close(): void } {
  const streams = opts.symbols.map((s) => `${s.toLowerCase()}@kline_${opts.interval}`).join("/");
  const url = `${opts.url ?? BINANCE_SPOT_STREAM}?streams=${streams}`;
  let attempt = 0;
  let closed = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const connect = () => {
    socket = new WebSocket(url);
    socket.onopen = () => {
      attempt = 0;
      opts.log.info("binance stream connected", { streams: opts.symbols.length });
    };
    socket.onmessage = (ev) => {
      try {
        const k = parseKlineStreamMessage(String(ev.data));
        if (k) opts.onKline(k);
      } catch (err) {
        opts.log.warn("binance stream: bad message", { error: String(err) });
      }
    };
    socket.onclose = () => {
      if (closed) return;
      const delay = backoffDelay(attempt++);
      opts.log.warn("binance stream closed; reconnecting", { in_ms: delay, attempt });
      timer = setTimeout(connect, delay);
    };
    socket.onerror = () => {};
  };
  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
