// The one analysis-context builder of live analysis and backtest: snapshot, fresh entry price, funding, health and gate from a provider.
import { INTERVAL_MS } from "@core/market/candles";
import type { MarketProvider } from "../market/providers/types";
import { healthAndGate, orderbookAt } from "../market/snapshots/compute";
import { buildSnapshot, SNAPSHOT_WINDOW_H1, type Snapshot } from "./snapshot";

const H = INTERVAL_MS["1h"];
const M5 = INTERVAL_MS["5m"];

export type HealthInput = { status: string; composite_score: number };
export type GateInput = { status: string; action: string; reasons: string[] };

/**
 * Where the entry price comes from: the last 5m close inside the hour, the replay's stated path through the forming
 * candle (the price the market panel shows between closes) where no 5m close exists yet, or the last 1h close.
 */
export type PriceSource = "5m" | "path" | "1h";

/** The words the reasoning uses for a price source. */
export const PRICE_SOURCE_TEXT: Record<PriceSource, string> = {
  "5m": "last 5m close",
  path: "live price on the replay's stated path through the forming candle",
  "1h": "last 1h close",
};

/** What every phase reads: one symbol at one market moment, with the hour's snapshot of all pairs. */
export type AnalysisContext = {
  symbol: string;
  /** the market clock of this phase */
  now: number;
  /** the entry a trader would get now: the last 5m close inside the current hour, else the live path price, else the last 1h close */
  price: number | null;
  priceSource: PriceSource;
  /** the last closed hour's cross-sectional snapshot of every pair */
  snapshot: Snapshot;
  funding: number | null;
  /** when the pair's perpetual was listed (a SHORT needs one), and the same for any pair (the alternatives a NO_TRADE lists) */
  perpSince: number | null;
  perpSinceOf?: (symbol: string) => number | null;
  health?: HealthInput;
  gate?: GateInput;
  /** the pair's order-book snapshot at this phase's clock (spread, volume imbalance); null when too little data */
  book?: BookRead | null;
};

/** What a phase reads from the order-book snapshot: it is reported, never a decision input (research does not model it). */
export type BookRead = { spreadPct: number; buyPct: number; execution: string; basis: string; asOf: string };

async function bookAt(provider: MarketProvider, symbol: string, now: number): Promise<BookRead | null> {
  try {
    const ob = await orderbookAt(provider, symbol, now);
    return { spreadPct: ob.spread.percentage, buyPct: ob.imbalance.buy_percentage, execution: ob.execution, basis: ob.basis, asOf: ob.as_of };
  } catch {
    // Too few candles to model a book (a young listing): the phase says so instead of failing.
    return null;
  }
}

/**
 * Per-hour caches: every analysis in the same hour reads the same snapshot (the one the market leader published for
 * that hour, else computed here from the provider and published), and the same health and gate.
 */
export type ContextCache = {
  snapshots: Map<number, Promise<Snapshot>>;
  market: Map<number, Promise<{ health?: HealthInput; gate?: GateInput }>>;
  /** where the market leader publishes each hour's snapshot (Redis); without it each process computes its own */
  store?: { get(hour: number): Promise<Snapshot | null>; put(snap: Snapshot): Promise<void> };
};
export const createContextCache = (store?: ContextCache["store"]): ContextCache => ({ snapshots: new Map(), market: new Map(), store });

function remember<T>(map: Map<number, Promise<T>>, key: number, make: () => Promise<T>): Promise<T> {
  let p = map.get(key);
  if (!p) {
    p = make();
    map.set(key, p);
    p.catch(() => map.delete(key));
    // Keep the last few hours only.
    for (const k of map.keys()) if (k < key - 3 * H) map.delete(k);
  }
  return p;
}

export async function snapshotAt(provider: MarketProvider, hour: number): Promise<Snapshot> {
  const series = [];
  // Sequential on purpose: keeps the event loop free for other work sharing the process.
  for (const symbol of provider.symbols())
    series.push({ symbol, h1: await provider.candles(symbol, "1h", { end: hour, limit: SNAPSHOT_WINDOW_H1 }) });
  return buildSnapshot(series, hour);
}

/**
 * The entry a trader gets now: the close of the last 5m candle that closed inside the current hour; else the live price
 * the market panel shows (the replay's stated path, `path`), so a pair without 5m data moves between closes too; else
 * the last closed 1h close (at an hour boundary they are all the same price). Research enters at the close an hour after
 * its decision clock (ENTRY_DELAY_HOURS), the latest moment inside that hour a live entry can be taken.
 */
export function freshEntry(
  now: number,
  m5: { t: number; c: number } | undefined,
  h1Close: number | null,
  path: { price: number } | null = null,
): { price: number | null; source: PriceSource } {
  const hour = Math.floor(now / H) * H;
  if (m5 && m5.t >= hour && m5.t + M5 <= now) return { price: m5.c, source: "5m" };
  if (path && path.price > 0 && now > hour) return { price: path.price, source: "path" };
  return { price: h1Close, source: "1h" };
}

export async function buildAnalysisContext(
  provider: MarketProvider,
  symbol: string,
  cache: ContextCache,
  now = provider.now(),
): Promise<AnalysisContext> {
  const hour = Math.floor(now / H) * H;
  const [snapshot, market, m5, funding, book] = await Promise.all([
    remember(cache.snapshots, hour, async () => {
      const published = await cache.store?.get(hour).catch(() => null);
      if (published) return published;
      const snap = await snapshotAt(provider, hour);
      await cache.store?.put(snap).catch(() => {});
      return snap;
    }),
    remember(cache.market, hour, async () => {
      try {
        const { health, gate } = await healthAndGate(provider, hour);
        return {
          health: { status: health.status, composite_score: health.composite_score },
          gate: { status: gate.status, action: gate.action, reasons: gate.reasons },
        };
      } catch {
        // Too little BTC history for health (a fresh data folder): analyse without a gate rather than not at all.
        return {};
      }
    }),
    provider.candles(symbol, "5m", { end: now, limit: 1 }),
    provider.fundingRate(symbol, now),
    bookAt(provider, symbol, now),
  ]);
  const path = (await provider.pathPrice?.(symbol, now)) ?? null;
  const row = snapshot.rows.find((r) => r.symbol === symbol);
  const entry = freshEntry(now, m5.at(-1), row?.close ?? null, path);
  return {
    symbol,
    now,
    price: entry.price,
    priceSource: entry.source,
    snapshot,
    funding,
    book,
    perpSince: provider.perpSince(symbol),
    perpSinceOf: (s) => provider.perpSince(s),
    ...market,
  };
}
