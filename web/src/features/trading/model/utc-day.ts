// UTC day of the Day Signal card (spec 02 §4): the key, its title and the instant it rolls over (next UTC midnight).
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

/** 'Sep 25, 2025' for a day key. */
export const utcDayTitle = (dayKey: string) =>
  new Date(`${dayKey}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
