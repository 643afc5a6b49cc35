// GET /api/analysis/{id}/latest-reasoning?limit=900 (fallback /api/analysis/detail/{id}/…), polled by time left while it runs.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";
import { DETAIL_GC_MS, REASONING_STALE_MS, reasoningPollMs } from "./analysis-polling";
import { isInProgressStatus } from "./analysis-status";
import { readReasoning } from "./entities";

export const REASONING_LIMIT = 900;

/** The key is the main path, so the socket and every screen reach the same cached reasoning. */
export const latestReasoningKey = (id: number) => [`/api/analysis/${id}/latest-reasoning?limit=${REASONING_LIMIT}`] as const;

export async function fetchLatestReasoning(id: number): Promise<unknown> {
  try {
    return await apiRequest<unknown>("GET", latestReasoningKey(id)[0]);
  } catch {
    // Older servers only serve the detail-prefixed path; its failure is the one reported.
    return apiRequest<unknown>("GET", `/api/analysis/detail/${id}/latest-reasoning?limit=${REASONING_LIMIT}`);
  }
}

/** `inProgress`: what the screen knows of the analysis; polling stops once it or the answer's own status says otherwise. */
export const latestReasoningQuery = (id: number | null, inProgress: boolean) =>
  queryOptions({
    queryKey: latestReasoningKey(id ?? 0),
    queryFn: () => fetchLatestReasoning(id ?? 0),
    enabled: id !== null,
    staleTime: REASONING_STALE_MS,
    gcTime: DETAIL_GC_MS,
    select: readReasoning,
    refetchInterval: (q) => {
      const r = readReasoning(q.state.data);
      if (!inProgress || (r?.status && !isInProgressStatus(r.status))) return false;
      return reasoningPollMs(r?.timeRemaining);
    },
  });

export function useLatestReasoning(id: number | null, inProgress: boolean) {
  return useQuery(latestReasoningQuery(id, inProgress));
}
