// GET /api/analysis/{id}/latest-reasoning?limit=900 (fallback /api/analysis/detail/{id}/…), polled by time left while it runs.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { DETAIL_GC_MS, REASONING_STALE_MS, reasoningPollMs } from "../model/analysis-polling";
import { decodeLatestReasoning, type LatestReasoning } from "./decode-analysis";
import { analysisKeys } from "./keys";

export const REASONING_LIMIT = 900;

export async function fetchLatestReasoning(id: number): Promise<LatestReasoning | null> {
  try {
    return decodeLatestReasoning(await apiRequest<unknown>("GET", `/api/analysis/${id}/latest-reasoning?limit=${REASONING_LIMIT}`));
  } catch {
    // Older servers only serve the detail-prefixed path; its failure is the one reported.
    return decodeLatestReasoning(await apiRequest<unknown>("GET", `/api/analysis/detail/${id}/latest-reasoning?limit=${REASONING_LIMIT}`));
  }
}

/** `inProgress`: what the screen knows of the analysis; polling stops once it or the answer's own status says otherwise. */
export const latestReasoningQuery = (id: number | null, inProgress: boolean) =>
  queryOptions({
    queryKey: analysisKeys.reasoning(id ?? 0, { limit: REASONING_LIMIT }),
    queryFn: () => fetchLatestReasoning(id ?? 0),
    enabled: id !== null,
    staleTime: REASONING_STALE_MS,
    gcTime: DETAIL_GC_MS,
    refetchInterval: (q) => {
      const r = q.state.data;
      if (!inProgress || (r && r.status !== "IN_PROGRESS")) return false;
      return reasoningPollMs(r?.time_remaining_seconds);
    },
  });

export function useLatestReasoning(id: number | null, inProgress: boolean) {
  return useQuery(latestReasoningQuery(id, inProgress));
}
