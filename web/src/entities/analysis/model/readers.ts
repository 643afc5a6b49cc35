// The one reader of the spec 02 §3 entities (signal with its v2 context, analysis request, reasoning) in every spelling the server may use.
import { arr, bool, isObj, list, num, obj, str, unwrap, type Obj } from "@web/lib/read";
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
  invalidationLevel: number | null;
  entrySource: "5m" | "1h" | null;
  snapshotAt: string | null;
  /** The issue bar in R (expected R must clear it), and the training window. */
  model: { trained: string | null; barR: number | null };
  /** "This setup in history"; null when absent or unreadable. */
  history: SetupHistory | null;
  /** NO_TRADE only: other pairs that cleared the bar at the same hourly close; null when not sent (unknown), [] when none did. */
  alternatives: Alternative[] | null;
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

/** A probability as 0..1; a percent (1 < p <= 100) is scaled, anything else is unreadable. */
function probability(o: Obj, ...keys: string[]): number | null {
  const p = num(o, ...keys);
  if (p === null || p < 0 || p > 100) return null;
  return p > 1 ? p / 100 : p;
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  const v = value?.toLowerCase();
  return allowed.find((a) => a.toLowerCase() === v) ?? null;
}

const asNumber = (v: unknown) => num({ v }, "v");

/** A count: a whole number >= 0, or null. */
function count(o: Obj, ...keys: string[]): number | null {
  const n = num(o, ...keys);
  return n !== null && n >= 0 && Number.isInteger(n) ? n : null;
}

/** The `history` of a context; null without a pooled n, TP and SL shares and mean R. */
function readHistory(raw: unknown): SetupHistory | null {
  if (!isObj(raw)) return null;
  const pooled = obj(raw, "pooled");
  if (!pooled) return null;
  const n = count(pooled, "n");
  const tp = probability(pooled, "tp", "p_tp");
  const sl = probability(pooled, "sl", "p_sl");
  const meanR = num(pooled, "mean_r", "meanR");
  if (n === null || tp === null || sl === null || meanR === null) return null;
  const ci = arr(pooled, "ci");
  const [lo, hi] = ci && ci.length === 2 ? ci.map(asNumber) : [null, null];
  const band = obj(raw, "band") ?? {};
  const pair = obj(raw, "pair");
  const pairN = pair ? count(pair, "n") : null;
  const pairMean = pair ? num(pair, "mean_r", "meanR") : null;
  return {
    period: str(raw, "period"),
    band: { from: num(band, "from"), to: num(band, "to") },
    pooled: {
      n,
      tp,
      sl,
      exp: probability(pooled, "exp", "expiry", "p_expiry") ?? Math.max(0, 1 - tp - sl),
      meanR,
      ci: lo !== null && hi !== null ? [Math.min(lo, hi), Math.max(lo, hi)] : null,
    },
    // With no trades the shrunk mean is the pooled one, so a missing mean is fine then.
    pair: pairN === null ? null : pairN === 0 ? { n: 0, meanR: pairMean ?? meanR } : pairMean === null ? null : { n: pairN, meanR: pairMean },
  };
}

/** The `alternatives` of a NO_TRADE: null when not an array, or when it had entries and none is readable (unknown, not "none"). */
function readAlternatives(raw: unknown): Alternative[] | null {
  if (!Array.isArray(raw)) return null;
  const read = raw.flatMap((a): Alternative[] => {
    if (!isObj(a)) return [];
    const symbol = str(a, "symbol")?.trim().toUpperCase();
    const side = pick(str(a, "side"), ["LONG", "SHORT"] as const);
    const expectedR = num(a, "expected_r", "expectedR");
    const pTp = probability(a, "p_tp", "pTp");
    if (!symbol || !side || expectedR === null || pTp === null) return [];
    return [{ symbol, side, expectedR, pTp, venue: pick(str(a, "venue"), ["spot", "perp"] as const) ?? (side === "SHORT" ? "perp" : "spot") }];
  });
  if (raw.length > 0 && read.length === 0) return null;
  // One entry per pair (the first), at most MAX_ALTERNATIVES.
  return read.filter((a, i) => read.findIndex((b) => b.symbol === a.symbol) === i).slice(0, MAX_ALTERNATIVES);
}

/** A signal's `context` (an object, or the same as a JSON string); null when absent or without a side, P(TP), P(SL) and expected R. */
export function readSignalContext(raw: unknown): SignalContext | null {
  let c = raw;
  if (typeof c === "string") {
    try {
      c = JSON.parse(c);
    } catch {
      return null;
    }
  }
  if (!isObj(c)) return null;
  const side = pick(str(c, "side"), ["LONG", "SHORT"] as const);
  const pTp = probability(c, "p_tp", "pTp");
  const pSl = probability(c, "p_sl", "pSl");
  const expectedR = num(c, "expected_r", "expectedR");
  if (!side || pTp === null || pSl === null || expectedR === null) return null;
  const costs = obj(c, "costs");
  const model = obj(c, "model") ?? {};
  return {
    side,
    // Spot cannot short: without a venue, a SHORT is a perpetual setup.
    venue: pick(str(c, "venue"), ["spot", "perp"] as const) ?? (side === "SHORT" ? "perp" : "spot"),
    venueLabel: str(c, "venue_label", "venueLabel"),
    pTp,
    pSl,
    pExpiry: probability(c, "p_expiry", "pExpiry") ?? Math.max(0, 1 - pTp - pSl),
    expectedR,
    noSkillPTp: probability(c, "no_skill_p_tp", "noSkillPTp"),
    costs: costs
      ? {
          feePctPerSide: num(costs, "fee_pct_per_side"),
          slippagePctPerSide: num(costs, "slippage_pct_per_side"),
          fundingPct: num(costs, "funding_pct"),
          roundTripPct: num(costs, "round_trip_pct"),
          inR: num(costs, "in_r"),
          costPerSide: num(costs, "cost_per_side"),
        }
      : null,
    expiresAt: str(c, "expires_at", "expiresAt"),
    invalidationLevel: num(c, "invalidation_level", "invalidationLevel"),
    entrySource: pick(str(c, "entry_source"), ["5m", "1h"] as const),
    snapshotAt: str(c, "snapshot_at"),
    model: { trained: str(model, "trained"), barR: num(model, "bar_r") },
    history: readHistory(c.history),
    alternatives: readAlternatives(c.alternatives),
    sameDirectionLastHour: count(c, "same_direction_last_hour", "sameDirectionLastHour"),
  };
}

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
    context: readSignalContext(s.context),
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
