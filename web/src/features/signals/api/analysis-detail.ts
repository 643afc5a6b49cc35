// GET /api/analysis/{id} (polled while in progress) and its latest reasoning (limit 900, with the /detail/ fallback path).
import { useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { isObj } from "@web/lib/read";
import { detailPollMs as detailInterval, reasoningPollMs as reasoningInterval } from "@web/lib/analysis-polling";
import { isInProgressStatus } from "@web/lib/analysis-status";
import { readAnalysis, readReasoning, type Analysis, type Reasoning } from "./entities";
import { REASONING_LIMIT, signalsKeys } from "./keys";

const toAnalysis = (raw: unknown): Analysis | null => (isObj(raw) ? readAnalysis(raw) : null);

export function useAnalysisDetail(id: number | null) {
  return useQuery({
    queryKey: signalsKeys.detail(id ?? 0),
    enabled: id !== null,
    select: toAnalysis,
    staleTime: 3_000,
    gcTime: 5 * 60_000,
    refetchInterval: (q) => detailInterval(toAnalysis(q.state.data)),
  });
}

/** The main path first; if it fails the /detail/ spelling of the same resource. */
export async function fetchLatestReasoning(id: number): Promise<unknown> {
  try {
    return await apiRequest<unknown>("GET", `/api/analysis/${id}/latest-reasoning?limit=${REASONING_LIMIT}`);
  } catch {
    return apiRequest<unknown>("GET", `/api/analysis/detail/${id}/latest-reasoning?limit=${REASONING_LIMIT}`);
  }
}

export function useLatestReasoning(id: number | null, live: boolean) {
  return useQuery({
    queryKey: signalsKeys.reasoning(id ?? 0),
    queryFn: ({ queryKey }: QueryFunctionContext) => fetchLatestReasoning(Number(String(queryKey[0]).split("/")[3])),
    enabled: id !== null,
    select: (raw: unknown): Reasoning | null => readReasoning(raw),
    staleTime: 2_000,
    gcTime: 5 * 60_000,
    refetchInterval: (q) => {
      const r = readReasoning(q.state.data);
      const running = r?.status ? isInProgressStatus(r.status) : live;
      return running ? reasoningInterval(r?.timeRemaining) : false;
    },
  });
}
