// The one reading of a signal's direction and confidence from server JSON (spec 02 §3), shared by every screen.
import type { SignalType } from "@core/contract/signal";
import { bool, num, str, type Obj } from "@web/lib/read";

export type { SignalType };

const TYPE_WORDS: Record<string, SignalType> = {
  LONG: "LONG",
  BUY: "LONG",
  SHORT: "SHORT",
  SELL: "SHORT",
  NO_TRADE: "NO_TRADE",
  NOTRADE: "NO_TRADE",
  "NO TRADE": "NO_TRADE",
  "NO-TRADE": "NO_TRADE",
};

export function readSignalType(value: unknown): SignalType | null {
  return typeof value === "string" ? (TYPE_WORDS[value.trim().toUpperCase()] ?? null) : null;
}

/**
 * The signal's direction: an explicit field first, then the no_trade flag, then the levels (TP above entry with
 * SL below is LONG, the reverse SHORT); the reasoning naming only one of LONG or SHORT is the last resort.
 */
export function inferSignalType(o: Obj): SignalType | null {
  for (const k of ["type", "signal_type", "signalType", "action"]) {
    const t = readSignalType(o[k]);
    if (t) return t;
  }
  if (bool(o, "no_trade") === true) return "NO_TRADE";
  const entry = num(o, "entry_price");
  const tp = num(o, "take_profit");
  const sl = num(o, "stop_loss");
  if (entry !== null && tp !== null && sl !== null) {
    if (tp > entry && sl < entry) return "LONG";
    if (tp < entry && sl > entry) return "SHORT";
  }
  const text = str(o, "reasoning", "reason") ?? "";
  const long = /\bLONG\b/.test(text);
  const short = /\bSHORT\b/.test(text);
  if (long !== short) return long ? "LONG" : "SHORT";
  return null;
}

/** 0..1 is a probability and becomes a percent; larger values are already percents. Whole percent, 0..100. */
export function confidencePercent(v: number | null): number | null {
  if (v === null) return null;
  const pct = v <= 1 ? v * 100 : v;
  return Math.min(100, Math.max(0, Math.round(pct)));
}
