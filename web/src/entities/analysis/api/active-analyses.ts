// GET /api/analysis/active: the user's running analyses; a 404 is an empty list; 5 s polling, 8 s while one runs in a visible tab.
import type { Analysis } from "@core/contract/analysis";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@web/lib/api";
import { useLivePoll } from "@web/lib/live-socket";
import { ACTIVE_POLL_MS, activePollMs, isTabVisible } from "../model/analysis-polling";
import { useIsSignedIn } from "@web/lib/session";
import { readAnalyses } from "../model/readers";
import { analysisKeys } from "./keys";

export async function fetchActiveAnalyses(): Promise<unknown> {
  try {
    return await apiRequest<Analysis[]>("GET", "/api/analysis/active");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** `floorMs`: the slowest rate allowed, the safety net while the socket pushes progress (lib/live-socket). */
export const activeAnalysesQuery = (enabled: boolean, floorMs = 0) =>
  queryOptions({
    queryKey: analysisKeys.active(),
    queryFn: fetchActiveAnalyses,
    enabled,
    staleTime: 0,
    select: readAnalyses,
    refetchInterval: (q) =>
      Math.max(
        floorMs,
        activePollMs(
          readAnalyses(q.state.data).map((a) => a.status),
          isTabVisible(),
        ),
      ),
    // The slower visible-tab rate exists because the socket pushes progress there; a hidden tab keeps polling.
    refetchIntervalInBackground: true,
  });

export function useActiveAnalyses() {
  const floor = useLivePoll(ACTIVE_POLL_MS, "user");
  return useQuery(activeAnalysesQuery(useIsSignedIn(), floor === false ? 0 : floor));
}
