// GET /api/analysis/active (5 s, 8 s while one runs and the tab is visible; 404 → []) and /api/analysis/history (10 s).
import { useQuery } from "@tanstack/react-query";
import { list } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { activePollMs as activeInterval } from "@web/lib/analysis-polling";
import { HISTORY_POLL_MS } from "../hooks/polling";
import { readAnalysis, type Analysis } from "./entities";
import { signalsKeys } from "./keys";
import { fetchOr404 } from "./transactions";

export const normalizeAnalyses = (raw: unknown): Analysis[] =>
  list(raw, "analyses", "active", "history").map(readAnalysis).filter((a): a is Analysis => a !== null);

const tabVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

export function useActiveAnalyses() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalsKeys.active,
    queryFn: (ctx) => fetchOr404(ctx, []),
    select: normalizeAnalyses,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: (q) => activeInterval(normalizeAnalyses(q.state.data).map((a) => a.status), tabVisible()),
  });
}

export function useAnalysisHistory() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalsKeys.history,
    select: normalizeAnalyses,
    enabled: signedIn,
    refetchInterval: HISTORY_POLL_MS,
    staleTime: 5_000,
    gcTime: 10 * 60_000,
  });
}
