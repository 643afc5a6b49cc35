// Signals of one user: list with filters, one by id, the dashboard's four stat cards; plus the row → API shape used by analysis too.
import { ledgerTotals } from "@core/credits";
import { last7Days, trendPercent } from "@core/stats";
import type { Sql } from "@core/db";
import { badRequest, notFound } from "../../lib/http-error";
import { parseId } from "../../lib/params";
import type { Signal, SignalContext, SignalType } from "@core/contract/signal";
import type { CreditsStatus, SignalOutcome } from "@core/contract/status";

export type { SignalType };

/** A signals row joined with its request's credits_status. */
type SignalRow = {
  id: number;
  user_id: number;
  request_id: number;
  symbol: string;
  type: SignalType;
  confidence: number;
  status: string;
  entry_price: number | null;
  take_profit: number | null;
  stop_loss: number | null;
  rr_ratio: number | null;
  timeframe: string;
  entry_timing: string;
  reasoning: string;
  no_trade: boolean;
  no_trade_reason: string | null;
  is_active: boolean;
  market_time_ms: number;
  outcome: SignalOutcome | null;
  outcome_at: Date | null;
  outcome_market_ms?: number | string | null;
  r_multiple: number | null;
  created_at: Date;
  credits_status: CreditsStatus | null;
  context: SignalContext | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The §3 signal entity, one spelling per field (the client's readers accept the spec's others). */
export function signalDto(r: SignalRow): Signal {
  const created = iso(r.created_at)!;
  return {
    id: r.id,
    symbol: r.symbol,
    type: r.type,
    confidence: r.confidence,
    status: r.status,
    created_at: created,
    entry_price: r.entry_price,
    take_profit: r.take_profit,
    stop_loss: r.stop_loss,
    rr_ratio: r.rr_ratio,
    timeframe: r.timeframe,
    entry_timing: r.entry_timing,
    reasoning: r.reasoning,
    request_id: r.request_id,
    is_active: r.is_active,
    next_run_at: null,
    no_trade: r.no_trade,
    no_trade_reason: r.no_trade_reason,
    market_time_ms: r.market_time_ms,
    outcome: r.outcome,
    outcome_at: iso(r.outcome_at),
    // Market time of the exit (the chart marks it there); bigint columns may arrive as strings.
    outcome_market_ms: r.outcome_market_ms == null ? null : Number(r.outcome_market_ms),
    r_multiple: r.r_multiple,
    credits_status: r.credits_status,
    context: r.context,
  };
}
export type SignalDto = Signal;

/** Signals by id for one user (used to embed final_signal in analysis rows). */
export async function signalsByIds(sql: Sql, userId: number, ids: number[]): Promise<Map<number, SignalDto>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<SignalRow[]>`
    select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
    where s.user_id = ${userId} and s.id in ${sql(ids)}`;
  return new Map(rows.map((r) => [r.id, signalDto(r)]));
}

const TYPE_ALIASES: Record<string, SignalType | null> = {
  "": null,
  ALL: null,
  LONG: "LONG",
  BUY: "LONG",
  SHORT: "SHORT",
  SELL: "SHORT",
  NO_TRADE: "NO_TRADE",
  "NO TRADE": "NO_TRADE",
  NOTRADE: "NO_TRADE",
};

export const RANGE_HOURS: Record<string, number | null> = { "": null, all: null, "24h": 24, "7d": 7 * 24, "30d": 30 * 24 };

export type SignalFilters = { symbol?: string; type?: string; range?: string; limit?: string };

export function parseFilters(q: SignalFilters) {
  const typeKey = (q.type ?? "").trim().toUpperCase();
  // Own keys only: `in` would also find "constructor" and the other Object.prototype names (a 500 further on).
  if (!Object.hasOwn(TYPE_ALIASES, typeKey)) throw badRequest(`Unknown signal type '${q.type}': expected LONG, SHORT or NO_TRADE`);
  const rangeKey = (q.range ?? "").trim().toLowerCase();
  if (!Object.hasOwn(RANGE_HOURS, rangeKey)) throw badRequest(`Unknown range '${q.range}': expected 24h, 7d, 30d or all`);
  // Only pair characters take part in the search, so user input never reaches LIKE as a wildcard.
  const symbol = (q.symbol ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  let limit = 200;
  if (q.limit !== undefined && q.limit !== "") {
    limit = Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw badRequest("limit must be a whole number from 1 to 500");
  }
  return { symbol, type: TYPE_ALIASES[typeKey], hours: RANGE_HOURS[rangeKey], limit };
}

/** Default page size of the paged list (the unpaged list keeps its 200). */
export const PAGE_SIZE = 50;

/**
 * Keyset cursor of a paged list: the id of the previous page's last row ("" = the first page). Keyset rather than
 * offset, so rows arriving at the top while a client pages do not shift or repeat the older pages.
 */
export function parseCursor(raw: string): number | null {
  if (raw === "") return null;
  const id = parseId(raw);
  if (id === null) throw badRequest("cursor must be the next_cursor of the previous page");
  return id;
}

/** A page of a newest-first list: `limit + 1` rows were read, so one more row means another page. */
export function toPage<R extends { id: number }, T>(rows: R[], limit: number, total: number, dto: (r: R) => T) {
  const items = rows.slice(0, limit);
  return { items: items.map(dto), next_cursor: rows.length > limit ? String(items[items.length - 1].id) : null, total };
}

/** The WHERE condition of `userId`'s signals (alias `s`) under parsed filters: the list, its count and the CSV export. */
export const matchingSignals = (sql: Sql, userId: number, f: Pick<ReturnType<typeof parseFilters>, "symbol" | "type" | "hours">) => sql`
    s.user_id = ${userId}
    ${f.symbol ? sql`and s.symbol like ${"%" + f.symbol + "%"}` : sql``}
    ${f.type ? sql`and s.type = ${f.type}` : sql``}
    ${f.hours ? sql`and s.created_at >= now() - make_interval(hours => ${f.hours})` : sql``}`;

/**
 * Without `cursor`: the newest `limit` signals as a bare array (the original call). With `cursor` (empty for the first
 * page): `{items, next_cursor, total}`, where total counts every signal matching the filters.
 */
export async function listSignals(sql: Sql, userId: number, q: SignalFilters & { cursor?: string }) {
  const paged = q.cursor !== undefined;
  const f = parseFilters({ ...q, limit: q.limit || (paged ? String(PAGE_SIZE) : undefined) });
  const after = paged ? parseCursor(q.cursor ?? "") : null;
  const matching = () => matchingSignals(sql, userId, f);
  const rows = await sql<SignalRow[]>`
    select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
    where ${matching()}
      ${after !== null ? sql`and (s.created_at, s.id) < (select c.created_at, c.id from signals c where c.id = ${after} and c.user_id = ${userId})` : sql``}
    order by s.created_at desc, s.id desc
    limit ${paged ? f.limit + 1 : f.limit}`;
  if (!paged) return rows.map(signalDto);
  const [{ total }] = await sql<{ total: number }[]>`select count(*)::int as total from signals s where ${matching()}`;
  return toPage(rows, f.limit, total, signalDto);
}

/** Ids in paths are digits only; anything else cannot name a row, so it is a plain 404 rather than a DB error. */
export async function getSignal(sql: Sql, userId: number, rawId: string) {
  const id = parseId(rawId);
  // Another user's signal answers exactly like a missing one, so ids cannot be probed.
  const [row] =
    id === null
      ? []
      : await sql<SignalRow[]>`
          select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
          where s.id = ${id} and s.user_id = ${userId}`;
  if (!row) throw notFound("Signal not found");
  return signalDto(row);
}

type DayPoint = { date: string; value: number };

const series = (days: string[], counts: Map<string, number>): DayPoint[] => days.map((date) => ({ date, value: counts.get(date) ?? 0 }));

/**
 * The dashboard's four stat cards (spec 02 §2), each with a 7-day daily series in UTC days. Total Signals counts issued
 * LONG and SHORT signals: a NO_TRADE is a refunded analysis (Live Analyses counts it as completed).
 */
export async function signalStats(sql: Sql, userId: number) {
  const [{ today }] = await sql<{ today: Date }[]>`select date_trunc('day', now() at time zone 'utc') at time zone 'utc' as today`;
  const days = last7Days(new Date(today).getTime());
  const byDay = async (rows: Promise<{ day: string; n: number }[]>) => new Map((await rows).map((r) => [r.day, r.n]));

  const [signalCounts, requestCounts, ledgerCounts] = await Promise.all([
    sql<{ total: number; last7: number; prev7: number }[]>`
      select count(*)::int as total,
             count(*) filter (where created_at >= now() - interval '7 days')::int as last7,
             count(*) filter (where created_at < now() - interval '7 days' and created_at >= now() - interval '14 days')::int as prev7
      from signals where user_id = ${userId} and type <> 'NO_TRADE'`,
    sql<{ live: number; completed: number; failed: number }[]>`
      select count(*) filter (where status = 'IN_PROGRESS')::int as live,
             count(*) filter (where status = 'COMPLETED')::int as completed,
             count(*) filter (where status = 'FAILED')::int as failed
      from analysis_requests where user_id = ${userId}`,
    ledgerTotals(sql, userId, new Date(today)),
  ]);
  const since = `${days[0]}T00:00:00Z`;
  const [signalDays, startedDays, usedDays, refundDays] = await Promise.all([
    byDay(sql`select to_char(created_at at time zone 'utc', 'YYYY-MM-DD') as day, count(*)::int as n from signals
              where user_id = ${userId} and type <> 'NO_TRADE' and created_at >= ${since} group by 1`),
    byDay(sql`select to_char(created_at at time zone 'utc', 'YYYY-MM-DD') as day, count(*)::int as n from analysis_requests
              where user_id = ${userId} and created_at >= ${since} group by 1`),
    byDay(sql`select to_char(created_at at time zone 'utc', 'YYYY-MM-DD') as day, sum(-amount)::int as n from credit_ledger
              where user_id = ${userId} and kind = 'DEDUCTION' and created_at >= ${since} group by 1`),
    byDay(sql`select to_char(created_at at time zone 'utc', 'YYYY-MM-DD') as day, sum(amount)::int as n from credit_ledger
              where user_id = ${userId} and kind = 'REFUND' and created_at >= ${since} group by 1`),
  ]);
  const s = signalCounts[0];
  const r = requestCounts[0];
  const l = ledgerCounts;
  const trend = trendPercent(s.last7, s.prev7);
  return {
    total_signals: {
      value: s.total,
      last_7_days: s.last7,
      previous_7_days: s.prev7,
      trend_percent: trend,
      trend: s.last7 > s.prev7 ? "up" : s.last7 < s.prev7 ? "down" : "flat",
      series: series(days, signalDays),
    },
    live_analyses: { value: r.live, completed: r.completed, failed: r.failed, series: series(days, startedDays) },
    used_credits: { value: l.used, today: l.used_since, series: series(days, usedDays) },
    returned_credits: {
      value: l.refunded,
      today: l.refunded_since,
      // Share of held credits that came back (NO_TRADE or failure), 0..1.
      ratio: l.used === 0 ? 0 : Math.round((l.refunded / l.used) * 1000) / 1000,
      series: series(days, refundDays),
    },
  };
}
