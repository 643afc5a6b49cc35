// Readers for the spec 02 §3 entities (signal, analysis request, reasoning) in every spelling the server may use.
import { bool, isObj, num, obj, str, type Obj } from "@web/lib/read";

import { confidencePercent, inferSignalType, readSignalType, type SignalType } from "@web/lib/signal-type";

export { confidencePercent, inferSignalType, type SignalType };

export type Signal = {
  id: number;
  symbol: string;
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
  fullReasoning: string | null;
  phase: number | null;
  timeframe: string | null;
  criteria: string[];
  timeRemaining: number | null;
  progress: number | null;
  status: string | null;
};

export function readSignal(s: Obj): Signal | null {
  const id = num(s, "id");
  if (id === null) return null;
  const type = inferSignalType(s);
  return {
    id,
    symbol: (str(s, "symbol") ?? "—").toUpperCase(),
    type,
    confidence: confidencePercent(num(s, "confidence") ?? num(s, "confidence_percent")),
    status: str(s, "status", "current_status") ?? "COMPLETED",
    createdAt: str(s, "created_at", "generated_at"),
    entry: num(s, "entry_price"),
    takeProfit: num(s, "take_profit"),
    stopLoss: num(s, "stop_loss"),
    rr: num(s, "rr_ratio"),
    timeframe: str(s, "timeframe"),
    entryTiming: str(s, "entry_timing"),
    reasoning: str(s, "reasoning", "reason"),
    requestId: num(s, "request_id", "analysis_request_id"),
    noTrade: bool(s, "no_trade") === true || type === "NO_TRADE",
    creditsStatus: str(s, "credits_status"),
  };
}

export function readAnalysis(a: Obj): Analysis | null {
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
    signalType: readSignalType(str(a, "final_signal_type", "signal_type")),
    reason: latest ? str(latest, "reason") : null,
  };
}

export function readReasoning(raw: unknown): Reasoning | null {
  if (!isObj(raw)) return null;
  const criteria = Array.isArray(raw.confirmation_criteria) ? raw.confirmation_criteria.filter((c): c is string => typeof c === "string") : [];
  return {
    reason: str(raw, "reason"),
    fullReasoning: str(raw, "full_reasoning"),
    phase: num(raw, "phase_number"),
    timeframe: str(raw, "timeframe"),
    criteria,
    timeRemaining: num(raw, "time_remaining_seconds"),
    progress: num(raw, "progress_percent"),
    status: str(raw, "status"),
  };
}
