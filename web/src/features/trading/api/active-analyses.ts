// GET /api/analysis/active: the user's running analyses; a 404 is an empty list; 5 s polling, 8 s while one runs in a visible tab.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { activePollMs } from "@web/lib/analysis-polling";
import { tradingKeys } from "./keys";
import { normalizeAnalyses } from "./normalize";

export async function fetchActiveAnalyses(): Promise<unknown> {
  try {
    return await apiRequest<unknown>("GET", "/api/analysis/active");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

const tabVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

export const activeAnalysesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: tradingKeys.active,
    queryFn: fetchActiveAnalyses,
    enabled,
    staleTime: 0,
    select: normalizeAnalyses,
    refetchInterval: (q) => activePollMs(normalizeAnalyses(q.state.data).map((a) => a.status), tabVisible()),
    // The slower visible-tab rate exists because the socket pushes progress there; a hidden tab keeps polling.
    refetchIntervalInBackground: true,
  });

export function useActiveAnalyses() {
  return useQuery(activeAnalysesQuery(useIsSignedIn()));
}
