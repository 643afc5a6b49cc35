// The caller's signal history with outcomes as CSV: the dashboard's filters, newest first, one row per signal.
import type { Sql } from "@core/infra/db";
import type { SignalContext } from "@core/contract/signal";
import { csvLines, type CsvValue } from "../../lib/csv";
import { matchingSignals, parseFilters, type SignalFilters } from "../signals/service";

/** A spreadsheet, not a backup: beyond this many rows the newest are kept and the file says so in its name. */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows read from Postgres and written out at a time: the file is never held in memory whole. */
export const EXPORT_BATCH = 500;

export const EXPORT_COLUMNS = [
  "signal_id",
  "analysis_id",
  "issued_at_utc",
  "symbol",
  "type",
  "venue",
  "confidence_pct",
  "entry",
  "take_profit",
  "stop_loss",
  "rr",
  "timeframe",
  "expected_r",
  "round_trip_cost_pct",
  "outcome",
  "outcome_at_utc",
  "r_multiple",
  "credit",
  "reasoning",
] as const;

type ExportRow = {
  id: number;
  request_id: number;
  created_at: Date;
  market_time_ms: number | string | null;
  symbol: string;
  type: string;
  confidence: number;
  entry_price: number | null;
  take_profit: number | null;
  stop_loss: number | null;
  rr_ratio: number | null;
  timeframe: string;
  outcome: string | null;
  outcome_at: Date | null;
  outcome_market_ms: number | string | null;
  r_multiple: number | null;
  credits_status: string | null;
  reasoning: string;
  context: SignalContext | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
/** Issue and exit are market events: dated on the market clock (the replayed moment under the replay); a row written
 *  before the market clock was stored keeps its wall time. */
const marketIso = (ms: number | string | null, fallback: Date | null) =>
  ms != null && Number(ms) > 0 ? new Date(Number(ms)).toISOString() : iso(fallback);

function cells(r: ExportRow): CsvValue[] {
  const c = r.context;
  // A NO_TRADE's context is its best side that missed the bar: no venue or expectation of a trade that was not issued.
  const traded = r.type !== "NO_TRADE";
  return [
    r.id,
    r.request_id,
    marketIso(r.market_time_ms, r.created_at),
    r.symbol,
    r.type,
    traded ? (c?.venue ?? null) : null,
    Math.round(r.confidence * 1000) / 10,
    r.entry_price,
    r.take_profit,
    r.stop_loss,
    r.rr_ratio,
    r.timeframe,
    traded ? (c?.expected_r ?? null) : null,
    traded ? (c?.costs.round_trip_pct ?? null) : null,
    r.outcome,
    r.outcome === null || r.outcome === "OPEN" ? null : marketIso(r.outcome_market_ms, r.outcome_at),
    r.r_multiple,
    r.credits_status === "RELEASED" ? "refunded" : r.credits_status === "USED" ? "used" : r.credits_status,
    r.reasoning,
  ];
}

/**
 * The CSV as a stream and its file name; only `userId`'s rows, under the same filter rules as GET /api/signals/. Rows
 * are read EXPORT_BATCH at a time through a cursor as the client takes them; `onDone` runs once when the stream ends,
 * fails or is cancelled (the caller's per-user lock).
 */
export async function exportSignalsCsv(sql: Sql, userId: number, q: SignalFilters, now = new Date(), onDone: () => void = () => {}) {
  const f = parseFilters({ symbol: q.symbol, type: q.type, range: q.range });
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select 1 from signals s where ${matchingSignals(sql, userId, f)} limit ${EXPORT_MAX_ROWS + 1}) as capped`;
  const batches = sql<ExportRow[]>`
    select s.id, s.request_id, s.created_at, s.market_time_ms, s.outcome_market_ms, s.symbol, s.type, s.confidence, s.entry_price, s.take_profit, s.stop_loss,
           s.rr_ratio, s.timeframe, s.outcome, s.outcome_at, s.r_multiple, s.reasoning, s.context, r.credits_status
    from signals s join analysis_requests r on r.id = s.request_id
    where ${matchingSignals(sql, userId, f)}
    order by s.created_at desc, s.id desc
    limit ${EXPORT_MAX_ROWS}`
    .cursor(EXPORT_BATCH)
    [Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          return controller.enqueue(encoder.encode(csvLines([EXPORT_COLUMNS])));
        }
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return onDone();
        }
        controller.enqueue(encoder.encode(csvLines(next.value.map(cells))));
      } catch (err) {
        onDone();
        controller.error(err);
      }
    },
    async cancel() {
      onDone();
      await batches.return?.();
    },
  });
  const day = now.toISOString().slice(0, 10);
  return { stream, filename: `tradewind-signals-${day}${n > EXPORT_MAX_ROWS ? `-newest-${EXPORT_MAX_ROWS}` : ""}.csv` };
}
