// GET /api/analysis/active: the user's running analyses; a 404 is an empty list; 5 s polling, 8 s while one runs in a visible tab.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./api";
import { activePollMs, isTabVisible } from "./analysis-polling";
import { readAnalyses } from "./entities";
import { useIsSignedIn } from "./session";

/** The key is the path, so the socket, the start mutation and every screen reach the same cached list. */
export const ACTIVE_ANALYSES_KEY = ["/api/analysis/active"] as const;

export async function fetchActiveAnalyses(): Promise<unknown> {
  try {
    return await apiRequest<unknown>("GET", ACTIVE_ANALYSES_KEY[0]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export const activeAnalysesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ACTIVE_ANALYSES_KEY,
    queryFn: fetchActiveAnalyses,
    enabled,
    staleTime: 0,
    select: readAnalyses,
    refetchInterval: (q) => activePollMs(readAnalyses(q.state.data).map((a) => a.status), isTabVisible()),
    // The slower visible-tab rate exists because the socket pushes progress there; a hidden tab keeps polling.
    refetchIntervalInBackground: true,
  });

export function useActiveAnalyses() {
  return useQuery(activeAnalysesQuery(useIsSignedIn()));
}
