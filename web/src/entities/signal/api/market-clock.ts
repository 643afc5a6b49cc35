// GET /api/market/clock: the market's clock, the one every market event is dated on (issue, expiry, outcome, the Day
// Signal's day, Results' months); under the replay it is the replayed moment, not the wall clock. Read every few
// minutes and run on between reads at the clock's own speed.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { useNow } from "@web/lib/use-now";
import { chartKeys } from "./keys";

export type MarketClockAnswer = { now_ms: number; source: "replay" | "binance"; speed: number };
type Read = MarketClockAnswer & { readAtWallMs: number };

export const MARKET_CLOCK_POLL_MS = 5 * 60_000;

export const marketClockQuery = () =>
  queryOptions({
    queryKey: chartKeys.clock(),
    queryFn: async (): Promise<Read> => ({ ...(await apiRequest<MarketClockAnswer>("GET", "/api/market/clock")), readAtWallMs: Date.now() }),
    staleTime: MARKET_CLOCK_POLL_MS,
    refetchInterval: MARKET_CLOCK_POLL_MS,
  });

/** The market's now at wall time `wallMs`, from one read of the clock. */
export const marketNowAt = (read: Read, wallMs: number) => read.now_ms + Math.max(0, wallMs - read.readAtWallMs) * read.speed;

/**
 * The market's now, re-read every `stepMs`; the wall clock until the first read answers (and if it fails), so a screen
 * never waits on it. `replay` says which clock it is.
 */
export function useMarketNow(stepMs = 60_000): { nowMs: number; replay: boolean; known: boolean } {
  const q = useQuery(marketClockQuery());
  const wall = useNow(stepMs);
  if (!q.data) return { nowMs: wall, replay: false, known: false };
  return { nowMs: marketNowAt(q.data, wall), replay: q.data.source === "replay", known: true };
}
