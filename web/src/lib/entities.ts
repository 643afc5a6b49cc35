// The one reader of the spec 02 §3 entities (signal, analysis request, reasoning) in every spelling the server may use.
import { bool, isObj, list, num, obj, str, unwrap } from "./read";
import { confidencePercent, inferSignalType, readSignalType, type SignalType } from "./signal-type";

export type Signal = {
  id: number;
  symbol: string;
  /** Null when no field, flag, level or text names a direction; each screen decides how to show that. */
  type: SignalType | null;
  /** Whole percent 0..100, or null when unknown. */
  confidence: number | null;
  status: string;
  createdAt: string | null;
  entry: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
  rr: number | null;
  timeframe: string | null;
  entryTiming: string | null;
  reasoning: string | null;
  requestId: number | null;
  noTrade: boolean;
  creditsStatus: string | null;
  /** What happened after issue (OPEN, TP_HIT, SL_HIT, EXPIRED), and the result in R after fees once closed. */
  outcome: string | null;
  rMultiple: number | null;
};

export type Analysis = {
  id: number;
  symbol: string;
  status: string;
  phase: number | null;
  createdAt: string | null;
  nextRunAt: string | null;
  timeRemaining: number | null;
  progress: number | null;
  creditsStatus: string | null;
  finalSignalId: number | null;
  finalSignal: Signal | null;
  signalType: SignalType | null;
  reason: string | null;
};

export type Reasoning = {
  reason: string | null;
  /** full_reasoning only; a screen wanting the short reason in its place falls back itself. */
  fullReasoning: string | null;
  phase: number | null;
  timeframe: string | null;
  criteria: string[];
  timeRemaining: number | null;
  progress: number | null;
  nextRunAt: string | null;
  status: string | null;
};

/** One signal (a list item, or a single answer possibly wrapped in `data`); null without an id. */
export function readSignal(raw: unknown): Signal | null {
  const s = unwrap(raw);
  if (!isObj(s)) return null;
  const id = num(s, "id");
  if (id === null) return null;
  const type = inferSignalType(s);
  return {
    id,
    symbol: (str(s, "symbol") ?? "—").toUpperCase(),
    type,
    confidence: confidencePercent(num(s, "confidence", "confidence_percent")),
    status: str(s, "status", "current_status") ?? "COMPLETED",
    createdAt: str(s, "created_at", "generated_at", "createdAt"),
    entry: num(s, "entry_price", "entry"),
    takeProfit: num(s, "take_profit", "tp"),
    stopLoss: num(s, "stop_loss", "sl"),
    rr: num(s, "rr_ratio", "rr", "risk_reward"),
    timeframe: str(s, "timeframe"),
    entryTiming: str(s, "entry_timing"),
    reasoning: str(s, "reasoning", "reason"),
    requestId: num(s, "request_id", "analysis_request_id"),
    noTrade: bool(s, "no_trade") === true || type === "NO_TRADE",
    creditsStatus: str(s, "credits_status"),
    outcome: str(s, "outcome"),
    rMultiple: num(s, "r_multiple"),
  };
}

/** One analysis request; null without any of its id spellings. */
export function readAnalysis(raw: unknown): Analysis | null {
  const a = unwrap(raw);
  if (!isObj(a)) return null;
  const id = num(a, "id", "request_id", "analysis_request_id");
  if (id === null) return null;
  const finalObj = obj(a, "final_signal");
  const latest = obj(a, "latest_reasoning");
  return {
    id,
    symbol: (str(a, "symbol") ?? "—").toUpperCase(),
    status: str(a, "status") ?? "IN_PROGRESS",
    phase: num(a, "current_phase"),
    createdAt: str(a, "created_at"),
    nextRunAt: str(a, "next_run_at"),
    timeRemaining: num(a, "time_remaining_seconds"),
    progress: num(a, "progress_percent"),
    creditsStatus: str(a, "credits_status"),
    finalSignalId: num(a, "final_signal_id") ?? (finalObj ? num(finalObj, "id") : null),
    finalSignal: finalObj ? readSignal(finalObj) : null,
    // Each explicit field in turn, then the embedded final signal's own direction.
    signalType: readSignalType(a.final_signal_type) ?? readSignalType(a.signal_type) ?? (finalObj ? inferSignalType(finalObj) : null),
    reason: latest ? str(latest, "reason") : null,
  };
}

/** The latest-reasoning answer; blank confirmation criteria are dropped. */
export function readReasoning(raw: unknown): Reasoning | null {
  const r = unwrap(raw);
  if (!isObj(r)) return null;
  const criteria = Array.isArray(r.confirmation_criteria) ? r.confirmation_criteria.filter((c): c is string => typeof c === "string" && c.trim() !== "") : [];
  return {
    reason: str(r, "reason"),
    fullReasoning: str(r, "full_reasoning"),
    phase: num(r, "phase_number"),
    timeframe: str(r, "timeframe"),
    criteria,
    timeRemaining: num(r, "time_remaining_seconds"),
    progress: num(r, "progress_percent"),
    nextRunAt: str(r, "next_run_at"),
    status: str(r, "status"),
  };
}

const present = <T>(v: T | null): v is T => v !== null;

/** GET /api/signals/: a bare array or an envelope; unreadable items are skipped. */
export const readSignals = (raw: unknown): Signal[] => list(raw, "signals").map(readSignal).filter(present);

/** GET /api/analysis/active and /history: a bare array or an envelope; unreadable items are skipped. */
export const readAnalyses = (raw: unknown): Analysis[] => list(raw, "analyses", "active", "history").map(readAnalysis).filter(present);
