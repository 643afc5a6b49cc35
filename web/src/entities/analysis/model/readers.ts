// The one reader of the spec 02 §3 entities (signal with its v2 context, analysis request, reasoning): the spellings spec 02 §3
// lists for a signal and an analysis are read here and nowhere else; the context is the contract's, renamed for the screens.
import type { SignalContext as ContractSignalContext } from "@core/contract/signal";
import { bool, isObj, list, num, obj, str, unwrap } from "@web/lib/read";
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
  /** What the setup rests on (engine v2); null for older signals. A NO_TRADE's context is its best side that missed the bar. */
  context: SignalContext | null;
  /** The market clock (ms) the signal was read at: under the replay a recorded moment, not the time it was issued. */
  marketTimeMs?: number | null;
  /** Market time (ms) the outcome closed at (the exit the chart marks); null while open or unknown. */
  outcomeMarketMs?: number | null;
};

/** Engine v2 context of a signal: calibrated outcome probabilities (0..1) within the expiry window, expected R, venue, costs. */
export type SignalContext = {
  side: "LONG" | "SHORT";
  venue: "spot" | "perp";
  /** e.g. "Binance spot"; null when the server sent none (screens then name the venue themselves). */
  venueLabel: string | null;
  pTp: number;
  pSl: number;
  pExpiry: number;
  /** Calibrated expected R after costs. */
  expectedR: number;
  /** P(TP first) of a geometry-only model for the same stop and target: the no-skill reference. */
  noSkillPTp: number | null;
  /** *Pct are percent numbers (0.1 = 0.1 %); inR is the round trip in R. */
  costs: {
    feePctPerSide: number | null;
    slippagePctPerSide: number | null;
    fundingPct: number | null;
    roundTripPct: number | null;
    inR: number | null;
    /** Fraction of notional charged per side (fee + slippage + half the funding), as the engine settles outcomes. */
    costPerSide: number | null;
  } | null;
  expiresAt: string | null;
  /** The horizon the odds are measured within; signals from before v3 expire after 48 h. */
  expiryHours: number;
  invalidationLevel: number | null;
  entrySource: "5m" | "1h" | "path" | null;
  snapshotAt: string | null;
  /** The issue bar in R (expected R must clear it), and the training window. */
  model: { trained: string | null; barR: number | null };
  /** "This setup in history"; null when absent or unreadable. */
  history: SetupHistory | null;
  /** NO_TRADE only: other pairs that cleared the bar at the same hourly close; null when not sent (unknown), [] when none did. */
  alternatives: Alternative[] | null;
  /** NO_TRADE only: the pairs closest below the bar at the same close, closest first; null when not sent. */
  nearest: NearMiss[] | null;
  /** LONG/SHORT only: signals in the same direction (all pairs) issued in the hour before this one; null when not sent. */
  sameDirectionLastHour: number | null;
};

/** Out-of-fold outcomes of setups on the same side in the same calibrated-EV band. */
export type SetupHistory = {
  /** As sent, e.g. "2024-03-01 → 2024-09-06"; null when absent. */
  period: string | null;
  /** Calibrated expected-R band in R; null = open-ended. */
  band: { from: number | null; to: number | null };
  /** Shares 0..1; mean net R and its 95 % interval (null when unreadable). */
  pooled: { n: number; tp: number; sl: number; exp: number; meanR: number; ci: [number, number] | null };
  /** This pair's own trades in the band and its mean R shrunk toward the pooled one; null when not sent. */
  pair: { n: number; meanR: number } | null;
};

export type Alternative = { symbol: string; side: "LONG" | "SHORT"; expectedR: number; pTp: number; venue: "spot" | "perp" };
/** A pair below the bar: its better side's expected R and how far short of the bar it falls (R). */
export type NearMiss = { symbol: string; side: "LONG" | "SHORT"; expectedR: number; gapR: number };

/** Signals stored before the engine wrote its horizon expire after 48 h (core/migrations/0200_signal_expiry.sql). */
export const DEFAULT_EXPIRY_HOURS = 48;

/** At most this many alternatives are read (the engine sends up to 3). */
export const MAX_ALTERNATIVES = 3;

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
  /** The market clock (ms) the analysis read (a recorded moment under the replay); null before it has read one. */
  marketTimeMs?: number | null;
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

/** The context as the contract types it (core/contract/signal; the server's response schema holds it): a plain rename to the view. */
export function readSignalContext(c: ContractSignalContext | null | undefined): SignalContext | null {
  if (!c) return null;
  const h = c.history;
  const [lo, hi] = h?.pooled.ci ?? [];
  return {
    side: c.side,
    venue: c.venue,
    venueLabel: c.venue_label || null,
    pTp: c.p_tp,
    pSl: c.p_sl,
    pExpiry: c.p_expiry,
    expectedR: c.expected_r,
    noSkillPTp: c.no_skill_p_tp,
    costs: {
      feePctPerSide: c.costs.fee_pct_per_side,
      slippagePctPerSide: c.costs.slippage_pct_per_side,
      fundingPct: c.costs.funding_pct,
      roundTripPct: c.costs.round_trip_pct,
      inR: c.costs.in_r,
      costPerSide: c.costs.cost_per_side,
    },
    expiresAt: c.expires_at,
    expiryHours: c.expiry_hours ?? DEFAULT_EXPIRY_HOURS,
    invalidationLevel: c.invalidation_level,
    entrySource: c.entry_source,
    snapshotAt: c.snapshot_at,
    model: { trained: c.model.trained, barR: c.model.bar_r },
    history: h
      ? {
          period: h.period,
          band: h.band,
          pooled: {
            n: h.pooled.n,
            tp: h.pooled.tp,
            sl: h.pooled.sl,
            exp: h.pooled.exp,
            meanR: h.pooled.mean_r,
            ci: lo !== undefined && hi !== undefined ? [lo, hi] : null,
          },
          pair: { n: h.pair.n, meanR: h.pair.mean_r },
        }
      : null,
    // One entry per pair, at most MAX_ALTERNATIVES (the engine sends up to 3).
    alternatives:
      c.alternatives
        ?.filter((a, i, all) => all.findIndex((b) => b.symbol === a.symbol) === i)
        .slice(0, MAX_ALTERNATIVES)
        .map((a) => ({ symbol: a.symbol, side: a.side, expectedR: a.expected_r, pTp: a.p_tp, venue: a.venue })) ?? null,
    nearest:
      c.nearest
        ?.filter((a, i, all) => all.findIndex((b) => b.symbol === a.symbol) === i)
        .slice(0, MAX_ALTERNATIVES)
        .map((a) => ({ symbol: a.symbol, side: a.side, expectedR: a.expected_r, gapR: a.gap_r })) ?? null,
    sameDirectionLastHour: c.same_direction_last_hour ?? null,
  };
}

/** One signal (a list item, or a single answer possibly wrapped in `data`); null without an id. */
export function readSignal(raw: unknown): Signal | null {
  const s = unwrap(raw);
  if (!isObj(s)) return null;
  const id = num(s, "id");
  if (id === null) return null;
  const type = inferSignalType(s);
  const context = isObj(s.context) ? readSignalContext(s.context as ContractSignalContext) : null;
  return {
    id,
    symbol: (str(s, "symbol") ?? "—").toUpperCase(),
    type,
    // One source for the odds: the engine stores confidence as the context's P(target first); where both are present the
    // context's is read, so the tile, the table and the plain line can never state two different chances.
    confidence: context ? Math.round(context.pTp * 100) : confidencePercent(num(s, "confidence", "confidence_percent")),
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
    outcome: str(s, "outcome"),
    rMultiple: num(s, "r_multiple"),
    context,
    marketTimeMs: num(s, "market_time_ms"),
    outcomeMarketMs: num(s, "outcome_market_ms"),
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
    marketTimeMs: num(a, "market_time_ms"),
  };
}

/** The latest-reasoning answer; blank confirmation criteria are dropped. */
export function readReasoning(raw: unknown): Reasoning | null {
  const r = unwrap(raw);
  if (!isObj(r)) return null;
  const criteria = Array.isArray(r.confirmation_criteria)
    ? r.confirmation_criteria.filter((c): c is string => typeof c === "string" && c.trim() !== "")
    : [];
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
