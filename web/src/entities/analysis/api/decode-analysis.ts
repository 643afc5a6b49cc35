// The one decoder of an analysis, its reasoning phases and its latest reasoning (spec 02 §3): the id's three spellings,
// signal_type and the `data` envelope are folded into core/contract's shapes here, so every screen reads those types.
import type { Analysis, LatestReasoning, Reasoning } from "@core/contract/analysis";
import type { AnalysisStatus, CreditsStatus } from "@core/contract/status";
import { decodeSignal, decodeSignalType } from "@web/entities/signal/api/decode-signal";
import { isObj, list, num, type Obj, obj, oneOf, str, unwrap } from "@web/lib/decode";

export type { Analysis, LatestReasoning, Reasoning };

const STATUSES = ["IN_PROGRESS", "COMPLETED", "FAILED"] as const satisfies readonly AnalysisStatus[];
const CREDITS = ["HELD", "USED", "RELEASED"] as const satisfies readonly CreditsStatus[];

/** A status as the closed union spells it; a missing or unknown one reads as still running (the server's default). */
const statusOf = (o: Obj): AnalysisStatus => oneOf(STATUSES, str(o, "status")) ?? "IN_PROGRESS";

const criteriaOf = (o: Obj): string[] =>
  Array.isArray(o.confirmation_criteria) ? o.confirmation_criteria.filter((c): c is string => typeof c === "string" && c.trim() !== "") : [];

/** One phase's reasoning; null for anything but an object. */
export function decodeReasoning(raw: unknown): Reasoning | null {
  if (!isObj(raw)) return null;
  return {
    phase_number: num(raw, "phase_number") ?? 0,
    phase_name: str(raw, "phase_name") ?? "",
    reason: str(raw, "reason") ?? "",
    full_reasoning: str(raw, "full_reasoning") ?? "",
    timeframe: str(raw, "timeframe") ?? "",
    confirmation_criteria: criteriaOf(raw),
    created_at: str(raw, "created_at") ?? "",
  };
}

/** One analysis request; null without any of its id spellings. */
export function decodeAnalysis(raw: unknown): Analysis | null {
  const a = unwrap(raw);
  if (!isObj(a)) return null;
  const id = num(a, "id", "request_id", "analysis_request_id");
  if (id === null) return null;
  const finalSignal = decodeSignal(obj(a, "final_signal"));
  return {
    id,
    symbol: (str(a, "symbol") ?? "—").toUpperCase(),
    status: statusOf(a),
    current_phase: num(a, "current_phase") ?? 1,
    phase_name: str(a, "phase_name") ?? "",
    progress_percent: num(a, "progress_percent") ?? 0,
    created_at: str(a, "created_at") ?? "",
    updated_at: str(a, "updated_at") ?? "",
    completed_at: str(a, "completed_at"),
    next_run_at: str(a, "next_run_at"),
    time_remaining_seconds: num(a, "time_remaining_seconds") ?? 0,
    credits_status: oneOf(CREDITS, str(a, "credits_status")) ?? "HELD",
    final_signal_id: num(a, "final_signal_id") ?? finalSignal?.id ?? null,
    final_signal: finalSignal,
    // Each explicit field in turn, then the embedded final signal's own direction.
    final_signal_type: decodeSignalType(a.final_signal_type) ?? decodeSignalType(a.signal_type) ?? finalSignal?.type ?? null,
    latest_reasoning: decodeReasoning(a.latest_reasoning),
    failure_reason: str(a, "failure_reason"),
    market_time_ms: num(a, "market_time_ms"),
  };
}

/** The latest-reasoning answer (possibly wrapped in `data`); blank confirmation criteria are dropped. */
export function decodeLatestReasoning(raw: unknown): LatestReasoning | null {
  const r = unwrap(raw);
  if (!isObj(r)) return null;
  return {
    request_id: num(r, "request_id", "analysis_request_id", "id") ?? 0,
    status: statusOf(r),
    current_phase: num(r, "current_phase") ?? 1,
    progress_percent: num(r, "progress_percent") ?? 0,
    next_run_at: str(r, "next_run_at"),
    time_remaining_seconds: num(r, "time_remaining_seconds") ?? 0,
    phase_number: num(r, "phase_number"),
    reason: str(r, "reason"),
    full_reasoning: str(r, "full_reasoning"),
    timeframe: str(r, "timeframe"),
    confirmation_criteria: criteriaOf(r),
    phases: Array.isArray(r.phases) ? r.phases.map(decodeReasoning).filter((p): p is Reasoning => p !== null) : [],
  };
}

/** GET /api/analysis/active and /history: a bare array or an envelope; unreadable items are skipped. */
export const decodeAnalyses = (raw: unknown): Analysis[] =>
  list(raw, "analyses", "active", "history")
    .map(decodeAnalysis)
    .filter((a): a is Analysis => a !== null);
