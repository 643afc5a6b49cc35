// GET /api/market/session: the current trading session and whether two sessions overlap, polled every 60 s.
import { useQuery } from "@tanstack/react-query";
import { bool, isObj, obj, str, unwrap } from "@web/lib/read";
import { marketKeys } from "./keys";
import { SESSION_POLL_MS } from "./refresh-interval";

export type MarketSession = { current: string | null; overlap: boolean; overlapName: string | null; nextChange: string | null };

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
  };
}

export function useMarketSession() {
  return useQuery({ queryKey: marketKeys.session, select: normalizeSession, refetchInterval: SESSION_POLL_MS });
}
