// Settlement: an analysis ends once, in one transaction: COMPLETED with its signal (credit USED, or returned for a NO_TRADE) or FAILED and refunded.
import { analyses, credits } from "@core/infra/metrics";
import type { Sql, Tx } from "@core/infra/db";
import { insertSignalEvent } from "@core/alerts/alerts";
import { applyCreditChange } from "@core/ledger/credits";
import { noteUserChanged } from "@core/infra/user-version";
import type { FinalResult, PhaseResult } from "./phases";
import { publishProgress, type PushDeps } from "./progress";
import { EXPIRY_HOURS } from "./trade";

export type SettleDeps = PushDeps & { sql: Sql };

const REASON_MAX = 140;
export const clipReason = (s: string) => (s.length > REASON_MAX ? s.slice(0, REASON_MAX - 1) + "…" : s);

const finite = (x: number | null | undefined) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/** A phase's reasoning row; a second write for the same phase (a duplicate job) is dropped. */
export async function insertReasoning(tx: Tx, requestId: number, r: PhaseResult | FinalResult) {
  await tx`
    insert into analysis_reasoning (request_id, phase_number, reason, full_reasoning, timeframe, confirmation_criteria, result)
    values (${requestId}, ${r.phase_number}, ${clipReason(r.reason)}, ${r.full_reasoning}, ${r.timeframe ?? ""},
            ${JSON.stringify(r.confirmation_criteria ?? [])}::text::jsonb, ${JSON.stringify(r)}::text::jsonb)
    on conflict (request_id, phase_number) do nothing`;
}

async function refund(tx: Tx, userId: number, requestId: number, note: string) {
  const done = await applyCreditChange(tx, { userId, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: requestId, note });
  if (!done) throw new Error("refund could not be applied");
}

/**
 * Fails an analysis and gives its credit back. The conditional HELD → RELEASED update is the guard: whoever
 * wins it (phase error, sweeper, a second engine) refunds; everyone else changes nothing.
 */
export async function failAnalysis(deps: SettleDeps, requestId: number, reason: string) {
  const failed = await deps.sql.begin(async (tx) => {
    const [row] = await tx<{ user_id: number; symbol: string; current_phase: number; progress_percent: number }[]>`
      update analysis_requests
      set status = 'FAILED', credits_status = 'RELEASED', failure_reason = ${reason.slice(0, 500)},
          next_run_at = null, completed_at = now(), updated_at = now()
      where id = ${requestId} and status = 'IN_PROGRESS' and credits_status = 'HELD'
      returning user_id, symbol, current_phase, progress_percent`;
    if (!row) return null;
    await refund(tx, row.user_id, requestId, "Analysis failed: credit returned");
    return row;
  });
  if (!failed) return false;
  analyses.inc({ outcome: "FAILED" });
  deps.log.warn("analysis failed and refunded", { request_id: requestId, reason });
  await publishProgress(deps, failed.user_id, {
    request_id: requestId,
    symbol: failed.symbol,
    status: "FAILED",
    current_phase: failed.current_phase,
    progress_percent: failed.progress_percent,
    credits_status: "RELEASED",
    reason,
  });
  return true;
}

type Request = { id: number; user_id: number; symbol: string };

/** The final decision as a signals row; a LONG/SHORT also records how many went out the same way in the hour before. */
async function insertSignal(tx: Tx, req: Request, final: FinalResult, marketNow: number): Promise<number> {
  const d = final.decision;
  const noTrade = d.type === "NO_TRADE";
  const confidence = Math.min(1, Math.max(0, finite(d.confidence) ?? 0));
  let context = d.context;
  if (context && !noTrade) {
    const [crowd] = await tx<{ n: number }[]>`
      select count(*)::int as n from signals
      where type = ${d.type} and market_time_ms > ${marketNow - 3_600_000} and market_time_ms <= ${marketNow}`;
    context = { ...context, same_direction_last_hour: crowd.n };
  }
  const [signal] = await tx<{ id: number }[]>`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio,
                         timeframe, entry_timing, reasoning, no_trade, no_trade_reason, is_active, market_time_ms, outcome,
                         context, cost_per_side, expiry_hours)
    values (${req.user_id}, ${req.id}, ${req.symbol}, ${d.type}, ${confidence},
            ${noTrade ? null : finite(d.entry_price)}, ${noTrade ? null : finite(d.take_profit)},
            ${noTrade ? null : finite(d.stop_loss)}, ${noTrade ? null : finite(d.rr_ratio)},
            ${d.timeframe ?? final.timeframe ?? ""}, ${noTrade ? "n/a" : d.entry_timing || "Now"}, ${d.reasoning ?? final.full_reasoning},
            ${noTrade}, ${noTrade ? (d.no_trade_reason ?? null) : null}, ${!noTrade}, ${marketNow}, ${noTrade ? null : "OPEN"},
            ${context ? JSON.stringify(context) : null}::text::jsonb, ${noTrade ? null : (d.context?.costs.cost_per_side ?? null)},
            ${d.context?.expiry_hours ?? EXPIRY_HOURS})
    returning id`;
  return signal.id;
}

/**
 * Phase 3 in one transaction: reasoning, signal, request COMPLETED, credit USED (LONG/SHORT) or RELEASED with a
 * REFUND ledger row (NO_TRADE). Only a request still HELD settles, so a credit is never kept and refunded both.
 */
export async function completeAnalysis(deps: SettleDeps, req: Request, final: FinalResult, marketNow: number) {
  const noTrade = final.decision.type === "NO_TRADE";
  const creditsStatus = noTrade ? "RELEASED" : "USED";
  const signalId = await deps.sql.begin(async (tx) => {
    const [locked] = await tx`
      select id from analysis_requests
      where id = ${req.id} and status = 'IN_PROGRESS' and credits_status = 'HELD' and current_phase = 3 for update`;
    if (!locked) return null;
    await insertReasoning(tx, req.id, final);
    const id = await insertSignal(tx, req, final, marketNow);
    await tx`
      update analysis_requests
      set status = 'COMPLETED', credits_status = ${creditsStatus}, final_signal_id = ${id}, progress_percent = 100,
          next_run_at = null, completed_at = now(), updated_at = now(), market_time_ms = coalesce(market_time_ms, ${marketNow})
      where id = ${req.id}`;
    // A NO_TRADE's refund announces the change through the credit primitive; a LONG/SHORT writes no ledger row, so the
    // settlement notes it itself (announced to the user's tabs on commit).
    if (noTrade) await refund(tx, req.user_id, req.id, "No trade: credit returned");
    else {
      // The trader bought a LONG/SHORT: its ISSUED alert commits with it (core/alerts; NO_TRADE writes none).
      await insertSignalEvent(tx, id, "ISSUED");
      await noteUserChanged(tx, req.user_id, `settled-${req.id}`);
    }
    return id;
  });
  if (signalId === null) return;
  analyses.inc({ outcome: final.decision.type });
  if (!noTrade) credits.inc({ movement: "used" });
  deps.log.info("analysis completed", { request_id: req.id, symbol: req.symbol, type: final.decision.type, signal_id: signalId });
  await publishProgress(deps, req.user_id, {
    request_id: req.id,
    symbol: req.symbol,
    status: "COMPLETED",
    current_phase: 3,
    progress_percent: 100,
    final_signal_id: signalId,
    final_signal_type: final.decision.type,
    credits_status: creditsStatus,
    reason: clipReason(final.reason),
  });
}
