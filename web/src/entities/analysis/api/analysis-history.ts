// GET /api/analysis/history every 10 s: finished and failed analyses (the dashboard rows; Start Trading refreshes it on completion).
import type { Analysis } from "@core/contract/analysis";
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { HISTORY_POLL_MS } from "../model/analysis-polling";
import { readAnalyses } from "../model/readers";
import { analysisKeys } from "./keys";
import { useLivePoll } from "@web/lib/live-socket";

export const fetchAnalysisHistory = () => apiQuery<Analysis[]>("/api/analysis/history");

/** One page of the history: `query` carries limit, cursor and filters (the answer is then {items, next_cursor, total}). */
export const fetchAnalysisHistoryPage = (query: string) => apiQuery(`/api/analysis/history?${query}`);

/** `wanted`: a screen that needs the list only sometimes (the dashboard's client-side stat fallback) keeps it idle otherwise. */
export function useAnalysisHistory(wanted = true) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: analysisKeys.history(),
    queryFn: fetchAnalysisHistory,
    select: readAnalyses,
    enabled: signedIn && wanted,
    refetchInterval: useLivePoll(HISTORY_POLL_MS, "user"),
    staleTime: 5_000,
    gcTime: 10 * 60_000,
  });
}
