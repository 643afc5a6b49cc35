// Public figures for signed-out visitors: live counts, the track record (backtest file + stored outcomes) and the signal
// ledger's daily roots and inclusion proofs. No user data.
import { join } from "node:path";
import type { Sql } from "@core/infra/db";
import { type DayTrees, ledgerProof, ledgerRoots } from "@core/ledger/ledger";
import { badRequest, notFound } from "../../lib/http-error";
import { parseId, parseLimit } from "../../lib/params";
import type { MarketProviderName } from "@core/market/symbols";

export const LIVE_CARDS = 3;

export async function publicLive(sql: Sql) {
  const [[counts], live] = await Promise.all([
    sql<{ signals_generated: number; active_analyses: number }[]>`
      select (select count(*) from signals where type <> 'NO_TRADE')::int as signals_generated,
             (select count(*) from analysis_requests where status = 'IN_PROGRESS')::int as active_analyses`,
    sql<{ symbol: string; created_at: Date; status: string; progress_percent: number }[]>`
      select symbol, created_at, status, progress_percent from analysis_requests
      where status = 'IN_PROGRESS' order by created_at desc, id desc limit ${LIVE_CARDS}`,
  ]);
  return {
    ...counts,
    live: live.map((r) => ({
      symbol: r.symbol,
      created_at: new Date(r.created_at).toISOString(),
      status: r.status,
      progress_percent: r.progress_percent,
    })),
  };
}

/** Written by the model engineer's backtest (walk-forward over recorded candles); read, never typed in. */
export const TRACK_RECORD_FILE = join(import.meta.dir, "..", "..", "..", "..", "engine", "src", "analysis", "model", "track-record.json");

async function readBacktest(file: string): Promise<unknown> {
  const f = Bun.file(file);
  if (!(await f.exists())) return null;
  try {
    return await f.json();
  } catch {
    return null;
  }
}

/**
 * Live figures come from every stored signal, marked with the market they traded (a replay re-lives history the shipped
 * model was fitted on, so its outcomes are in-sample); the backtest block is the model file as written, or null.
 */
export async function trackRecord(sql: Sql, file = TRACK_RECORD_FILE, market: MarketProviderName = "replay") {
  const [[live], backtest] = await Promise.all([
    sql<
      {
        issued: number;
        no_trade: number;
        open: number;
        closed: number;
        tp_hit: number;
        sl_hit: number;
        expired: number;
        wins: number;
        avg_r: number | null;
        total_r: number | null;
        first_at: Date | null;
        last_at: Date | null;
      }[]
    >`
      select count(*) filter (where type <> 'NO_TRADE')::int as issued,
             count(*) filter (where type = 'NO_TRADE')::int as no_trade,
             count(*) filter (where outcome = 'OPEN')::int as open,
             count(*) filter (where outcome in ('TP_HIT', 'SL_HIT', 'EXPIRED'))::int as closed,
             count(*) filter (where outcome = 'TP_HIT')::int as tp_hit,
             count(*) filter (where outcome = 'SL_HIT')::int as sl_hit,
             count(*) filter (where outcome = 'EXPIRED')::int as expired,
             count(*) filter (where outcome in ('TP_HIT', 'SL_HIT', 'EXPIRED') and r_multiple > 0)::int as wins,
             avg(r_multiple) filter (where outcome in ('TP_HIT', 'SL_HIT', 'EXPIRED')) as avg_r,
             sum(r_multiple) filter (where outcome in ('TP_HIT', 'SL_HIT', 'EXPIRED')) as total_r,
             min(created_at) as first_at, max(created_at) as last_at
      from signals`,
    readBacktest(file),
  ]);
  return {
    backtest,
    live: {
      signals_issued: live.issued,
      no_trade: live.no_trade,
      open: live.open,
      closed: live.closed,
      tp_hit: live.tp_hit,
      sl_hit: live.sl_hit,
      expired: live.expired,
      // A closed signal is a win when it ended with a positive R after fees.
      win_rate: live.closed === 0 ? null : Math.round((live.wins / live.closed) * 1000) / 1000,
      avg_r_multiple: live.avg_r === null ? null : Math.round(live.avg_r * 1000) / 1000,
      total_r: live.total_r === null ? null : Math.round(live.total_r * 1000) / 1000,
      sample_size: live.closed,
      period: {
        from: live.first_at ? new Date(live.first_at).toISOString() : null,
        to: live.last_at ? new Date(live.last_at).toISOString() : null,
      },
      market,
    },
  };
}

/**
 * The landing page's example card: the newest LONG/SHORT signal whose outcome is settled (a settled one gives nothing
 * away that a buyer pays for, and shows how it ended). Null before any has closed.
 */
export async function exampleSignal(sql: Sql, market: MarketProviderName = "replay") {
  const [row] = await sql<
    {
      id: number;
      symbol: string;
      type: "LONG" | "SHORT";
      timeframe: string;
      entry_price: number;
      take_profit: number;
      stop_loss: number;
      rr_ratio: number;
      confidence: number;
      expected_r: number | null;
      expiry_hours: number;
      outcome: "TP_HIT" | "SL_HIT" | "EXPIRED";
      r_multiple: number | null;
      market_time_ms: string | number;
    }[]
  >`
    select id, symbol, type, timeframe, entry_price, take_profit, stop_loss, rr_ratio, confidence,
           (context ->> 'expected_r')::float8 as expected_r, expiry_hours, outcome, r_multiple, market_time_ms
    from signals
    where type <> 'NO_TRADE' and outcome in ('TP_HIT', 'SL_HIT', 'EXPIRED')
      and entry_price is not null and take_profit is not null and stop_loss is not null and rr_ratio is not null
    order by market_time_ms desc, id desc limit 1`;
  if (!row) return { signal: null, market };
  const { confidence, ...rest } = row;
  return {
    signal: {
      ...rest,
      id: Number(row.id),
      entry_price: Number(row.entry_price),
      take_profit: Number(row.take_profit),
      stop_loss: Number(row.stop_loss),
      rr_ratio: Number(row.rr_ratio),
      p_tp: Number(confidence),
      r_multiple: row.r_multiple === null ? null : Number(row.r_multiple),
      market_time_ms: Number(row.market_time_ms),
    },
    market,
  };
}

const ROOT_PAGE_DAYS = 30;

/** "YYYY-MM-DD" naming a real day from 1970 on: an impossible one (2024-02-30) would otherwise reach Postgres as a 500. */
function isUtcDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "1970-01-01";
}

/** GET /ledger/roots: one page of daily roots, newest first. */
export function publicLedgerRoots(sql: Sql, query: { before?: string; limit?: string }, trees?: DayTrees) {
  const { before } = query;
  if (before !== undefined && !isUtcDay(before)) throw badRequest("before must be a date as YYYY-MM-DD").withCode("invalid_date");
  return ledgerRoots(sql, { before, days: parseLimit(query.limit, ROOT_PAGE_DAYS, 366) }, trees);
}

/** GET /ledger/proof/:signalId: hashes only, and the signal's committed fields once it is no longer open. */
export async function publicLedgerProof(sql: Sql, rawId: string, trees?: DayTrees) {
  const id = parseId(rawId);
  const proof = id === null ? null : await ledgerProof(sql, id, trees);
  if (!proof) throw notFound("No ledger entry for this signal").withCode("ledger_entry_not_found");
  const { disclosable, ...rest } = proof;
  return { ...rest, entry: { ...rest.entry, canonical: disclosable ? rest.entry.canonical : null } };
}
