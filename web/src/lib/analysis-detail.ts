// GET /api/analysis/{id}: one analysis (phase, countdown, credits status), read only with an id, polled while in progress.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";
import { DETAIL_GC_MS, DETAIL_STALE_MS, detailPollMs } from "./analysis-polling";
import { readAnalysis } from "./entities";

/** The key is the path, so the socket and every screen reach the same cached detail. */
export const analysisDetailKey = (id: number) => [`/api/analysis/${id}`] as const;

export const fetchAnalysisDetail = (id: number) => apiRequest<unknown>("GET", `/api/analysis/${id}`);

export const analysisDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: analysisDetailKey(id ?? 0),
    queryFn: () => fetchAnalysisDetail(id ?? 0),
    // Spec 02 §7: read only when an id is present.
    enabled: id !== null,
    staleTime: DETAIL_STALE_MS,
    gcTime: DETAIL_GC_MS,
    select: readAnalysis,
    refetchInterval: (q) => detailPollMs(readAnalysis(q.state.data)),
  });

export function useAnalysisDetail(id: number | null) {
  return useQuery(analysisDetailQuery(id));
}
