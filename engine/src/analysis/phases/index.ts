// The three analysis phases (scan → confirm → final calibration): pure, deterministic functions of candles and clock.
import type { Candle } from "@core/candles";
import { TAKER_FEE_RATE } from "../../outcomes";
import { computeFeatures, FEATURE_WINDOW_H1, type Features, type GateInput, type HealthInput } from "../features";
import paramsJson from "../model/params.json";
import { parseModelParams, probability, type ModelParams } from "../model/params";
import { buildSetup, type Setup, type Side } from "../model/setup";
import { biasWord, candidateLine, clip, fmtPrice, marketLines, type CandidateView } from "../reasoning";

// The three bars were picked on the calibration months (2024-06/07, see `bun run model:fit`'s grid), never on the
// backtest months; looser bars lost money there, so the engine prefers NO_TRADE (credit refunded) to a weak signal.
/** Below this calibrated probability of target-before-stop the result is NO_TRADE. */
export const MIN_CONFIDENCE = 0.55;
/** Below this reward/risk (computed from the prices) the result is NO_TRADE. */
export const MIN_RR = 1.0;
/** Expected value per trade in R after fees must exceed this, or the result is NO_TRADE. */
export const MIN_EXPECTED_R = 0.2;
/** RSI beyond which the scan's direction counts as over-extended at confirmation. */
export const RSI_OVERBOUGHT = 75;
export const RSI_OVERSOLD = 25;
/** The engine's signals are built on 1h candles; outcomes expire after 48 of them. */
export const SIGNAL_TIMEFRAME = "1h";
export const ENTRY_TIMING = "Now (market entry at the last closed 1h candle's close)";

export type AnalysisContext = {
  symbol: string;
  now: number;
  h1: Candle[];
  m5?: Candle[];
  btcH1: Candle[];
  funding: number | null;
  health?: HealthInput;
  gate?: GateInput;
};

export type Bias = Side | "NEUTRAL";

/** A criterion written at scan time as data, so confirmation can re-check it against newer candles. */
export type Check = { id: string; text: string; subject: "close" | "rsi1h" | "btc_close"; op: "above" | "below"; level: number };
export type CheckResult = Check & { value: number; passed: boolean };

export type Candidate = CandidateView;
export type PhaseFeatures = {
  market: Features | null;
  candidates: Record<Side, Candidate> | null;
  checks: Check[];
  check_results?: CheckResult[];
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
};

export type FinalResult = {
  reason: string;
  full_reasoning: string;
  timeframe: string;
  confirmation_criteria: string[];
  phase_number: 3;
  decision: Decision;
};

let cachedParams: ModelParams | null = null;
/** The committed, fitted model (engine/src/analysis/model/params.json), validated once. */
export function modelParams(): ModelParams {
  cachedParams ??= parseModelParams(paramsJson);
  return cachedParams;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** Expected R after fees if the stop or target is hit first (expiry counted as neither, a slight simplification). */
export function expectedR(setup: Setup, p: number): number {
  const risk = Math.abs(setup.entry - setup.stopLoss);
  const feeR = risk > 0 ? (TAKER_FEE_RATE * 2 * setup.entry) / risk : 0;
  return round4(p * setup.rr - (1 - p) - feeR);
}

export function candidates(f: Features, params: ModelParams = modelParams()): Record<Side, Candidate> {
  const one = (side: Side): Candidate => {
    const setup = buildSetup(f, side);
    const p = round4(probability(params, f, setup));
    return { setup, probability: p, expectedR: expectedR(setup, p) };
  };
  return { LONG: one("LONG"), SHORT: one("SHORT") };
}

function featuresOf(ctx: AnalysisContext): Features | null {
  return computeFeatures({ symbol: ctx.symbol, now: ctx.now, h1: ctx.h1, btcH1: ctx.btcH1, funding: ctx.funding, health: ctx.health, gate: ctx.gate });
}

function checksFor(f: Features, c: Candidate): Check[] {
  const s = c.setup;
  const long = s.side === "LONG";
  const halfway = s.entry + (s.takeProfit - s.entry) / 2;
  const checks: Check[] = [
    {
      id: "structure",
      text: `1h close holds ${long ? "above" : "below"} the 24h swing ${long ? "low" : "high"} ${fmtPrice(s.stopLevel)}`,
      subject: "close",
      op: long ? "above" : "below",
      level: s.stopLevel,
    },
    {
      id: "room",
      text: `1h close still ${long ? "below" : "above"} ${fmtPrice(halfway)} (less than half-way to the target)`,
      subject: "close",
      op: long ? "below" : "above",
      level: halfway,
    },
    {
      id: "rsi",
      text: `1h RSI stays ${long ? `below ${RSI_OVERBOUGHT}` : `above ${RSI_OVERSOLD}`} (now ${f.rsi1h.toFixed(0)})`,
      subject: "rsi1h",
      op: long ? "below" : "above",
      level: long ? RSI_OVERBOUGHT : RSI_OVERSOLD,
    },
  ];
  if (f.symbol !== "BTCUSDT" && f.btcClose > 0 && f.btcAtr > 0) {
    const level = long ? f.btcEma50 - f.btcAtr : f.btcEma50 + f.btcAtr;
    checks.push({
      id: "btc",
      text: `BTC 1h close stays ${long ? "above" : "below"} ${fmtPrice(level)} (EMA50 ${long ? "-" : "+"} 1 ATR)`,
      subject: "btc_close",
      op: long ? "above" : "below",
      level,
    });
  }
  return checks;
}

function evaluateCheck(check: Check, f: Features): CheckResult {
  const value = check.subject === "close" ? f.close : check.subject === "rsi1h" ? f.rsi1h : f.btcClose;
  const passed = check.op === "above" ? value > check.level : value < check.level;
  return { ...check, value, passed };
}

function bestSide(c: Record<Side, Candidate>): Bias {
  const best = c.LONG.expectedR >= c.SHORT.expectedR ? c.LONG : c.SHORT;
  return best.expectedR > 0 ? best.setup.side : "NEUTRAL";
}

function insufficient(ctx: AnalysisContext, phase: 1 | 2): PhaseResult {
  const text = `${ctx.symbol}: fewer than ${FEATURE_WINDOW_H1} closed 1h candles before ${new Date(ctx.now).toISOString()}; no analysis possible.`;
  return {
    reason: clip(text),
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: [],
    phase_number: phase,
    bias: "NEUTRAL",
    features: { market: null, candidates: null, checks: [] },
  };
}

/** Phase 1: features, both candidate setups scored by the model, the leaning side and the criteria to confirm it. */
export function scanPhase(ctx: AnalysisContext): PhaseResult {
  const f = featuresOf(ctx);
  if (!f) return insufficient(ctx, 1);
  const c = candidates(f);
  const bias = bestSide(c);
  const checks = bias === "NEUTRAL" ? [] : checksFor(f, c[bias]);
  const lead = bias === "NEUTRAL" ? c.LONG.expectedR >= c.SHORT.expectedR ? c.LONG : c.SHORT : c[bias];
  const reason = clip(
    `${ctx.symbol} ${biasWord(bias)}: close ${fmtPrice(f.close)}, RSI ${f.rsi1h.toFixed(0)}, ${lead.setup.side} P ${(lead.probability * 100).toFixed(0)}% at RR ${lead.setup.rr.toFixed(2)}`,
  );
  const full = [
    `Phase 1, scanning ${ctx.symbol} at ${new Date(ctx.now).toISOString()} on ${SIGNAL_TIMEFRAME} candles with 4h/1d roll-ups.`,
    ...marketLines(f),
    candidateLine(c.LONG),
    candidateLine(c.SHORT),
    bias === "NEUTRAL"
      ? "Neither side has a positive expected value after fees; nothing to confirm."
      : `Leaning ${bias}; to confirm: ${checks.map((k) => k.text).join("; ")}.`,
  ].join("\n");
  return {
    reason,
    full_reasoning: full,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: checks.map((k) => k.text),
    phase_number: 1,
    bias,
    features: { market: f, candidates: c, checks },
  };
}

/** Phase 2: re-checks the scan's written criteria against the candles available now; any failure drops the bias. */
export function confirmPhase(ctx: AnalysisContext, scan: PhaseResult): PhaseResult {
  const f = featuresOf(ctx);
  if (!f) return insufficient(ctx, 2);
  const c = candidates(f);
  const results = scan.features.checks.map((k) => evaluateCheck(k, f));
  const failed = results.filter((r) => !r.passed);
  const bias: Bias = scan.bias === "NEUTRAL" || failed.length ? "NEUTRAL" : scan.bias;
  const fmtValue = (r: CheckResult) => (r.subject === "rsi1h" ? r.value.toFixed(0) : fmtPrice(r.value));
  const lines = results.map((r) => `${r.passed ? "[ok]" : "[failed]"} ${r.text}: now ${fmtValue(r)}`);
  const reason =
    scan.bias === "NEUTRAL"
      ? clip(`${ctx.symbol}: no side had an edge at scan; confirmation skipped`)
      : failed.length
        ? clip(`${ctx.symbol} ${scan.bias} not confirmed: ${failed.length}/${results.length} checks failed (${failed[0].id})`)
        : clip(`${ctx.symbol} ${scan.bias} confirmed: ${results.length}/${results.length} checks hold, close ${fmtPrice(f.close)}`);
  const full = [
    `Phase 2, confirmation at ${new Date(ctx.now).toISOString()} (last closed 1h candle ${new Date(f.asOf).toISOString()}).`,
    ...(lines.length ? lines : ["No criteria to check."]),
    candidateLine(c.LONG),
    candidateLine(c.SHORT),
    bias === "NEUTRAL" ? "Bias after confirmation: none." : `Bias after confirmation: ${bias}.`,
  ].join("\n");
  return {
    reason,
    full_reasoning: full,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: scan.confirmation_criteria,
    phase_number: 2,
    bias,
    features: { market: f, candidates: c, checks: scan.features.checks, check_results: results },
  };
}

function noTrade(ctx: AnalysisContext, why: string, detail: string[], confidence: number, criteria: string[]): FinalResult {
  const text = [`Phase 3, final calibration at ${new Date(ctx.now).toISOString()}: NO TRADE. ${why}`, ...detail].join("\n");
  return {
    reason: clip(`${ctx.symbol} NO TRADE: ${why}`),
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: criteria,
    phase_number: 3,
    decision: {
      type: "NO_TRADE",
      confidence,
      entry_price: null,
      stop_loss: null,
      take_profit: null,
      rr_ratio: null,
      timeframe: SIGNAL_TIMEFRAME,
      entry_timing: "n/a",
      reasoning: text,
      no_trade_reason: why,
    },
  };
}

/** Phase 3: re-prices the confirmed side on the latest candles and applies the gate, confidence, RR and edge bars. */
export function finalPhase(ctx: AnalysisContext, scan: PhaseResult, confirm: PhaseResult): FinalResult {
  const criteria = scan.confirmation_criteria;
  const f = featuresOf(ctx);
  if (!f) return noTrade(ctx, `not enough closed 1h history (need ${FEATURE_WINDOW_H1} candles).`, [], 0, criteria);
  const c = candidates(f);
  const lines = marketLines(f);
  // A NO_TRADE reports the probability of the side with the better expected value, the one its reasoning weighs.
  const bestP = (c.LONG.expectedR >= c.SHORT.expectedR ? c.LONG : c.SHORT).probability;
  if (ctx.gate && ctx.gate.status.toUpperCase().includes("NO")) {
    return noTrade(ctx, `pre-analysis gate ${ctx.gate.status}: ${ctx.gate.action}.`, [...ctx.gate.reasons, ...lines], bestP, criteria);
  }
  if (confirm.bias === "NEUTRAL") {
    const why = scan.bias === "NEUTRAL" ? "no side has a positive expected value after fees." : `the ${scan.bias} criteria did not hold at confirmation.`;
    return noTrade(ctx, why, [...lines, candidateLine(c.LONG), candidateLine(c.SHORT)], bestP, criteria);
  }
  const pick = c[confirm.bias];
  const s = pick.setup;
  const detail = [...lines, candidateLine(pick)];
  if (pick.probability < MIN_CONFIDENCE) {
    return noTrade(ctx, `${s.side} probability ${(pick.probability * 100).toFixed(1)}% is under the ${MIN_CONFIDENCE * 100}% bar.`, detail, pick.probability, criteria);
  }
  if (s.rr < MIN_RR) {
    return noTrade(ctx, `${s.side} RR ${s.rr.toFixed(2)} is under the ${MIN_RR.toFixed(2)} bar.`, detail, pick.probability, criteria);
  }
  if (pick.expectedR <= MIN_EXPECTED_R) {
    return noTrade(ctx, `${s.side} expected ${pick.expectedR.toFixed(2)}R after fees does not exceed the ${MIN_EXPECTED_R.toFixed(2)}R bar.`, detail, pick.probability, criteria);
  }
  const text = [
    `Phase 3, final calibration at ${new Date(ctx.now).toISOString()}: ${s.side}.`,
    ...detail,
    `Entry ${fmtPrice(s.entry)} now at market; stop ${fmtPrice(s.stopLoss)}, take profit ${fmtPrice(s.takeProfit)}, RR ${s.rr.toFixed(2)}; expires after 48 x 1h.`,
  ].join("\n");
  return {
    reason: clip(`${ctx.symbol} ${s.side} ${fmtPrice(s.entry)}, SL ${fmtPrice(s.stopLoss)}, TP ${fmtPrice(s.takeProfit)}, RR ${s.rr.toFixed(2)}, P ${(pick.probability * 100).toFixed(0)}%`),
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: criteria,
    phase_number: 3,
    decision: {
      type: s.side,
      confidence: pick.probability,
      entry_price: s.entry,
      stop_loss: s.stopLoss,
      take_profit: s.takeProfit,
      rr_ratio: s.rr,
      timeframe: SIGNAL_TIMEFRAME,
      entry_timing: ENTRY_TIMING,
      reasoning: text,
    },
  };
}
