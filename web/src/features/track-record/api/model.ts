// GET /api/public/model: the model version serving now, its age in market days and its forward record (null: none serves).
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiQuery } from "@web/lib/api";
import { trustKeys } from "@web/features/track-record/api/keys";
import { normalizeModel, type ModelRecord } from "./decode-model";

export { normalizeModel, type ModelRecord };

export const MODEL_PATH = "/api/public/model";

/** 404: no version serves at the market clock (a state to show, not a failure). */
export async function fetchModel(): Promise<ModelRecord | null> {
  try {
    return normalizeModel(await apiQuery(MODEL_PATH));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useModelRecord() {
  return useQuery({ queryKey: trustKeys.model(), queryFn: fetchModel, staleTime: 60_000 });
}
