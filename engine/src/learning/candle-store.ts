// The refit's training data: closed 1h candles in Postgres, stored by the ingestion leader (and seeded from the replay's record).
import type { Candle } from "@core/market/candles";
import type { Sql } from "@core/infra/db";
import type { Logger } from "@core/infra/log";
import type { SymbolData } from "../analysis/model/dataset";
import type { MarketProvider } from "../market/providers/types";

const H = 3_600_000;
/** Rows per insert statement (seven arrays of this length). */
const BATCH = 5_000;
/** What each periodic store re-reads per pair: a day and a half covers a missed run or two. */
const RECENT_HOURS = 36;
/** The most hours one pair's backfill reads from the provider at once (the record holds under two years). */
const MAX_BACKFILL_HOURS = 200_000;

/** Inserts candles, keeping any already stored (idempotent); returns how many were new. */
export async function storeCandles(sql: Sql, symbol: string, candles: readonly Candle[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < candles.length; i += BATCH) {
    const part = candles.slice(i, i + BATCH);
    const rows = await sql`
      insert into candles_1h (symbol, t, o, h, l, c, v)
      select ${symbol}, * from unnest(${part.map((k) => k.t)}::bigint[], ${part.map((k) => k.o)}::float8[], ${part.map((k) => k.h)}::float8[],
                                     ${part.map((k) => k.l)}::float8[], ${part.map((k) => k.c)}::float8[], ${part.map((k) => k.v)}::float8[])
      on conflict (symbol, t) do nothing
      returning t`;
    added += rows.length;
  }
  return added;
}

/** The leader's periodic pass: each pair's last closed hours at the market clock. */
export async function storeRecentCandles(sql: Sql, provider: MarketProvider, clock = provider.now()): Promise<number> {
  let added = 0;
  // One pair at a time: keeps the event loop free for the analyses sharing the process.
  for (const symbol of provider.symbols())
    added += await storeCandles(sql, symbol, await provider.candles(symbol, "1h", { end: clock, limit: RECENT_HOURS }));
  return added;
}

/**
 * The replay's record up to its clock, for the pairs (or the hours of a pair) the store does not hold yet: after the
 * first start only the hours since the last one are written.
 */
export async function seedCandleStore(sql: Sql, provider: MarketProvider, log: Logger, clock = provider.now()): Promise<number> {
  const held = new Map(
    (
      await sql<{ symbol: string; first: number; last: number }[]>`select symbol, min(t) as first, max(t) as last from candles_1h group by symbol`
    ).map((r) => [r.symbol, r]),
  );
  let added = 0;
  for (const symbol of provider.symbols()) {
    const all = await provider.candles(symbol, "1h", { end: clock, limit: MAX_BACKFILL_HOURS });
    const h = held.get(symbol);
    const missing = h ? all.filter((k) => k.t < Number(h.first) || k.t > Number(h.last)) : all;
    if (missing.length) added += await storeCandles(sql, symbol, missing);
  }
  log.info("candle store seeded", { added, clock: new Date(clock).toISOString() });
  return added;
}

/**
 * Every stored pair's candles closed by `clock` (open time + 1 h ≤ clock), oldest first: the refit's data, with each
 * pair's perpetual listing time from `perpSince` (the providers' own list), so SHORTs are offered where they were live.
 */
export async function loadStoredCandles(sql: Sql, clock: number, perpSince: (symbol: string) => number | null = () => null): Promise<SymbolData[]> {
  const rows = await sql<{ symbol: string; t: number; o: number; h: number; l: number; c: number; v: number }[]>`
    select symbol, t, o, h, l, c, v from candles_1h where t + ${H} <= ${clock} order by symbol, t`;
  const bySymbol = new Map<string, Candle[]>();
  for (const r of rows) {
    const list = bySymbol.get(r.symbol) ?? [];
    if (!list.length) bySymbol.set(r.symbol, list);
    list.push({ t: Number(r.t), o: r.o, h: r.h, l: r.l, c: r.c, v: r.v });
  }
  // Funding is not stored: the refit's shorts pay none in costs (as research does for pairs without a recorded rate).
  return [...bySymbol].map(([symbol, h1]) => ({ symbol, h1, funding: [], perpSince: perpSince(symbol) }));
}
