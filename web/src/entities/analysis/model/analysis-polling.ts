// Polling intervals of the analysis and signal screens (spec 02 §7, §9), as pure functions of what is on screen.
import type { AnalysisStatus } from "@core/contract/status";

export const SIGNALS_POLL_MS = 5_000;
export const HISTORY_POLL_MS = 10_000;
export const ACTIVE_POLL_MS = 5_000;
export const ACTIVE_POLL_BUSY_MS = 8_000;
/** After a completed analysis is seen, signals are re-fetched at these offsets. */
export const SIGNAL_REFETCH_SCHEDULE_MS = [0, 2_000, 5_000, 10_000, 20_000] as const;
export const DETAIL_STALE_MS = 3_000;
export const REASONING_STALE_MS = 2_000;
export const DETAIL_GC_MS = 5 * 60_000;

/** The slower active-list rate applies only to a visible tab (outside a browser: visible). */
export const isTabVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

/** Active list: every 8 s while something runs and the tab is visible (progress also arrives by socket), else 5 s. */
export function activePollMs(statuses: ReadonlyArray<AnalysisStatus>, tabVisible: boolean): number {
  return tabVisible && statuses.includes("IN_PROGRESS") ? ACTIVE_POLL_BUSY_MS : ACTIVE_POLL_MS;
}

/** Detail: 10 s in progress with next_run_at, 8 s in progress without it or before any data, off otherwise. */
export function detailPollMs(detail: { status: AnalysisStatus; next_run_at: string | null } | null | undefined): number | false {
  if (!detail) return 8_000;
  if (detail.status !== "IN_PROGRESS") return false;
  return detail.next_run_at ? 10_000 : 8_000;
}

/** Reasoning: by seconds remaining in the phase: 12 s above 60, 7 s above 15, 4 s above 0, else 5 s. */
export function reasoningPollMs(remainingSeconds: number | null | undefined): number {
  const s = typeof remainingSeconds === "number" && Number.isFinite(remainingSeconds) ? remainingSeconds : 0;
  if (s > 60) return 12_000;
  if (s > 15) return 7_000;
  if (s > 0) return 4_000;
  return 5_000;
}
