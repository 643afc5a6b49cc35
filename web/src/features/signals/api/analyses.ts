// GET /api/analysis/history every 10 s (the active list is the shared @web/lib/active-analyses query).
import { useQuery } from "@tanstack/react-query";
import { readAnalyses } from "@web/lib/entities";
import { useIsSignedIn } from "@web/lib/session";
import { HISTORY_POLL_MS } from "../hooks/polling";
import { signalsKeys } from "./keys";

export function useAnalysisHistory() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalsKeys.history,
    select: readAnalyses,
    enabled: signedIn,
    refetchInterval: HISTORY_POLL_MS,
    staleTime: 5_000,
    gcTime: 10 * 60_000,
  });
}
