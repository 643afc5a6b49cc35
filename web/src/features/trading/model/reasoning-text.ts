// Reasoning text display rules (spec 02 §2, §9): 140-character live preview, 220-character day-card snippet, timeframe visibility.
export const LIVE_REASON_MAX = 140;
export const DAY_SNIPPET_MAX = 220;
const ELLIPSIS = "…";

/** Whitespace collapsed, then cut so the result including the ellipsis is at most `max` characters. */
export function truncateText(text: string | null | undefined, max: number): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return clean.slice(0, Math.max(0, max - ELLIPSIS.length)).trimEnd() + ELLIPSIS;
}

/** The timeframe line is hidden when it says nothing ('', 'n/a', 'N/A', 'na'). */
export function hasTimeframe(tf: string | null | undefined): tf is string {
  const t = (tf ?? "").trim().toLowerCase();
  return t !== "" && t !== "n/a" && t !== "na";
}
