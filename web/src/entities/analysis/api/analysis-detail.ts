// GET /api/analysis/{id}: one analysis (phase, countdown, credits status), read only with an id, polled while in progress.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { DETAIL_GC_MS, DETAIL_STALE_MS, detailPollMs } from "../model/analysis-polling";
import { decodeAnalysis } from "./decode-analysis";
import { analysisKeys } from "./keys";

export const fetchAnalysisDetail = async (id: number) => decodeAnalysis(await apiRequest<unknown>("GET", `/api/analysis/${id}`));

export const analysisDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: analysisKeys.detail(id ?? 0),
    queryFn: () => fetchAnalysisDetail(id ?? 0),
    // Spec 02 §7: read only when an id is present.
    enabled: id !== null,
    staleTime: DETAIL_STALE_MS,
    gcTime: DETAIL_GC_MS,
    refetchInterval: (q) => detailPollMs(q.state.data),
  });

export function useAnalysisDetail(id: number | null) {
  return useQuery(analysisDetailQuery(id));
}
