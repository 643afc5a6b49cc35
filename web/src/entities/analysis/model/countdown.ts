// 'Next mm:ss' countdown of a live analysis (dashboard row and Start Trading item): seconds left to next_run_at, or to a server-given remaining time.

/** 'mm:ss' with at least two minute digits; negatives and unknowns read 00:00. */
export function formatCountdown(seconds: number | null | undefined): string {
  const s = typeof seconds === "number" && Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

/**
 * Whole seconds left at `nowMs`. next_run_at is preferred (absolute, survives re-renders); otherwise the
 * server's time_remaining_seconds counted down from when that answer arrived. Null when neither is known.
 */
export function secondsLeft(
  nextRunAt: string | null | undefined,
  nowMs: number,
  fallback?: { seconds: number | null | undefined; receivedAtMs: number },
): number | null {
  if (nextRunAt) {
    const at = Date.parse(nextRunAt);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  if (fallback && typeof fallback.seconds === "number" && Number.isFinite(fallback.seconds)) {
    return Math.max(0, Math.ceil(fallback.seconds - (nowMs - fallback.receivedAtMs) / 1000));
  }
  return null;
}
