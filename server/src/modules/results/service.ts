// The trader's own track record from stored outcomes: every LONG/SHORT with its result, totals by UTC month of issue and
// overall, and the same two tables as CSV (the dashboard export's cell rules).
import type { Sql } from "@core/infra/db";
import type { MonthTotals, ResultRow, Results, ResultTotals } from "@core/contract/results";
import { toCsv, type CsvValue } from "../../lib/csv";
import { badRequest } from "../../lib/http-error";
import { RESULT_TABLES } from "./model";

type Row = {
  id: number;
  request_id: number;
  symbol: string;
  type: "LONG" | "SHORT";
  created_at: Date;
  entry_price: number;
  stop_loss: number;
  take_profit: number;
  rr_ratio: number | null;
  outcome: string;
  outcome_at: Date | null;
  r_multiple: number | null;
  market_time_ms: number | string;
  outcome_market_ms: number | string | null;
};

/** Sums of R kept to the precision they are stored with, not float noise (0.1 + 0.2). */
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A market moment as ISO; a row written before the market clock was stored falls back to its wall time. */
const marketIso = (ms: number | string | null, fallback: Date | null) =>
  ms != null && Number(ms) > 0 ? new Date(Number(ms)).toISOString() : fallback ? new Date(fallback).toISOString() : null;

function toRow(r: Row): ResultRow {
  const closed = r.outcome !== "OPEN";
  const exitMs = r.outcome_market_ms == null ? null : Number(r.outcome_market_ms);
  return {
    id: Number(r.id),
    request_id: Number(r.request_id),
    symbol: r.symbol,
    type: r.type,
    created_at: new Date(r.created_at).toISOString(),
    issued_at: marketIso(r.market_time_ms, r.created_at) as string,
    entry_price: r.entry_price,
    stop_loss: r.stop_loss,
    take_profit: r.take_profit,
    rr_ratio: r.rr_ratio,
    outcome: r.outcome,
    outcome_at: r.outcome_at ? new Date(r.outcome_at).toISOString() : null,
    outcome_market_at: closed ? marketIso(exitMs, r.outcome_at) : null,
    r_multiple: closed ? r.r_multiple : null,
    // On the market clock both ends were read from (the replay's differs from wall time).
    time_to_outcome_ms: closed && exitMs !== null ? Math.max(0, exitMs - Number(r.market_time_ms)) : null,
  };
}

/** Totals over some signals: a win is a closed signal whose R after costs is above 0. */
export function totalsOf(rows: readonly ResultRow[]): ResultTotals {
  const rs = rows.flatMap((r) => (r.outcome !== "OPEN" && r.r_multiple !== null ? [r.r_multiple] : []));
  const total = r4(rs.reduce((s, x) => s + x, 0));
  const wins = rs.filter((x) => x > 0).length;
  return {
    signals: rows.length,
    open: rows.filter((r) => r.outcome === "OPEN").length,
    closed: rs.length,
    wins,
    win_rate: rs.length ? wins / rs.length : null,
    total_r: total,
    mean_r: rs.length ? r4(total / rs.length) : null,
    best_r: rs.length ? Math.max(...rs) : null,
    worst_r: rs.length ? Math.min(...rs) : null,
  };
}

/** Totals per UTC month of issue on the market clock, newest month first (rows arrive newest first). */
export function byMonth(rows: readonly ResultRow[]): MonthTotals[] {
  const months = new Map<string, ResultRow[]>();
  for (const r of rows) {
    const key = r.issued_at.slice(0, 7);
    const list = months.get(key);
    if (list) list.push(r);
    else months.set(key, [r]);
  }
  return [...months].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, list]) => ({ month, ...totalsOf(list) }));
}

/** `userId`'s LONG/SHORT signals (NO_TRADE issues no trade, so it has no result), newest first, with the totals. */
export async function results(sql: Sql, userId: number): Promise<Results> {
  const rows = await sql<Row[]>`
    select id, request_id, symbol, type, created_at, entry_price, stop_loss, take_profit, rr_ratio, outcome, outcome_at,
           r_multiple, market_time_ms, outcome_market_ms
    from signals where user_id = ${userId} and type <> 'NO_TRADE'
    order by created_at desc, id desc`;
  const signals = rows.map(toRow);
  return { signals, months: byMonth(signals), overall: totalsOf(signals) };
}

export const SIGNAL_COLUMNS = [
  "signal_id",
  "analysis_id",
  "issued_at_utc",
  "symbol",
  "type",
  "entry",
  "stop_loss",
  "take_profit",
  "rr",
  "outcome",
  "outcome_at_utc",
  "r_multiple",
  "hours_to_outcome",
] as const;

export const MONTH_COLUMNS = ["month", "signals", "open", "closed", "wins", "win_rate_pct", "total_r", "mean_r", "best_r", "worst_r"] as const;

const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 100) / 100);

/** Dates on the market clock: when the signal was issued and when it reached its exit. */
const signalCells = (r: ResultRow): CsvValue[] => [
  r.id,
  r.request_id,
  r.issued_at,
  r.symbol,
  r.type,
  r.entry_price,
  r.stop_loss,
  r.take_profit,
  r.rr_ratio,
  r.outcome,
  r.outcome_market_at,
  r.r_multiple,
  hours(r.time_to_outcome_ms),
];

const monthCells = (m: MonthTotals): CsvValue[] => [
  m.month,
  m.signals,
  m.open,
  m.closed,
  m.wins,
  m.win_rate === null ? null : Math.round(m.win_rate * 1000) / 10,
  m.total_r,
  m.mean_r,
  m.best_r,
  m.worst_r,
];

/** One of the two tables as CSV, with its file name; an unknown table is a 400. */
export async function resultsCsv(sql: Sql, userId: number, table: string | undefined, now = new Date()) {
  const which = table === undefined || table === "" ? "signals" : table;
  if (!(RESULT_TABLES as readonly string[]).includes(which))
    throw badRequest(`Unknown table '${which}': expected signals or months`).withCode("unknown_table");
  const r = await results(sql, userId);
  const csv = which === "months" ? toCsv(MONTH_COLUMNS, r.months.map(monthCells)) : toCsv(SIGNAL_COLUMNS, r.signals.map(signalCells));
  return { csv, filename: `tradewind-results-${which}-${now.toISOString().slice(0, 10)}.csv` };
}
