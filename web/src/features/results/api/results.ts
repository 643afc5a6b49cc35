// GET /api/results: the trader's own signals with stored outcomes and the totals by month (core/contract/results.ts).
import type { Results } from "@core/contract/results";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { signalKeys } from "@web/entities/signal/api/keys";
import { apiRequest } from "@web/lib/api";
import { useLivePoll } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";

/** Outcomes arrive as the engine's tracker settles them (minutes to days); a push refreshes at once, this is the fallback. */
export const RESULTS_POLL_MS = 60_000;

export const fetchResults = () => apiRequest<Results>("GET", "/api/results");

export const resultsQuery = (enabled: boolean, refetchInterval: number | false) =>
  queryOptions({ queryKey: signalKeys.results(), queryFn: fetchResults, enabled, staleTime: RESULTS_POLL_MS / 2, refetchInterval });

export function useResults() {
  return useQuery(resultsQuery(useIsSignedIn(), useLivePoll(RESULTS_POLL_MS, "user")));
}
