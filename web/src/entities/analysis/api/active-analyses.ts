// GET /api/analysis/active: the user's running analyses; a 404 is an empty list; 5 s polling, 8 s while one runs in a visible
// tab; while the socket pushes the user's changes, a 60 s safety net that pauses in a hidden tab.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@web/lib/api";
import { socketAuthedAtom, userPollMs } from "@web/lib/live-socket";
import { useAtomValue } from "@web/lib/store";
import { activePollMs, isTabVisible } from "../model/analysis-polling";
import { useIsSignedIn } from "@web/lib/session";
import { type Analysis, decodeAnalyses } from "./decode-analysis";
import { analysisKeys } from "./keys";

export async function fetchActiveAnalyses(): Promise<Analysis[]> {
  try {
    return decodeAnalyses(await apiRequest<unknown>("GET", "/api/analysis/active"));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** `pushed`: the signed-in socket carries this user's progress and changes (lib/live-socket). */
export const activeAnalysesQuery = (enabled: boolean, pushed = false) =>
  queryOptions({
    queryKey: analysisKeys.active(),
    queryFn: fetchActiveAnalyses,
    enabled,
    staleTime: 0,
    refetchInterval: (q) =>
      userPollMs(
        activePollMs(
          (q.state.data ?? []).map((a) => a.status),
          isTabVisible(),
        ),
        pushed,
      ),
    // With the socket down, the spec's rates hold, hidden tab included. While pushes flow, a hidden tab still gets
    // every change by push (useUserPushes re-reads), so its safety-net poll pauses like the other lists'.
    refetchIntervalInBackground: !pushed,
  });

export function useActiveAnalyses() {
  return useQuery(activeAnalysesQuery(useIsSignedIn(), useAtomValue(socketAuthedAtom)));
}
