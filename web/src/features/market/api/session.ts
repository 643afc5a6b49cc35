// GET /api/market/session: the current trading session and whether two sessions overlap, polled every 60 s.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { marketKeys } from "./keys";
import { SESSION_POLL_MS } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";
import { type MarketSession, normalizeSession } from "./decode-market";

export type { MarketSession };

/** Replayed data is labelled with its recorded date when the market clock is more than an hour from ours. */
export function replayDate(marketTime: string | null, nowMs: number): string | null {
  const t = marketTime ? Date.parse(marketTime) : NaN;
  if (!Number.isFinite(t) || Math.abs(nowMs - t) < 3_600_000) return null;
  return new Date(t).toISOString().slice(0, 16).replace("T", " ");
}

export const fetchMarketSession = () => apiQuery("/api/market/session");

export function useMarketSession() {
  return useQuery({
    queryKey: marketKeys.session(),
    queryFn: fetchMarketSession,
    select: normalizeSession,
    refetchInterval: useLivePoll(SESSION_POLL_MS, "market"),
  });
}
