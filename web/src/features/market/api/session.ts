// GET /api/market/session: the current trading session and whether two sessions overlap, polled every 60 s.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { bool, isObj, obj, str, unwrap } from "@web/lib/decode";
import { marketKeys } from "./keys";
import { SESSION_POLL_MS } from "./refresh-interval";
import { useLivePoll } from "@web/lib/live-socket";

export type MarketSession = {
  current: string | null;
  overlap: boolean;
  overlapName: string | null;
  nextChange: string | null;
  /** The market's own clock (UTC ISO): in replay mode it runs inside the recorded period, not at today's date. */
  marketTime: string | null;
};

/** Replayed data is labelled with its recorded date when the market clock is more than an hour from ours. */
export function replayDate(marketTime: string | null, nowMs: number): string | null {
  const t = marketTime ? Date.parse(marketTime) : NaN;
  if (!Number.isFinite(t) || Math.abs(nowMs - t) < 3_600_000) return null;
  return new Date(t).toISOString().slice(0, 16).replace("T", " ");
}

export function normalizeSession(raw: unknown): MarketSession | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const info = obj(data, "session_info") ?? {};
  const overlapFlag = bool(info, "is_overlap", "overlap") ?? bool(data, "is_overlap", "overlap");
  const overlapName = str(info, "overlap") ?? str(data, "overlap");
  return {
    current: str(data, "session", "current_session"),
    overlap: overlapFlag ?? overlapName !== null,
    overlapName,
    nextChange: str(data, "next_change"),
    marketTime: str(data, "utc_time"),
  };
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
