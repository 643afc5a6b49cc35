// GET /api/market/candles: closed candles of one pair for the signal chart, from the replay (never past its clock) or Binance.
import {
  binanceChartSource,
  CHART_INTERVAL_MS,
  CHART_INTERVALS,
  CHART_MAX_LIMIT,
  type ChartCandleSource,
  isChartInterval,
  replayChartSource,
} from "@core/market/chart-candles";
import { replayAnchor, sharedReplayClock } from "@core/market/market-replay";
import { unavailableReason } from "@core/market/symbols";
import type { ServerDeps } from "../../deps";
import { badRequest, HttpError, unavailable } from "../../lib/http-error";
import type { CandlesQuery, CandlesResponse, MarketClock } from "./model";
import { parseSymbol } from "./service";

export const DEFAULT_CANDLE_LIMIT = 200;
/** Answers kept per process (least recently used go first), each at most CANDLE_CACHE_MS old. */
const CANDLE_CACHE_ENTRIES = 1000;
const CANDLE_CACHE_MS = 10 * 60_000;

/**
 * Answers by (symbol, interval, limit, the interval bucket the effective end falls in): within one bucket the closed
 * candles are the same, so under MARKET_PROVIDER=binance any number of chart loads cost one exchange call per bucket,
 * and concurrent identical requests share the one in flight.
 */
class CandleCache<T> {
  private entries = new Map<string, { at: number; value: Promise<T> }>();
  constructor(private readonly maxAgeMs = CANDLE_CACHE_MS) {}
  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.value;
    const value = load();
    // A failed load is not kept: the next request tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), value });
    if (this.entries.size > CANDLE_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
type Candles = Awaited<ReturnType<ChartCandleSource["candles"]>>;
type Forming = Awaited<ReturnType<ChartCandleSource["forming"]>>;
/** The forming candle moves with the market clock: kept this long (one exchange call per pair and interval at most). */
const FORMING_CACHE_MS = 10_000;

/** Validated query: 400 with a specific code for each bad part. */
export function parseCandlesQuery(q: CandlesQuery) {
  const symbol = (() => {
    try {
      return parseSymbol(q.symbol ?? "");
    } catch (err) {
      throw err instanceof HttpError ? err.withCode("unknown_symbol") : err;
    }
  })();
  const interval = (q.interval ?? "").trim();
  if (!isChartInterval(interval))
    throw badRequest(`Unknown interval '${interval.slice(0, 10)}': expected ${CHART_INTERVALS.join(", ")}`).withCode("unknown_interval");
  let limit = DEFAULT_CANDLE_LIMIT;
  if (q.limit !== undefined && q.limit !== "") {
    limit = Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > CHART_MAX_LIMIT)
      throw badRequest(`limit must be a whole number from 1 to ${CHART_MAX_LIMIT}`).withCode("bad_limit");
  }
  let end: number | undefined;
  if (q.end !== undefined && q.end !== "") {
    end = Number(q.end);
    if (!/^\d{1,15}$/.test(q.end) || !Number.isSafeInteger(end))
      throw badRequest("end must be a time in milliseconds since 1970 (whole number)").withCode("bad_end");
  }
  return { symbol, interval, limit, end };
}

/**
 * One source per process (tests may hand one in); the replay's clock is anchored in Redis on first use, like the
 * engine's, so both agree on "now".
 */
export function candleService(deps: Pick<ServerDeps, "config" | "redis" | "keys">, opts: { source?: ChartCandleSource } = {}) {
  let source: Promise<ChartCandleSource> | null = opts.source ? Promise.resolve(opts.source) : null;
  const cache = new CandleCache<Candles>();
  const formingCache = new CandleCache<Forming>(FORMING_CACHE_MS);
  const get = () => {
    if (source) return source;
    if (deps.config.MARKET_PROVIDER === "binance") {
      source = Promise.resolve(binanceChartSource());
      return source;
    }
    const made = sharedReplayClock(deps.config, () => replayAnchor(deps.redis, deps.keys)).then((clock) => replayChartSource(clock));
    // A failed anchor read (Redis down) is retried on the next request instead of being kept.
    made.catch(() => (source = null));
    source = made;
    return made;
  };
  /**
   * GET /api/market/clock: the market's clock, the one market events are dated on (the replay's under the replay), with
   * its speed so a client can run it on between reads.
   */
  const clock = async (): Promise<MarketClock> => {
    const src = await get();
    return { now_ms: src.now(), source: src.name, speed: src.name === "replay" ? deps.config.REPLAY_SPEED : 1 };
  };
  const answer = async (query: CandlesQuery): Promise<CandlesResponse> => {
    const q = parseCandlesQuery(query);
    const reason = unavailableReason(q.symbol, deps.config);
    if (reason) throw new HttpError(404, `No candles for ${q.symbol}: ${reason}`).withCode("no_candles");
    const src = await get();
    let candles: Candles;
    let forming: Forming = null;
    const bucket = Math.floor(Math.min(q.end ?? Number.POSITIVE_INFINITY, src.now()) / CHART_INTERVAL_MS[q.interval]);
    try {
      candles = await cache.get(`${q.symbol}|${q.interval}|${q.limit}|${bucket}`, () => src.candles(q.symbol, q.interval, q.end, q.limit));
      // A window up to now also gets the candle forming after the last close (a window ending in the past has none).
      if (q.end === undefined || q.end >= src.now())
        forming = await formingCache.get(`${q.symbol}|${q.interval}`, () => src.forming(q.symbol, q.interval));
    } catch (err) {
      throw unavailable(`Candles are unavailable right now (${(err as Error).message.slice(0, 160)})`);
    }
    if (q.end !== undefined && q.end < src.now()) return { symbol: q.symbol, interval: q.interval, source: src.name, candles };
    return { symbol: q.symbol, interval: q.interval, source: src.name, candles, forming };
  };
  return { answer, clock };
}
