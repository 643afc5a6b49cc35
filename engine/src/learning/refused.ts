// The phase results of an analysis no model may decide (expired or none trained before its clock): a stated NO_TRADE.
import type { AnalysisContext, FinalResult, PhaseResult } from "../analysis/phases";
import { SIGNAL_TIMEFRAME, unscoredPhase } from "../analysis/phases";
import { clip, fmtUtc } from "../analysis/reasoning";

export function refusedPhase(ctx: AnalysisContext, phase: 1 | 2, reason: string): PhaseResult {
  const text = `Phase ${phase} at ${fmtUtc(ctx.now)}: ${ctx.symbol} not scored. ${reason}`;
  return unscoredPhase(phase, clip(`${ctx.symbol}: ${reason}`), text);
}

/** NO_TRADE with the reason; settlement returns the credit as for every NO_TRADE. */
export function refusedFinal(ctx: AnalysisContext, reason: string): FinalResult {
  const text = `Phase 3, final calibration at ${fmtUtc(ctx.now)}: NO TRADE. ${reason}`;
  return {
    reason: clip(`${ctx.symbol} NO TRADE: ${reason}`),
    full_reasoning: text,
    timeframe: SIGNAL_TIMEFRAME,
    confirmation_criteria: [],
    phase_number: 3,
    decision: {
      type: "NO_TRADE",
      confidence: 0,
      entry_price: null,
      stop_loss: null,
      take_profit: null,
      rr_ratio: null,
      timeframe: SIGNAL_TIMEFRAME,
      entry_timing: "n/a",
      reasoning: text,
      no_trade_reason: reason,
    },
  };
}
