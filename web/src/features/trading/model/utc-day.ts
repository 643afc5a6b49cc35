// UTC day of the Day Signal card (spec 02 §4): the key, its title and the instant it rolls over (next UTC midnight). The
// day is the market clock's (issue 33 §8): under the replay, the replayed day, and a signal belongs to its day of issue.
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the UTC day holding `at`. */
export const utcDayKey = (at: number | Date) => new Date(at).toISOString().slice(0, 10);

/** Milliseconds from `nowMs` to the next UTC midnight (a full day exactly at midnight). */
export const msUntilNextUtcMidnight = (nowMs: number) => DAY_MS - (((nowMs % DAY_MS) + DAY_MS) % DAY_MS);

/** True when an ISO time falls on the given UTC day. */
export function isOnUtcDay(iso: string | null | undefined, dayKey: string): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && utcDayKey(t) === dayKey;
}

/**
 * True when a signal was issued on the given UTC day of the market clock: its market time of issue, or its creation
 * time for a row that has none (written before the market clock was stored).
 */
export function isIssuedOnDay(s: { market_time_ms?: number | null; created_at: string | null }, dayKey: string): boolean {
  if (typeof s.market_time_ms === "number" && s.market_time_ms > 0) return utcDayKey(s.market_time_ms) === dayKey;
  return isOnUtcDay(s.created_at, dayKey);
}

/** 'Sep 25, 2025' for a day key. */
export const utcDayTitle = (dayKey: string) =>
  new Date(`${dayKey}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
