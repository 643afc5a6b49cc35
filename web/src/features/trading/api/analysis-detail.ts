// GET /api/analysis/{id}: one analysis (phase, countdown, credits status), polled only while it is in progress.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { DETAIL_GC_MS, DETAIL_STALE_MS, detailPollMs } from "@web/lib/analysis-polling";
import { tradingKeys } from "./keys";
import { normalizeAnalysis } from "./normalize";

export const fetchAnalysisDetail = (id: number) => apiRequest<unknown>("GET", `/api/analysis/${id}`);

export const analysisDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: tradingKeys.detail(id ?? 0),
    queryFn: () => fetchAnalysisDetail(id ?? 0),
    // Spec 02 §7: read only when an id is present.
    enabled: id !== null,
    staleTime: DETAIL_STALE_MS,
    gcTime: DETAIL_GC_MS,
    select: normalizeAnalysis,
    refetchInterval: (q) => {
      const d = normalizeAnalysis(q.state.data);
      return detailPollMs(d ? { status: d.status, nextRunAt: d.nextRunAt } : null);
    },
  });

export function useAnalysisDetail(id: number | null) {
  return useQuery(analysisDetailQuery(id));
}
