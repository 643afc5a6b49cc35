// The one decoder of a signal (spec 02 §3): the spellings the spec lists are folded into core/contract's Signal here, so
// every screen reads the contract's type and nothing else.
import type { Signal, SignalContext, SignalType } from "@core/contract/signal";
import { bool, isObj, list, num, type Obj, oneOf, str, unwrap } from "@web/lib/decode";

export type { Signal, SignalContext, SignalType };

/** Signals stored before the engine wrote its horizon expire after 48 h (core/migrations/0200_signal_expiry.sql). */
export const DEFAULT_EXPIRY_HOURS = 48;

/** At most this many alternatives (and near misses) are kept, one per pair (the engine sends up to 3). */
export const MAX_ALTERNATIVES = 3;

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

/** A direction word as the spec spells it (BUY is LONG, SELL is SHORT), or null. */
export const decodeSignalType = (value: unknown): SignalType | null =>
  typeof value === "string" ? (TYPE_WORDS[value.trim().toUpperCase()] ?? null) : null;

/**
 * An explicit field first, then the no_trade flag, then the levels (TP above entry with SL below is LONG, the reverse
 * SHORT). With none of these the signal names no direction and counts as NO_TRADE (nothing to trade).
 */
function direction(o: Obj): SignalType {
  for (const k of ["type", "signal_type", "signalType", "action"]) {
    const t = decodeSignalType(o[k]);
    if (t) return t;
  }
  if (bool(o, "no_trade") === true) return "NO_TRADE";
  const [entry, tp, sl] = [num(o, "entry_price"), num(o, "take_profit"), num(o, "stop_loss")];
  if (entry !== null && tp !== null && sl !== null) {
    if (tp > entry && sl < entry) return "LONG";
    if (tp < entry && sl > entry) return "SHORT";
  }
  return "NO_TRADE";
}

/** 0..1 as sent; a percent (confidence_percent, or a value above 1) is scaled down. */
function probability(o: Obj): number {
  const v = num(o, "confidence", "confidence_percent") ?? 0;
  return Math.min(1, Math.max(0, v > 1 ? v / 100 : v));
}

const onePerPair = <T extends { symbol: string }>(items: T[] | undefined) =>
  items?.filter((a, i, all) => all.findIndex((b) => b.symbol === a.symbol) === i).slice(0, MAX_ALTERNATIVES);

/** The contract's context (the server's response schema holds it), with the horizon of older signals filled in. */
function decodeContext(c: unknown): SignalContext | null {
  if (!isObj(c) || !isObj(c.costs) || !isObj(c.model)) return null;
  const ctx = c as SignalContext;
  return {
    ...ctx,
    expiry_hours: ctx.expiry_hours ?? DEFAULT_EXPIRY_HOURS,
    alternatives: onePerPair(ctx.alternatives),
    nearest: onePerPair(ctx.nearest),
  };
}

/** One signal (a list item, or a single answer possibly wrapped in `data`); null without an id. */
export function decodeSignal(raw: unknown): Signal | null {
  const s = unwrap(raw);
  if (!isObj(s)) return null;
  const id = num(s, "id");
  if (id === null) return null;
  const type = direction(s);
  const context = decodeContext(s.context);
  return {
    id,
    symbol: (str(s, "symbol") ?? "—").toUpperCase(),
    type,
    // One source for the odds: the engine stores confidence as the context's P(target first); where both are present the
    // context's is read, so the tile, the table and the plain line can never state two different chances.
    confidence: context ? context.p_tp : probability(s),
    status: str(s, "status", "current_status") ?? "COMPLETED",
    created_at: str(s, "created_at", "generated_at") ?? "",
    entry_price: num(s, "entry_price"),
    take_profit: num(s, "take_profit"),
    stop_loss: num(s, "stop_loss"),
    rr_ratio: num(s, "rr_ratio"),
    timeframe: str(s, "timeframe") ?? "",
    entry_timing: str(s, "entry_timing") ?? "",
    reasoning: str(s, "reasoning", "reason") ?? "",
    request_id: num(s, "request_id", "analysis_request_id") ?? 0,
    is_active: bool(s, "is_active") ?? false,
    next_run_at: null,
    no_trade: bool(s, "no_trade") === true || type === "NO_TRADE",
    no_trade_reason: str(s, "no_trade_reason"),
    market_time_ms: num(s, "market_time_ms") ?? 0,
    outcome: oneOf(["OPEN", "TP_HIT", "SL_HIT", "EXPIRED"], str(s, "outcome")),
    outcome_at: str(s, "outcome_at"),
    outcome_market_ms: num(s, "outcome_market_ms"),
    r_multiple: num(s, "r_multiple"),
    credits_status: oneOf(["HELD", "USED", "RELEASED"], str(s, "credits_status")),
    model_version: str(s, "model_version") ?? context?.model.version ?? null,
    context,
  };
}

const present = <T>(v: T | null): v is T => v !== null;

/** GET /api/signals/: a bare array or an envelope; unreadable items are skipped. */
export const decodeSignals = (raw: unknown): Signal[] => list(raw, "signals").map(decodeSignal).filter(present);

/** "This setup in history", a NO_TRADE's alternative and near miss: parts of the contract's context, named for the screens. */
export type SetupHistory = NonNullable<SignalContext["history"]>;
export type Alternative = NonNullable<SignalContext["alternatives"]>[number];
export type NearMiss = NonNullable<SignalContext["nearest"]>[number];

/** The calibrated probability as a whole percent, 0..100 (spec 02 §5). */
export const confidencePercent = (s: Pick<Signal, "confidence">) => Math.min(100, Math.max(0, Math.round(s.confidence * 100)));
