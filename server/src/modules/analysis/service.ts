// Analyses of one user: start (conditional debit + request row in one transaction, then phase 1 queued), lists and details.
import type { Queue } from "bullmq";
import type { Analysis, AnalysisRequestRow } from "@core/contract/analysis";
import { pageWithTotal, type Sql } from "@core/infra/db";
import { applyCreditChange } from "@core/ledger/credits";
import { isSupportedSymbol, unavailableReason } from "@core/market/symbols";
import { MAX_ACTIVE_ANALYSES, enqueuePhase, phaseMs, type AnalysisJobData } from "@core/queues/analysis-queue";
import type { ServerDeps } from "../../deps";
import { HttpError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from "../../lib/http-error";
import { PAGE_SIZE, parseCursor, parseFilters, signalsByIds, toPage, type SignalDto } from "../signals/service";
import { normalizeSymbol, parseId, parseLimit } from "../../lib/params";

export const PHASE_NAMES = ["", "scanning", "confirmation", "final calibration"] as const;

type RequestRow = AnalysisRequestRow;

type ReasoningRow = {
  request_id: number;
  phase_number: number;
  reason: string;
  full_reasoning: string;
  timeframe: string;
  confirmation_criteria: string[];
  created_at: Date;
};

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** Seconds until the next phase runs (the client's "Next mm:ss"); 0 once settled or overdue. */
const secondsUntil = (at: Date | null, nowMs: number) => (at ? Math.max(0, Math.ceil((new Date(at).getTime() - nowMs) / 1000)) : 0);

function reasoningDto(r: ReasoningRow, maxChars?: number) {
  return {
    phase_number: r.phase_number,
    phase_name: PHASE_NAMES[r.phase_number],
    reason: r.reason,
    full_reasoning: maxChars !== undefined && r.full_reasoning.length > maxChars ? r.full_reasoning.slice(0, maxChars - 1) + "…" : r.full_reasoning,
    timeframe: r.timeframe,
    confirmation_criteria: r.confirmation_criteria,
    created_at: iso(r.created_at)!,
  };
}

/** Where a request stands; the countdown fields only mean something while it runs. */
function progressFields(r: RequestRow, nowMs: number) {
  const live = r.status === "IN_PROGRESS";
  return {
    status: r.status,
    current_phase: r.current_phase,
    progress_percent: r.progress_percent,
    next_run_at: live ? iso(r.next_run_at) : null,
    time_remaining_seconds: live ? secondsUntil(r.next_run_at, nowMs) : 0,
  };
}

/** The §3 analysis entity, one spelling per field (the client's readers accept the spec's others). */
function analysisDto(r: RequestRow, signal: SignalDto | null, latest: ReasoningRow | null, nowMs: number): Analysis {
  return {
    id: r.id,
    symbol: r.symbol,
    ...progressFields(r, nowMs),
    phase_name: PHASE_NAMES[r.current_phase],
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    completed_at: iso(r.completed_at),
    credits_status: r.credits_status,
    final_signal_id: r.final_signal_id,
    final_signal: signal,
    final_signal_type: signal?.type ?? null,
    latest_reasoning: latest ? reasoningDto(latest) : null,
    failure_reason: r.failure_reason,
    market_time_ms: r.market_time_ms,
  };
}
export type AnalysisDto = ReturnType<typeof analysisDto>;

/** Attaches final signals and latest reasoning to request rows (two queries for the whole list). */
async function toDtos(sql: Sql, userId: number, rows: RequestRow[]): Promise<AnalysisDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const signalIds = rows.map((r) => r.final_signal_id).filter((id): id is number => id !== null);
  const [signals, reasoning] = await Promise.all([
    signalsByIds(sql, userId, signalIds),
    sql<ReasoningRow[]>`
      select distinct on (request_id) * from analysis_reasoning
      where request_id in ${sql(ids)} order by request_id, phase_number desc`,
  ]);
  const latest = new Map(reasoning.map((r) => [r.request_id, r]));
  const now = Date.now();
  return rows.map((r) => analysisDto(r, r.final_signal_id ? (signals.get(r.final_signal_id) ?? null) : null, latest.get(r.id) ?? null, now));
}

/**
 * Holds one credit and creates the request in one transaction. The user row is locked first, so one user's
 * concurrent starts run one after another: the credit check, the running-analyses cap and the idempotency
 * lookup all see the previous start's result. The hold (applyCreditChange) announces the user's change on commit.
 */
export async function startAnalysis(
  deps: Pick<ServerDeps, "sql" | "config" | "log">,
  queue: Queue<AnalysisJobData>,
  userId: number,
  input: { symbol: unknown; idempotencyKey: string | null },
) {
  const symbol = normalizeSymbol(input.symbol);
  if (!symbol) throw badRequest("Enter a symbol").withCode("symbol_required");
  if (!isSupportedSymbol(symbol)) throw badRequest(`Symbol ${symbol} is not supported`).withCode("unsupported_symbol");
  // A listed pair the market provider cannot serve (replay without its candles) would only fail later, refunded.
  const unavailable = unavailableReason(symbol, deps.config);
  if (unavailable) throw badRequest(`${symbol} cannot be analysed here: ${unavailable}`).withCode("symbol_unavailable");
  const key = input.idempotencyKey?.trim() || null;
  if (key !== null && key.length > 255) throw badRequest("Idempotency-Key must be at most 255 characters");
  const delayMs = phaseMs(deps.config);

  const result = await deps.sql.begin(async (tx) => {
    const [user] = await tx<{ credits: number }[]>`select credits from users where id = ${userId} for update`;
    if (!user) throw unauthorized("Account not found");
    if (key !== null) {
      const [existing] = await tx<RequestRow[]>`select * from analysis_requests where user_id = ${userId} and idempotency_key = ${key}`;
      if (existing) {
        if (existing.symbol !== symbol) throw conflict("Idempotency-Key was already used for a different request").withCode("idempotency_key_reused");
        // The same answer as the first time: the balance right after that start's debit.
        const [debit] = await tx<{ balance_after: number }[]>`
          select balance_after from credit_ledger
          where user_id = ${userId} and kind = 'DEDUCTION' and reference_type = 'analysis_request' and reference_id = ${existing.id}`;
        return { row: existing, credits: debit?.balance_after ?? user.credits, replayed: true };
      }
    }
    if (user.credits < 1) throw new HttpError(402, "Insufficient credits").withCode("insufficient_credits");
    const [{ running }] = await tx<{ running: number }[]>`
      select count(*)::int as running from analysis_requests where user_id = ${userId} and status = 'IN_PROGRESS'`;
    if (running >= MAX_ACTIVE_ANALYSES) {
      throw tooManyRequests(
        "analyses-running",
        `You already have ${MAX_ACTIVE_ANALYSES} analyses running. Wait for one to finish before starting another.`,
      ).withCode("too_many_running");
    }
    const [row] = await tx<RequestRow[]>`
      insert into analysis_requests (user_id, symbol, idempotency_key, next_run_at)
      values (${userId}, ${symbol}, ${key}, now() + make_interval(secs => ${delayMs / 1000}))
      returning *`;
    const debit = await applyCreditChange(tx, {
      userId,
      kind: "DEDUCTION",
      amount: -1,
      referenceType: "analysis_request",
      referenceId: row.id,
      note: `Analysis ${symbol}`,
    });
    if (!debit) throw new HttpError(402, "Insufficient credits").withCode("insufficient_credits");
    return { row, credits: debit.balance, replayed: false };
  });

  if (!result.replayed) {
    try {
      await enqueuePhase(queue, result.row.id, 1, delayMs);
    } catch (err) {
      // The row is the source of truth: the engine's sweeper re-queues (or fails and refunds) a request without a job.
      deps.log.warn("analysis enqueue failed", { request_id: result.row.id, error: String(err) });
    }
  }
  const r = result.row;
  return {
    request_id: r.id,
    symbol: r.symbol,
    status: r.status,
    current_phase: r.current_phase,
    progress_percent: r.progress_percent,
    next_run_at: iso(r.next_run_at),
    credits_status: r.credits_status,
    credits: result.credits,
    created_at: iso(r.created_at)!,
    replayed: result.replayed,
    detail: "Analysis started",
  };
}

export async function listActive(sql: Sql, userId: number) {
  const rows = await sql<RequestRow[]>`
    select * from analysis_requests where user_id = ${userId} and status = 'IN_PROGRESS'
    order by created_at desc, id desc`;
  return toDtos(sql, userId, rows);
}

export type HistoryQuery = { limit?: string; cursor?: string; symbol?: string; range?: string; has_signal?: string };

/** has_signal: "true", "false" or absent (both). */
function parseHasSignal(raw: string | undefined): boolean | null {
  const v = (raw ?? "").trim().toLowerCase();
  if (v === "") return null;
  if (v === "true" || v === "false") return v === "true";
  throw badRequest("has_signal must be true or false");
}

/**
 * Without `cursor`: the newest `limit` analyses as a bare array (the original call). With `cursor` (empty for the first
 * page): `{items, next_cursor, total}`. Filters as the signals list (symbol substring, range), plus has_signal.
 */
export async function listHistory(sql: Sql, userId: number, q: HistoryQuery = {}) {
  const paged = q.cursor !== undefined;
  const limit = parseLimit(q.limit, paged ? PAGE_SIZE : 50, 500);
  const f = parseFilters({ symbol: q.symbol, range: q.range });
  const hasSignal = parseHasSignal(q.has_signal);
  const after = paged ? parseCursor(q.cursor ?? "") : null;
  const matching = () => sql`
    a.user_id = ${userId}
    ${f.symbol ? sql`and a.symbol like ${"%" + f.symbol + "%"}` : sql``}
    ${f.hours ? sql`and a.created_at >= now() - make_interval(hours => ${f.hours})` : sql``}
    ${hasSignal === null ? sql`` : hasSignal ? sql`and a.final_signal_id is not null` : sql`and a.final_signal_id is null`}`;
  const query = sql<RequestRow[]>`
    select a.* from analysis_requests a where ${matching()}
      ${after !== null ? sql`and (a.created_at, a.id) < (select c.created_at, c.id from analysis_requests c where c.id = ${after} and c.user_id = ${userId})` : sql``}
    order by a.created_at desc, a.id desc limit ${paged ? limit + 1 : limit}`;
  if (!paged) return toDtos(sql, userId, await query);
  const count = sql`select count(*)::int as total from analysis_requests a where ${matching()}`;
  const { rows, total } = await pageWithTotal<RequestRow>(sql, query, count);
  const page = toPage(rows, limit, total, (r) => r);
  return { ...page, items: await toDtos(sql, userId, page.items) };
}

/** Another user's analysis answers exactly like a missing one. */
async function ownRequest(sql: Sql, userId: number, rawId: string): Promise<RequestRow> {
  const id = parseId(rawId);
  const [row] = id === null ? [] : await sql<RequestRow[]>`select * from analysis_requests where id = ${id} and user_id = ${userId}`;
  if (!row) throw notFound("Analysis not found");
  return row;
}

export async function getAnalysis(sql: Sql, userId: number, rawId: string) {
  const [dto] = await toDtos(sql, userId, [await ownRequest(sql, userId, rawId)]);
  return dto;
}

/** The newest phase's reasoning; `limit` caps full_reasoning in characters (the client asks for 900). */
export async function latestReasoning(sql: Sql, userId: number, rawId: string, limitRaw?: string) {
  const limit = parseLimit(limitRaw, 900, 100_000);
  const row = await ownRequest(sql, userId, rawId);
  const phases = await sql<ReasoningRow[]>`
    select * from analysis_reasoning where request_id = ${row.id} order by phase_number desc`;
  const latest = phases[0] ? reasoningDto(phases[0], limit) : null;
  return {
    request_id: row.id,
    ...progressFields(row, Date.now()),
    phase_number: latest?.phase_number ?? null,
    reason: latest?.reason ?? null,
    full_reasoning: latest?.full_reasoning ?? null,
    timeframe: latest?.timeframe ?? null,
    confirmation_criteria: latest?.confirmation_criteria ?? [],
    phases: phases.map((p) => reasoningDto(p, limit)),
  };
}

/** The full record: the analysis, its final signal and every phase's reasoning (oldest first). */
export async function analysisDetail(sql: Sql, userId: number, rawId: string) {
  const row = await ownRequest(sql, userId, rawId);
  const [[dto], phases] = await Promise.all([
    toDtos(sql, userId, [row]),
    sql<ReasoningRow[]>`select * from analysis_reasoning where request_id = ${row.id} order by phase_number`,
  ]);
  const reasoning = phases.map((p) => reasoningDto(p));
  return {
    ...dto,
    reasoning,
    // One readable text for the drawer: the signal's reasoning once issued, otherwise the newest phase's.
    analysis: dto.final_signal?.reasoning ?? reasoning[reasoning.length - 1]?.full_reasoning ?? null,
  };
}
