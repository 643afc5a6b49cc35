// Signals of one user: list with filters, one by id, the dashboard's four stat cards; plus the row → API shape used by analysis too.
import { type LedgerTotals, ledgerTotalsQuery, totalsOf } from "@core/ledger/credits";
import { last7Days, trendPercent } from "@core/rules/stats";
import { jsonRows, pageWithTotal, type Sql } from "@core/infra/db";
import { badRequest, notFound } from "../../lib/http-error";
import { parseId } from "../../lib/params";
import type { Signal, SignalContext, SignalType } from "@core/contract/signal";
import type { CreditsStatus, SignalOutcome } from "@core/contract/status";

export type { SignalType };

/** A signals row joined with its request's credits_status, as Postgres renders it in JSON (jsonRows). */
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
  outcome_at: string | null;
  outcome_market_ms?: number | string | null;
  r_multiple: number | null;
  created_at: string;
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
    // The engine records the deciding version in the context; lifted to the top so a reader needs no context to name it.
    model_version: r.context?.model.version ?? null,
    context: r.context,
  };
}
export type SignalDto = Signal;

/** Signals by id for one user (used to embed final_signal in analysis rows). */
export async function signalsByIds(sql: Sql, userId: number, ids: number[]): Promise<Map<number, SignalDto>> {
  if (ids.length === 0) return new Map();
  const rows = await jsonRows<SignalRow>(
    sql,
    sql`select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
        where s.user_id = ${userId} and s.id in ${sql(ids)}`,
  );
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
 * page): `{items, next_cursor, total, issued}`, where total counts every signal matching the filters and issued the
 * LONG/SHORT ones among them.
 */
export async function listSignals(sql: Sql, userId: number, q: SignalFilters & { cursor?: string }) {
  const paged = q.cursor !== undefined;
  const f = parseFilters({ ...q, limit: q.limit || (paged ? String(PAGE_SIZE) : undefined) });
  const after = paged ? parseCursor(q.cursor ?? "") : null;
  const matching = () => matchingSignals(sql, userId, f);
  const page = sql`
    select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
    where ${matching()}
      ${after !== null ? sql`and (s.created_at, s.id) < (select c.created_at, c.id from signals c where c.id = ${after} and c.user_id = ${userId})` : sql``}
    order by s.created_at desc, s.id desc
    limit ${paged ? f.limit + 1 : f.limit}`;
  if (!paged) return (await jsonRows<SignalRow>(sql, page)).map(signalDto);
  const count = sql`select count(*)::int as total from signals s where ${matching()}`;
  // LONG/SHORT among them: the heading counts issued signals, not No Trades (issue 33 §7).
  const [{ rows, total }, [{ issued }]] = await Promise.all([
    pageWithTotal<SignalRow>(sql, page, count, { json: true }),
    sql<{ issued: number }[]>`select count(*)::int as issued from signals s where ${matching()} and s.type <> 'NO_TRADE'`,
  ]);
  return { ...toPage(rows, f.limit, total, signalDto), issued };
}

/** Ids in paths are digits only; anything else cannot name a row, so it is a plain 404 rather than a DB error. */
export async function getSignal(sql: Sql, userId: number, rawId: string) {
  const id = parseId(rawId);
  // Another user's signal answers exactly like a missing one, so ids cannot be probed.
  const [row] =
    id === null
      ? []
      : await jsonRows<SignalRow>(
          sql,
          sql`select s.*, r.credits_status from signals s join analysis_requests r on r.id = s.request_id
              where s.id = ${id} and s.user_id = ${userId}`,
        );
  if (!row) throw notFound("Signal not found");
  return signalDto(row);
}

type DayPoint = { date: string; value: number };

/** A day series from {"YYYY-MM-DD": n} (days without a row count 0). */
const series = (days: string[], counts: Record<string, number> | null): DayPoint[] => days.map((date) => ({ date, value: counts?.[date] ?? 0 }));

type StatsRow = {
  total: number;
  last7: number;
  prev7: number;
  live: number;
  completed: number;
  failed: number;
  used: number;
  used_today: number;
  signal_days: Record<string, number> | null;
  started_days: Record<string, number> | null;
  used_days: Record<string, number> | null;
  refund_days: Record<string, number> | null;
  ledger: LedgerTotals;
  /** When the oldest signal of the last 7 days, or of the 7 before them, leaves its window (ms); null if none will. */
  turns_at: number | null;
};

/**
 * The dashboard's four stat cards (spec 02 §2), each with a 7-day daily series in UTC days. Total Signals counts issued
 * LONG and SHORT signals: a NO_TRADE is a refunded analysis (Live Analyses counts it as completed). Every dashboard
 * asks for them every 10 s, so the counts, the three series and the ledger totals come from one statement: one round
 * trip, not eight.
 */
export async function signalStats(sql: Sql, userId: number) {
  const days = last7Days(Date.now());
  const since = new Date(`${days[0]}T00:00:00Z`);
  const today = new Date(`${days[6]}T00:00:00Z`);
  const perDay = (rows: ReturnType<Sql>) => sql`(select json_object_agg(day, n) from (${rows}) d)`;
  const utcDay = sql`to_char(created_at at time zone 'utc', 'YYYY-MM-DD')`;
  const [c] = await sql<StatsRow[]>`
      with issued as (select created_at from signals where user_id = ${userId} and type <> 'NO_TRADE'),
           requests as (select status, credits_status, created_at from analysis_requests where user_id = ${userId}),
           kept as (select created_at from requests where credits_status = 'USED'),
           returns as (select amount, created_at from credit_ledger where user_id = ${userId} and kind = 'REFUND' and created_at >= ${since})
      select (select count(*)::int from issued) as total,
             (select count(*)::int from issued where created_at >= now() - interval '7 days') as last7,
             (select count(*)::int from issued
              where created_at < now() - interval '7 days' and created_at >= now() - interval '14 days') as prev7,
             (select count(*)::int from requests where status = 'IN_PROGRESS') as live,
             (select count(*)::int from requests where status = 'COMPLETED') as completed,
             (select count(*)::int from requests where status = 'FAILED') as failed,
             (select count(*)::int from kept) as used,
             (select count(*)::int from kept where created_at >= ${today}) as used_today,
             ${perDay(sql`select ${utcDay} as day, count(*)::int as n from issued where created_at >= ${since} group by 1`)} as signal_days,
             ${perDay(sql`select ${utcDay} as day, count(*)::int as n from requests where created_at >= ${since} group by 1`)} as started_days,
             ${perDay(sql`select ${utcDay} as day, count(*)::int as n from kept where created_at >= ${since} group by 1`)} as used_days,
             ${perDay(sql`select ${utcDay} as day, sum(amount)::int as n from returns group by 1`)} as refund_days,
             ${totalsOf(sql, ledgerTotalsQuery(sql, userId, today))} as ledger,
             (select extract(epoch from least(min(created_at) filter (where created_at > now() - interval '7 days') + interval '7 days',
                                              min(created_at) + interval '14 days')) * 1000
              from issued where created_at > now() - interval '14 days')::float8 as turns_at`;
  const l = c.ledger;
  const trend = trendPercent(c.last7, c.prev7);
  const stats = {
    total_signals: {
      value: c.total,
      last_7_days: c.last7,
      previous_7_days: c.prev7,
      trend_percent: trend,
      trend: c.last7 > c.prev7 ? "up" : c.last7 < c.prev7 ? "down" : "flat",
      series: series(days, c.signal_days),
    },
    live_analyses: { value: c.live, completed: c.completed, failed: c.failed, series: series(days, c.started_days) },
    // A credit is used when its analysis issued a signal (credits_status USED, the usage answer's net_used): one held
    // and returned (NO_TRADE, failure) or still held was not used (issue 33 §7). Value, today and series alike.
    used_credits: { value: c.used, today: c.used_today, series: series(days, c.used_days) },
    returned_credits: {
      value: l.refunded,
      today: l.refunded_since,
      // Share of the credits analyses held that came back (NO_TRADE or failure), 0..1: "of analyses".
      ratio: l.used === 0 ? 0 : Math.round((l.refunded / l.used) * 1000) / 1000,
      series: series(days, c.refund_days),
    },
  };
  // The cards change with the clock alone at the next UTC midnight (the daily series, "today") or when a signal leaves
  // the last 7 days or the 7 before them, whichever comes first.
  freshUntil.set(stats, Math.min(Date.parse(`${days[6]}T00:00:00Z`) + 86_400_000, c.turns_at ?? Number.POSITIVE_INFINITY));
  return stats;
}

const freshUntil = new WeakMap<object, number>();
/** Until when (ms) a signalStats answer holds unless the user's rows change (its tag carries this; lib/conditional). */
export const statsFreshUntil = (stats: object) => freshUntil.get(stats) ?? 0;
