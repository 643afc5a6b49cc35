// Tolerant readers turning server JSON into the screen's shapes, accepting every spelling spec 02 §3 lists.
import { isObj, list, num, str, unwrap, type Obj } from "@web/lib/read";

import { confidencePercent, inferSignalType as inferDirection, readSignalType, type SignalType } from "@web/lib/signal-type";

export type { SignalType };

export type Signal = {
  id: number | null;
  symbol: string;
  type: SignalType;
  confidencePercent: number | null;
  createdAt: string | null;
  entry: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
  rr: number | null;
  timeframe: string | null;
  entryTiming: string | null;
  reasoning: string;
  requestId: number | null;
  creditsStatus: string | null;
};

export type Analysis = {
  id: number | null;
  symbol: string;
  status: string;
  currentPhase: number | null;
  createdAt: string | null;
  nextRunAt: string | null;
  timeRemainingSeconds: number | null;
  progressPercent: number | null;
  creditsStatus: string | null;
  finalSignalId: number | null;
  finalSignalType: SignalType | null;
  latestReason: string | null;
};

export type Reasoning = {
  status: string | null;
  phaseNumber: number | null;
  reason: string | null;
  fullReasoning: string | null;
  timeframe: string | null;
  confirmationCriteria: string[];
  timeRemainingSeconds: number | null;
  nextRunAt: string | null;
};

/** A list from a bare array or from {data|items|results|analyses|signals: [...]}. */
export const readList = (raw: unknown): Obj[] => list(raw, "analyses", "signals");

/** As the shared reading, but an unreadable direction counts as NO_TRADE on the trading screens. */
export const inferSignalType = (o: Obj): SignalType => inferDirection(o) ?? "NO_TRADE";

export function normalizeSignal(raw: unknown): Signal | null {
  const o = unwrap(raw);
  if (!isObj(o)) return null;
  return {
    id: num(o, "id"),
    symbol: (str(o, "symbol") ?? "—").toUpperCase(),
    type: inferSignalType(o),
    confidencePercent: confidencePercent(num(o, "confidence", "confidence_percent")),
    createdAt: str(o, "created_at", "generated_at", "createdAt"),
    entry: num(o, "entry_price", "entry"),
    takeProfit: num(o, "take_profit", "tp"),
    stopLoss: num(o, "stop_loss", "sl"),
    rr: num(o, "rr_ratio", "rr", "risk_reward"),
    timeframe: str(o, "timeframe"),
    entryTiming: str(o, "entry_timing"),
    reasoning: str(o, "reasoning", "reason") ?? "",
    requestId: num(o, "request_id", "analysis_request_id"),
    creditsStatus: str(o, "credits_status"),
  };
}

export const normalizeSignals = (raw: unknown): Signal[] =>
  readList(raw)
    .map(normalizeSignal)
    .filter((s): s is Signal => s !== null);

/** True when the credit of this signal went back to the user (RELEASED, or a No Trade without a status). */
export const isRefunded = (s: Pick<Signal, "creditsStatus" | "type">) =>
  s.creditsStatus ? s.creditsStatus.toUpperCase() === "RELEASED" : s.type === "NO_TRADE";

export function normalizeAnalysis(raw: unknown): Analysis | null {
  const o = unwrap(raw);
  if (!isObj(o)) return null;
  const finalSignal = isObj(o.final_signal) ? o.final_signal : null;
  const latest = isObj(o.latest_reasoning) ? o.latest_reasoning : null;
  return {
    id: num(o, "id", "request_id", "analysis_request_id"),
    symbol: (str(o, "symbol") ?? "—").toUpperCase(),
    status: str(o, "status") ?? "IN_PROGRESS",
    currentPhase: num(o, "current_phase"),
    createdAt: str(o, "created_at"),
    nextRunAt: str(o, "next_run_at"),
    timeRemainingSeconds: num(o, "time_remaining_seconds"),
    progressPercent: num(o, "progress_percent"),
    creditsStatus: str(o, "credits_status"),
    finalSignalId: num(o, "final_signal_id") ?? (finalSignal ? num(finalSignal, "id") : null),
    finalSignalType: readSignalType(o.final_signal_type) ?? readSignalType(o.signal_type) ?? (finalSignal ? inferSignalType(finalSignal) : null),
    latestReason: latest ? str(latest, "reason") : null,
  };
}

export const normalizeAnalyses = (raw: unknown): Analysis[] =>
  readList(raw)
    .map(normalizeAnalysis)
    .filter((a): a is Analysis => a !== null);

export function normalizeReasoning(raw: unknown): Reasoning | null {
  const o = unwrap(raw);
  if (!isObj(o)) return null;
  const criteria = Array.isArray(o.confirmation_criteria) ? o.confirmation_criteria.filter((c): c is string => typeof c === "string" && c.trim() !== "") : [];
  return {
    status: str(o, "status"),
    phaseNumber: num(o, "phase_number"),
    reason: str(o, "reason"),
    fullReasoning: str(o, "full_reasoning", "reason"),
    timeframe: str(o, "timeframe"),
    confirmationCriteria: criteria,
    timeRemainingSeconds: num(o, "time_remaining_seconds"),
    nextRunAt: str(o, "next_run_at"),
  };
}

/** Favorites from {favorites: [{symbol}]} (or a bare list of symbols), upper-cased, de-duplicated. */
export function normalizeFavorites(raw: unknown): string[] {
  const data = unwrap(raw);
  const list = isObj(data) && Array.isArray(data.favorites) ? data.favorites : Array.isArray(data) ? data : [];
  const out: string[] = [];
  for (const f of list) {
    const s = typeof f === "string" ? f : isObj(f) ? str(f, "symbol") : null;
    if (s && !out.includes(s.toUpperCase())) out.push(s.toUpperCase());
  }
  return out;
}
