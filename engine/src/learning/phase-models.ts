// The three phases under the model chosen for the clock: the version's own, an expired one (reads, issues nothing), or none.
import type * as phaseFns from "../analysis/phases";
import type { AnalysisContext, PhaseResult } from "../analysis/phases";
import type { ChosenModel } from "./chooser";
import { expiredFinal, expiredModel, expiredPhase } from "./expired";
import { refusedFinal, refusedPhase } from "./refused";

/** The phase functions (run-phase's PhaseModel; tests may pass their own). */
type PhaseModel = Pick<typeof phaseFns, "scanPhase" | "confirmPhase" | "finalPhase">;

export function phaseModels(phases: PhaseModel, ctx: AnalysisContext, chosen: ChosenModel | null) {
  if (chosen && !chosen.ok && !chosen.expired) {
    const reason = chosen.reason;
    return {
      scan: () => refusedPhase(ctx, 1, reason),
      confirm: (_scan: PhaseResult) => refusedPhase(ctx, 2, reason),
      final: (_scan: PhaseResult, _confirm: PhaseResult) => refusedFinal(ctx, reason),
    };
  }
  if (chosen && !chosen.ok && chosen.expired) {
    const { reason } = chosen;
    const model = expiredModel(chosen.expired);
    return {
      scan: () => expiredPhase(phases.scanPhase(ctx, model), ctx.symbol, reason),
      confirm: (scan: PhaseResult) => expiredPhase(phases.confirmPhase(ctx, scan, model), ctx.symbol, reason),
      final: (scan: PhaseResult, confirm: PhaseResult) => expiredFinal(phases.finalPhase(ctx, scan, confirm, model), ctx.symbol, reason),
    };
  }
  // Without a chooser (tests forcing decisions) the phases use their default, the newest shipped version.
  const model = chosen?.ok ? chosen.model : undefined;
  return {
    scan: () => phases.scanPhase(ctx, model),
    confirm: (scan: PhaseResult) => phases.confirmPhase(ctx, scan, model),
    final: (scan: PhaseResult, confirm: PhaseResult) => phases.finalPhase(ctx, scan, confirm, model),
  };
}
