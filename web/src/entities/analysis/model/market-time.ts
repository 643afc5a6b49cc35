// Replayed market time (spec 02 reasoning vs the wall clock): under the replay a row's market clock is a recorded
// moment, and the reasoning names it; screens label that moment "market time" beside the time the row was made.
import { formatUtcMinute } from "@web/lib/format";

/** Closer than this to the row's own time, the market clock is the live one and needs no label of its own. */
export const REPLAY_GAP_MS = 10 * 60_000;

/** '2024-06-01 00:00 UTC' when the market clock is a replayed moment; null for live data, none, or an unreadable row time. */
export function replayedMarketTime(marketTimeMs: number | null | undefined, createdAt: string | null): string | null {
  if (typeof marketTimeMs !== "number" || marketTimeMs <= 0) return null;
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (!Number.isNaN(made) && Math.abs(made - marketTimeMs) < REPLAY_GAP_MS) return null;
  return formatUtcMinute(new Date(marketTimeMs).toISOString());
}

/** The label screens show: 'Market time 2024-06-01 00:00 UTC', or null (see replayedMarketTime). */
export function marketTimeLabel(marketTimeMs: number | null | undefined, createdAt: string | null): string | null {
  const at = replayedMarketTime(marketTimeMs, createdAt);
  return at === null ? null : `Market time ${at}`;
}
