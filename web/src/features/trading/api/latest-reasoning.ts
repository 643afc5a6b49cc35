// GET /api/analysis/{id}/latest-reasoning?limit=900 (fallback /api/analysis/detail/{id}/latest-reasoning), polled by time left.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { DETAIL_GC_MS, REASONING_STALE_MS, reasoningPollMs } from "@web/lib/analysis-polling";
import { isInProgressStatus } from "@web/lib/analysis-status";
import { REASONING_LIMIT, tradingKeys } from "./keys";
import { normalizeReasoning } from "./normalize";

export async function fetchLatestReasoning(id: number): Promise<unknown> {
  try {
    return await apiRequest<unknown>("GET", `/api/analysis/${id}/latest-reasoning?limit=${REASONING_LIMIT}`);
  } catch {
    // Older servers only serve the detail-prefixed path; its failure is the one reported.
    return apiRequest<unknown>("GET", `/api/analysis/detail/${id}/latest-reasoning?limit=${REASONING_LIMIT}`);
  }
}

export const latestReasoningQuery = (id: number | null, inProgress: boolean) =>
  queryOptions({
    queryKey: tradingKeys.reasoning(id ?? 0),
    queryFn: () => fetchLatestReasoning(id ?? 0),
    enabled: id !== null,
    staleTime: REASONING_STALE_MS,
    gcTime: DETAIL_GC_MS,
    select: normalizeReasoning,
    refetchInterval: (q) => {
      const r = normalizeReasoning(q.state.data);
      if (!inProgress || (r?.status && !isInProgressStatus(r.status))) return false;
      return reasoningPollMs(r?.timeRemainingSeconds);
    },
  });

export function useLatestReasoning(id: number | null, inProgress: boolean) {
  return useQuery(latestReasoningQuery(id, inProgress));
}
