// An expired version still scores (the trader sees the market read and the version it came from) but issues nothing: the
// phases run on a wrapper whose rule always answers "expired", and the stated reason names the version, its age and the limit.
import type { FinalResult, PhaseResult } from "../analysis/phases";
import type { SignalModel } from "../analysis/model/signal-model";
import { clip } from "../analysis/reasoning";

/** The same scores and name; no side ever clears, nothing is ranked, every decision is "expired". */
export function expiredModel(model: SignalModel): SignalModel {
  return {
    ...model,
    lean: (s) => ({ side: model.lean(s).side, clears: false }),
    decide: (s) => ({ issue: false, side: model.decide(s).side, why: "expired" }),
    rank: () => [],
  };
}

/**
 * A scan or confirmation under an expired version: its own one-line reading first (what the phase read anew), then
 * that nothing will be issued; the full reasoning ends with why (the final phase's reason states it in full).
 */
export function expiredPhase(r: PhaseResult, _symbol: string, reason: string): PhaseResult {
  return {
    ...r,
    reason: clip(`${r.reason}; not issued: the model in force is past its age limit`),
    full_reasoning: `${r.full_reasoning}\nNot issued whatever the bar: ${reason}`,
  };
}

/** The final NO_TRADE under an expired version, its first line and stated reason replaced by the full one. */
export function expiredFinal(r: FinalResult, symbol: string, reason: string): FinalResult {
  const lines = r.full_reasoning.split("\n");
  const head = lines[0].split(": NO TRADE.")[0];
  const text = [`${head}: NO TRADE. ${reason}`, ...lines.slice(1)].join("\n");
  return {
    ...r,
    reason: clip(`${symbol} NO TRADE: ${reason}`),
    full_reasoning: text,
    decision: { ...r.decision, type: "NO_TRADE", no_trade_reason: reason, reasoning: text },
  };
}
