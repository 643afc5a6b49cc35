// Dashboard stat rules of the server's stat cards (the one tier that computes them): UTC day windows and the 7-day trend.
const DAY_MS = 86_400_000;

/** The last 7 UTC days as YYYY-MM-DD, oldest first, the day of `nowMs` last. */
export function last7Days(nowMs: number): string[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => new Date(today - (6 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Percent change of the last 7 days vs the 7 before (one decimal); null when the earlier week is empty but this one is not. */
export function trendPercent(last: number, previous: number): number | null {
  if (previous === 0) return last === 0 ? 0 : null;
  return Math.round(((last - previous) / previous) * 1000) / 10;
}
