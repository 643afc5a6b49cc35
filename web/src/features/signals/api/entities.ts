// Readers for the spec 02 §3 entities (signal, analysis request, reasoning) in every spelling the server may use.
import { bool, isObj, num, obj, str, type Obj } from "@web/lib/read";

export type SignalType = "LONG" | "SHORT" | "NO_TRADE";

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

const ALIASES: Record<string, SignalType> = { LONG: "LONG", BUY: "LONG", SHORT: "SHORT", SELL: "SHORT", NO_TRADE: "NO_TRADE", "NO TRADE": "NO_TRADE", NOTRADE: "NO_TRADE" };

export function parseSignalType(v: unknown): SignalType | null {
  return typeof v === "string" ? (ALIASES[v.trim().toUpperCase()] ?? null) : null;
}

/** Spec 02 §3: the explicit type, else the no_trade flag, else TP/SL around entry, else LONG/SHORT in the reasoning. */
export function inferSignalType(s: Obj): SignalType | null {
  const explicit = parseSignalType(str(s, "type", "signal_type", "signalType", "action"));
  if (explicit) return explicit;
  if (bool(s, "no_trade") === true) return "NO_TRADE";
  const entry = num(s, "entry_price");
  const tp = num(s, "take_profit");
  const sl = num(s, "stop_loss");
  if (entry !== null && tp !== null && sl !== null) {
    if (tp > entry && sl < entry) return "LONG";
    if (tp < entry && sl > entry) return "SHORT";
  }
  const text = str(s, "reasoning", "reason") ?? "";
  const long = /\bLONG\b/.test(text);
  const short = /\bSHORT\b/.test(text);
  if (long !== short) return long ? "LONG" : "SHORT";
  return null;
}

/** 0..1 values are scaled to percent; the result is a whole percent clamped to 0..100. */
export function confidencePercent(v: number | null): number | null {
  if (v === null) return null;
  const pct = v <= 1 ? v * 100 : v;
  return Math.min(100, Math.max(0, Math.round(pct)));
}

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
    signalType: parseSignalType(str(a, "final_signal_type", "signal_type")),
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
