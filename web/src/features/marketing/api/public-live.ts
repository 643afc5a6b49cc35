// GET /api/public/live: landing-page counts and up to 3 live analyses (spec 02 §2); tolerant of a missing endpoint.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { isObj, num, str, unwrap } from "@web/lib/decode";
import { publicKeys } from "./keys";

export type LiveAnalysis = { id: string; symbol: string; createdAt: string | null; status: string; progress: number | null };
export type PublicLive = { signalsGenerated: number | null; activeAnalyses: number | null; live: LiveAnalysis[] };

export const LIVE_CARD_LIMIT = 3;
const DONE = /final|finish|complet|done|closed|success|ready/i;

export function normalizePublicLive(raw: unknown): PublicLive | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const list = [data.live, data.analyses, data.live_analyses, data.items].find(Array.isArray) ?? [];
  const live = list
    .filter(isObj)
    .map(
      (a, i): LiveAnalysis => ({
        id: String(a.id ?? a.request_id ?? `${i}`),
        symbol: (str(a, "symbol") ?? "—").toUpperCase(),
        createdAt: str(a, "created_at", "createdAt"),
        status: str(a, "status") ?? "IN_PROGRESS",
        progress: num(a, "progress", "progress_percent"),
      }),
    )
    .filter((a) => !DONE.test(a.status))
    .slice(0, LIVE_CARD_LIMIT);
  return {
    signalsGenerated: num(data, "signals_generated", "signals_count", "total_signals"),
    activeAnalyses: num(data, "active_analyses", "active_count", "live_count"),
    live,
  };
}

export const fetchPublicLive = () => apiQuery("/api/public/live");

export function usePublicLive() {
  return useQuery({
    queryKey: publicKeys.live(),
    queryFn: fetchPublicLive,
    select: normalizePublicLive,
    refetchInterval: (q) => (q.state.status === "error" ? false : 10_000),
    staleTime: 5_000,
  });
}
