// The running-analyses cap shown before a start (the server answers 429 beyond it): counted from the active list.
import { MAX_ACTIVE_ANALYSES } from "@core/rules/limits";
import type { AnalysisStatus } from "@core/contract/status";

export { MAX_ACTIVE_ANALYSES };

export type RunningCap = { running: number; blocked: boolean; reason: string | null };

/** How many of `active` are running, and the reason a start is held back when that reaches the cap. */
export function runningCap(active: ReadonlyArray<{ status: AnalysisStatus }>, max = MAX_ACTIVE_ANALYSES): RunningCap {
  const running = active.filter((a) => a.status === "IN_PROGRESS").length;
  const blocked = running >= max;
  return {
    running,
    blocked,
    reason: blocked ? `${max} analyses are running, the most at once. Start another when one finishes.` : null,
  };
}
