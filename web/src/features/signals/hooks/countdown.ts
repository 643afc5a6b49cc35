// 'Next mm:ss' countdown of a live analysis: from next_run_at, else from time_remaining_seconds as of the last fetch.
import type { Analysis } from "../api/entities";

export function secondsUntilNext(a: Pick<Analysis, "nextRunAt" | "timeRemaining">, now: number, fetchedAt: number): number {
  if (a.nextRunAt) {
    const at = Date.parse(a.nextRunAt);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  if (a.timeRemaining !== null) return Math.max(0, a.timeRemaining - Math.floor((now - fetchedAt) / 1000));
  return 0;
}

export function formatMmSs(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
