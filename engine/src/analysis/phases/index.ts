// The three analysis phases (scan → confirm → final calibration): pure, deterministic functions of the analysis context.
import { type AnalysisContext, PRICE_SOURCE_TEXT } from "../context";
import { perpListed } from "../model/geometry";
import { setupHistoryFile } from "../model/history";
import { latestShipped, modelOf } from "../model/shipped";
import type { Scores, SideScore, SignalModel } from "../model/signal-model";
import type { PairRow, Snapshot } from "../snapshot";
import { EXPIRY_HOURS, VENUE_LABEL, type Side } from "../trade";
import { biasWord, clip, fmtPrice, fmtUtc, marketLines, sideLine, type SignalContext, signalContext, signedR } from "../reasoning";
import { bookLine, evLine, fundingLine, moveLine, readSummary, verdictLine } from "./readings";

export const SIGNAL_TIMEFRAME = "1h";
/** A NO_TRADE lists this many other pairs that clear the bar now. */
export const ALTERNATIVES = 3;

export type { AnalysisContext } from "../context";

export type NearMiss = { symbol: string; side: Side; expected_r: number; gap_r: number };

const nearCache = new WeakMap<SignalModel, WeakMap<Snapshot, NearMiss[]>>();

/**
 * The candidate pairs below the bar at the snapshot's hourly close, closest first: each pair's better side scored as
 * `rank` scores it (at its close, no funding), with how far its expected R falls short. What a NO_TRADE says when few
 * or no pairs clear the bar.
 */
export function nearestBelowBar(model: SignalModel, snap: Snapshot, canShort: (symbol: string) => boolean = () => true): NearMiss[] {
  let bySnap = nearCache.get(model);
  if (!bySnap) {
    bySnap = new WeakMap();
    nearCache.set(model, bySnap);
  }
  let out = bySnap.get(snap);
  if (!out) {
    const bar = model.bar();
    out = [];
    // A model with no bar (nothing is ever issued) has no distance to it.
    for (const row of Number.isFinite(bar) ? snap.rows : []) {
      const s = model.score(row, snap.regime, row.close, null, canShort(row.symbol));
      if (model.decide(s).issue) continue;
      const { side } = model.lean(s);
      const b = s[side];
      if (b.candidate === false || !Number.isFinite(b.ev) || b.ev >= bar) continue;
      const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
      out.push({ symbol: row.symbol, side, expected_r: r4(b.ev), gap_r: r4(bar - b.ev) });
    }
    out.sort((a, b) => a.gap_r - b.gap_r || a.symbol.localeCompare(b.symbol));
    bySnap.set(snap, out);
  }
  return out;
}

export type Bias = Side | "NEUTRAL";

/** A criterion written at scan time as data, so confirmation can re-check it against the newer price. */
export type Check = { id: string; text: string; op: "above" | "below"; level: number };
export type CheckResult = Check & { value: number; passed: boolean };

export type PhaseFeatures = {
  market: PairRow | null;
  scores: Scores | null;
  checks: Check[];
  check_results?: CheckResult[];
  /** the price this phase scored at, and the hourly snapshot it read (absent in results stored before phases kept them) */
  price?: number;
  snapshot_at?: number;
};

export type PhaseResult = {
  reason: string;
  full_reasoning: string;
  timeframe: string;
  confirmation_criteria: string[];
  phase_number: 1 | 2;
  bias: Bias;
  features: PhaseFeatures;
};

export type Decision = {
  type: "LONG" | "SHORT" | "NO_TRADE";
  confidence: number;
  entry_price: number | null;
  stop_loss: number | null;
  take_profit: number | null;
  rr_ratio: number | null;
  timeframe: string;
  entry_timing: string;
  reasoning: string;
  no_trade_reason?: string;
  /** probabilities, expected R, venue, costs, expiry and invalidation of the chosen (or best) side */
  context?: SignalContext;
};

export type FinalResult = {
  reason: string;
  full_reasoning: string;
  timeframe: string;
  confirmation_criteria: string[];
  phase_number: 3;
  decision: Decision;
};

/** The model every phase uses unless given another (the worker passes the version in force at the clock): the newest shipped version. */
export const shippedModel = (): SignalModel => modelOf(latestShipped());

type Scored = { row: PairRow; scores: Scores; price: number };

function scored(ctx: AnalysisContext, model: SignalModel): Scored | null {
  const row = ctx.snapshot.rows.find((r) => r.symbol === ctx.symbol);
  if (!row) return null;
  const price = ctx.price ?? row.close;
  return { row, scores: model.score(row, ctx.snapshot.regime, price, ctx.funding, perpListed(ctx.perpSince, ctx.snapshot.at)), price };
}

const biasOf = ({ side, clears }: ReturnType<SignalModel["lean"]>): Bias => (clears ? side : "NEUTRAL");

function checksFor(sc: Scored, side: Side): Check[] {
  const long = side === "LONG";
  const t = sc.scores[side].trade;
  const invalidation = long ? sc.row.swingLow72 : sc.row.swingHigh72;
  const halfway = t.entry + (t.takeProfit - t.entry) / 2;
  return [
    {
      id: "structure",
      text: `price holds ${long ? "above" : "below"} the 72h swing ${long ? "low" : "high"} ${fmtPrice(invalidation)}`,
      op: long ? "above" : "below",
      level: invalidation,
    },
    {
      id: "room",
      text: `price still ${long ? "below" : "above"} ${fmtPrice(halfway)} (less than half-way to the target)`,
      op: long ? "below" : "above",
      level: halfway,
    },
  ];
}

function unavailable(ctx: AnalysisContext, phase: 1 | 2): PhaseResult {
  const text = `${ctx.symbol}: no complete 14-day hourly history up to ${fmtUtc(ctx.snapshot.at)}; no analysis possible.`;
  return unscoredPhase(phase, clip(text), text);
}

/** A phase that scored nothing (no history, or no model may decide): neutral, no criteria, the reason in words. */
export function unscoredPhase(phase: 1 | 2, reason: string, text: string): PhaseResult {
  return {
    reason,
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: [],
    phase_number: phase,
    bias: "NEUTRAL",
    features: { market: null, scores: null, checks: [] },
  };
}

/** Phase 1: the snapshot row, both sides scored at the live price, the leaning side and what must hold until the end. */
export function scanPhase(ctx: AnalysisContext, model = shippedModel()): PhaseResult {
  const sc = scored(ctx, model);
  if (!sc) return unavailable(ctx, 1);
  const lean = model.lean(sc.scores);
  const bias = biasOf(lean);
  const lead = sc.scores[lean.side];
  const checks = bias === "NEUTRAL" ? [] : checksFor(sc, bias);
  const reason = clip(
    `${ctx.symbol} ${biasWord(bias)}: price ${fmtPrice(sc.price)}, ${lead.trade.side} P(TP) ${(lead.pTp * 100).toFixed(0)}%, EV ${lead.ev >= 0 ? "+" : ""}${lead.ev.toFixed(2)}R`,
  );
  const full = [
    `Phase 1, scanning ${ctx.symbol} at ${fmtUtc(ctx.now)} from the ${fmtUtc(ctx.snapshot.at)} hourly snapshot of ${ctx.snapshot.regime.pairs} pairs; live price ${fmtPrice(sc.price)} (${PRICE_SOURCE_TEXT[ctx.priceSource]}).`,
    ...marketLines(sc.row, ctx.snapshot.regime),
    fundingLine(ctx),
    sideLine(sc.scores.LONG),
    sideLine(sc.scores.SHORT),
    bias === "NEUTRAL"
      ? "Neither side clears the bar after costs; nothing to confirm."
      : `Leaning ${bias}; to confirm: ${checks.map((k) => k.text).join("; ")}.`,
  ].join("\n");
  return {
    reason,
    full_reasoning: full,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: checks.map((k) => k.text),
    phase_number: 1,
    bias,
    features: { market: sc.row, scores: sc.scores, checks, price: sc.price, snapshot_at: ctx.snapshot.at },
  };
}

/** Phase 2: re-checks the scan's written criteria at the price now and re-scores; informs, the final phase decides. */
export function confirmPhase(ctx: AnalysisContext, scan: PhaseResult, model = shippedModel()): PhaseResult {
  const sc = scored(ctx, model);
  if (!sc) return unavailable(ctx, 2);
  const results = scan.features.checks.map(
    (k): CheckResult => ({ ...k, value: sc.price, passed: k.op === "above" ? sc.price > k.level : sc.price < k.level }),
  );
  const failed = results.filter((r) => !r.passed);
  const now = biasOf(model.lean(sc.scores));
  const bias: Bias = scan.bias === "NEUTRAL" || failed.length || now !== scan.bias ? "NEUTRAL" : scan.bias;
  const read = `${readSummary(ctx, scan.features.price, sc.price)}`;
  const reason =
    scan.bias === "NEUTRAL"
      ? clip(`${ctx.symbol} ${read}; no side cleared the bar at the scan`)
      : failed.length
        ? clip(`${ctx.symbol} ${scan.bias} not confirmed: ${failed.length}/${results.length} checks failed (${failed[0].id})`)
        : clip(`${ctx.symbol} ${scan.bias} ${bias === "NEUTRAL" ? "faded on re-scoring" : "confirmed"}: price ${fmtPrice(sc.price)}`);
  // What this phase reads anew: the price since the scan, the order book and the funding in force now.
  const full = [
    `Phase 2, confirmation at ${fmtUtc(ctx.now)}: the price again, the order book and funding.`,
    moveLine(ctx, scan.features.price, sc.price),
    bookLine(ctx),
    fundingLine(ctx),
    ...(results.length
      ? results.map((r) => `${r.passed ? "[ok]" : "[failed]"} ${r.text}: now ${fmtPrice(r.value)}`)
      : ["Nothing to confirm: no side cleared the bar at the scan. The final phase scores the newest price; this wait is for it."]),
    sideLine(sc.scores.LONG),
    sideLine(sc.scores.SHORT),
    bias === "NEUTRAL" ? "Bias after confirmation: none (the final phase re-scores at its own price)." : `Bias after confirmation: ${bias}.`,
  ].join("\n");
  return {
    reason,
    full_reasoning: full,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: scan.confirmation_criteria,
    phase_number: 2,
    bias,
    features: { market: sc.row, scores: sc.scores, checks: scan.features.checks, check_results: results, price: sc.price },
  };
}

const WHY: Record<"novel" | "below_bar" | "no_candidate" | "expired", (ctx: AnalysisContext, s: SideScore, model: SignalModel) => string> = {
  expired: (_c, _s, model) => `the model (${model.name()}) is older than its age limit; no setup is issued until a newer one is promoted.`,
  no_candidate: (ctx, s) =>
    s.trade.side === "SHORT" && !perpListed(ctx.perpSince, ctx.snapshot.at)
      ? "the better side is SHORT, and this pair has no USDT-M perpetual to short on."
      : "no placeable setup: the pair barely moves (hourly volatility under 0.1 %, a stablecoin or a dead pair) or moves so much that the stop would sit more than 25 % away.",
  novel: () => "market conditions lie outside the data the model was fitted on (novelty above its bar).",
  below_bar: (_c, s, model) =>
    Number.isFinite(model.bar())
      ? `best side ${s.trade.side} expects ${signedR(s.ev)} after costs; the bar is ${model.bar().toFixed(2)}R.`
      : `the model in force (${model.name()}) issues no setups: no cut of its recent out-of-fold signals paid after costs.`,
};

function result(_ctx: AnalysisContext, decision: Decision, reason: string, lines: string[], criteria: string[]): FinalResult {
  const text = lines.join("\n");
  return {
    reason: clip(reason),
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: criteria,
    phase_number: 3,
    decision: { ...decision, reasoning: text },
  };
}

/**
 * What the final phase read and what it changed: the price since the scan, the expected R it moved, the book and funding
 * now, and the verdict against the scan's lean.
 */
function sinceScan(ctx: AnalysisContext, scan: PhaseResult, sc: Scored, verdict: Decision["type"], why: string | null): string[] {
  const scanPrice = scan.features.price;
  const moved = scanPrice !== undefined && fmtPrice(scanPrice) !== fmtPrice(sc.price);
  const ev = evLine(scan.features.scores, sc.scores, scan.features.snapshot_at !== undefined && scan.features.snapshot_at !== ctx.snapshot.at);
  return [moveLine(ctx, scanPrice, sc.price), ...(ev ? [ev] : []), bookLine(ctx), fundingLine(ctx), verdictLine(scan.bias, verdict, moved, why)];
}

/** Phase 3: re-prices both sides at the price now and applies the one decision rule (gate, novelty, calibrated EV bar). */
export function finalPhase(ctx: AnalysisContext, scan: PhaseResult, _confirm: PhaseResult, model = shippedModel()): FinalResult {
  const criteria = scan.confirmation_criteria;
  const sc = scored(ctx, model);
  const base = {
    timeframe: SIGNAL_TIMEFRAME,
    reasoning: "",
    entry_price: null,
    stop_loss: null,
    take_profit: null,
    rr_ratio: null,
    entry_timing: "n/a",
  };
  const head = `Phase 3, final calibration at ${fmtUtc(ctx.now)}`;
  if (!sc) {
    const why = "no complete 14-day hourly history for this pair.";
    return result(
      ctx,
      { ...base, type: "NO_TRADE", confidence: 0, no_trade_reason: why },
      `${ctx.symbol} NO TRADE: ${why}`,
      [`${head}: NO TRADE. ${why}`],
      criteria,
    );
  }
  // The rule research measured: the market gate is shown, never decides (research has no gate to model).
  const v = model.decide(sc.scores);
  const s = sc.scores[v.side];
  const context = signalContext(ctx, sc.row, s, model, setupHistoryFile());
  const lines = [...marketLines(sc.row, ctx.snapshot.regime), sideLine(sc.scores.LONG), sideLine(sc.scores.SHORT)];
  const why = v.issue ? null : WHY[v.why](ctx, s, model);
  const changes = sinceScan(ctx, scan, sc, v.issue ? v.side : "NO_TRADE", why);
  if (!v.issue) {
    // A NO_TRADE still helps: the pairs that clear the bar right now.
    const alternatives = model
      .rank(ctx.snapshot, (symbol) => perpListed(ctx.perpSinceOf?.(symbol) ?? null, ctx.snapshot.at))
      .filter((a) => a.symbol !== ctx.symbol)
      .slice(0, ALTERNATIVES);
    const altLine = alternatives.length
      ? `Clearing the bar at the last hourly close: ${alternatives.map((a) => `${a.symbol} ${a.side} ${a.expected_r >= 0 ? "+" : ""}${a.expected_r.toFixed(2)}R`).join(", ")}.`
      : "No pair clears the bar at the last hourly close.";
    // And how far the closest of the rest are from it, so one pair that clears is not the whole picture.
    const nearest = nearestBelowBar(model, ctx.snapshot, (symbol) => perpListed(ctx.perpSinceOf?.(symbol) ?? null, ctx.snapshot.at))
      .filter((a) => a.symbol !== ctx.symbol)
      .slice(0, ALTERNATIVES);
    const nearLine = nearest.length
      ? `Closest below the bar: ${nearest.map((a) => `${a.symbol} ${a.side} ${a.gap_r.toFixed(2)}R short`).join(", ")}.`
      : null;
    return result(
      ctx,
      { ...base, type: "NO_TRADE", confidence: s.pTp, no_trade_reason: why ?? undefined, context: { ...context, alternatives, nearest } },
      `${ctx.symbol} NO TRADE: ${why}`,
      [`${head}: NO TRADE. ${why}`, ...changes, ...lines, altLine, ...(nearLine ? [nearLine] : [])],
      criteria,
    );
  }
  const t = s.trade;
  const entryTiming = `Now at market (${PRICE_SOURCE_TEXT[ctx.priceSource]} ${fmtPrice(t.entry)}), ${VENUE_LABEL[t.costs.venue]}`;
  return result(
    ctx,
    {
      type: t.side,
      confidence: Math.round(s.pTp * 10000) / 10000,
      entry_price: t.entry,
      stop_loss: t.stopLoss,
      take_profit: t.takeProfit,
      rr_ratio: t.rr,
      timeframe: SIGNAL_TIMEFRAME,
      entry_timing: entryTiming,
      reasoning: "",
      context,
    },
    `${ctx.symbol} ${t.side} ${fmtPrice(t.entry)}, SL ${fmtPrice(t.stopLoss)}, TP ${fmtPrice(t.takeProfit)}, P(TP) ${(s.pTp * 100).toFixed(0)}%, EV ${s.ev >= 0 ? "+" : ""}${s.ev.toFixed(2)}R`,
    [
      `${head}: ${t.side} on ${VENUE_LABEL[t.costs.venue]}.`,
      ...changes,
      ...lines,
      `Entry ${fmtPrice(t.entry)} now; stop ${fmtPrice(t.stopLoss)}, take profit ${fmtPrice(t.takeProfit)}, RR ${t.rr.toFixed(2)}; expires ${fmtUtc(context.expires_at)} (${t.expiryHours ?? EXPIRY_HOURS} h). Invalidated below/above the 72h swing ${fmtPrice(context.invalidation_level)}.`,
    ],
    criteria,
  );
}
