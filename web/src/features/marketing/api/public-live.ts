// GET /api/public/live: landing-page counts and up to 3 live analyses (spec 02 §2); tolerant of a missing endpoint.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { publicKeys } from "./keys";
import { LIVE_CARD_LIMIT, normalizePublicLive, type LiveAnalysis, type PublicLive } from "./decode-public";

export { LIVE_CARD_LIMIT, normalizePublicLive, type LiveAnalysis, type PublicLive };

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
