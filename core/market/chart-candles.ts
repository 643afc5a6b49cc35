// Candles for the signal chart (1h, 4h, 1d), the same shape from the replay and from live Binance; 4h is rolled up from 1h.
import { BINANCE_SPOT_REST, fetchClosedKlines, getJson, parseKlines, type Fetch } from "./binance-klines";
import { INTERVAL_MS, lastIndexAtOrBefore, type Candle } from "./candles";
import { closedCandles, type ReplayClock, recordedSeries, REPLAY_DATA_DIR, spotFile, statedFormingCandle } from "./market-replay";

export const CHART_INTERVALS = ["1h", "4h", "1d"] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];
export const CHART_INTERVAL_MS: Record<ChartInterval, number> = { "1h": INTERVAL_MS["1h"], "4h": 4 * INTERVAL_MS["1h"], "1d": INTERVAL_MS["1d"] };
export const CHART_MAX_LIMIT = 500;

export const isChartInterval = (v: string): v is ChartInterval => (CHART_INTERVALS as readonly string[]).includes(v);

/**
 * Buckets aligned to UTC multiples of `bucketMs` (as Binance aligns its 4h candles), each complete bucket (closed by
 * `end`) one candle: first open, highest high, lowest low, last close, summed volume. A bucket still forming is left
 * out, as the providers leave out a candle still open.
 */
export function rollUp(candles: Candle[], bucketMs: number, end: number): Candle[] {
  const out: Candle[] = [];
  for (const k of candles) {
    const t = Math.floor(k.t / bucketMs) * bucketMs;
    const last = out[out.length - 1];
    if (last && last.t === t) {
      last.h = Math.max(last.h, k.h);
      last.l = Math.min(last.l, k.l);
      last.c = k.c;
      last.v += k.v;
    } else out.push({ t, o: k.o, h: k.h, l: k.l, c: k.c, v: k.v });
  }
  return out.filter((k) => k.t + bucketMs <= end);
}

export type ChartCandleSource = {
  name: "replay" | "binance";
  /** The market's clock: replayed time under the replay, wall time live. */
  now(): number;
  /** Closed candles with open time + interval <= min(end, now), oldest first, at most `limit`. */
  candles(symbol: string, interval: ChartInterval, end: number | undefined, limit: number): Promise<Candle[]>;
  /**
   * The candle forming at now (open time + interval > now), as far as it has formed; null when the market has none. A
   * signal issued since the last close sits on it, so the chart shows it at once rather than at the next close.
   */
  forming(symbol: string, interval: ChartInterval): Promise<Candle | null>;
};

/** One candle of several consecutive ones (oldest first): first open, highest high, lowest low, last close, summed volume. */
function merge(t: number, parts: Candle[]): Candle {
  return {
    t,
    o: parts[0].o,
    h: Math.max(...parts.map((k) => k.h)),
    l: Math.min(...parts.map((k) => k.l)),
    c: parts[parts.length - 1].c,
    v: parts.reduce((sum, k) => sum + k.v, 0),
  };
}

/** The replay: the shipped files on the shared replay clock; nothing after the clock's "now" is ever read. */
export function replayChartSource(clock: ReplayClock, dir = REPLAY_DATA_DIR): ChartCandleSource {
  const series = recordedSeries();
  const read = async (symbol: string, interval: "1h" | "1d", end: number, limit: number) =>
    closedCandles(await series(spotFile(dir, interval, symbol)), interval, end, limit);
  return {
    name: "replay",
    now: () => clock.now(),
    async candles(symbol, interval, end, limit) {
      const until = Math.min(end ?? Number.POSITIVE_INFINITY, clock.now());
      if (interval !== "4h") return read(symbol, interval, until, limit);
      // Three extra hours so the oldest bucket is complete when `limit` 4h buckets are asked for.
      return rollUp(await read(symbol, "1h", until, limit * 4 + 3), CHART_INTERVAL_MS["4h"], until).slice(-limit);
    },
    // Every interval from the hourly record, so 1h, 4h and 1d agree: the bucket's closed hours and the forming hour on
    // the replay's stated path (the price the market panel shows between closes).
    async forming(symbol, interval) {
      const now = clock.now();
      const hourly = await series(spotFile(dir, "1h", symbol));
      const i = lastIndexAtOrBefore(hourly, now);
      if (i < 0 || now >= hourly[i].t + INTERVAL_MS["1h"]) return null;
      const bucket = Math.floor(now / CHART_INTERVAL_MS[interval]) * CHART_INTERVAL_MS[interval];
      const closed = hourly.slice(Math.max(0, i - 24), i).filter((k) => k.t >= bucket);
      return merge(bucket, [...closed, statedFormingCandle(hourly[i], now, INTERVAL_MS["1h"])]);
    },
  };
}

/** Live Binance REST klines (its own 4h klines: the same UTC buckets the roll-up makes, in one call). */
export function binanceChartSource(opts: { fetch?: Fetch; spotUrl?: string; now?: () => number } = {}): ChartCandleSource {
  const fetchFn: Fetch = opts.fetch ?? ((url) => fetch(url, { signal: AbortSignal.timeout(10_000) }));
  const now = opts.now ?? Date.now;
  return {
    name: "binance",
    now,
    candles(symbol, interval, end, limit) {
      const until = Math.min(end ?? Number.POSITIVE_INFINITY, now());
      const q = { spotUrl: opts.spotUrl, symbol, interval, intervalMs: CHART_INTERVAL_MS[interval], until, limit };
      return fetchClosedKlines((url) => getJson(fetchFn, url), q);
    },
    async forming(symbol, interval) {
      const params = new URLSearchParams({ symbol, interval, limit: "1" });
      const [k] = parseKlines(await getJson(fetchFn, `${opts.spotUrl ?? BINANCE_SPOT_REST}/api/v3/klines?${params}`));
      return k && k.t + CHART_INTERVAL_MS[interval] > now() ? k : null;
    },
  };
}
