// GET /api/public/model: the model version serving now, its age in market days and its forward record (null: none serves).
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiQuery } from "@web/lib/api";
import { isObj, num, obj, str } from "@web/lib/decode";
import { publicKeys } from "./keys";

export type ModelRecord = {
  version: string;
  trainedThrough: string;
  ageDays: number;
  maxAgeDays: number;
  forward: { since: string | null; signals: number; closed: number; expectancyR: number | null; excessVsAlwaysLong: number | null };
};

export const MODEL_PATH = "/api/public/model";

/** The answer as this page uses it, or null when a part it shows is missing. */
export function normalizeModel(raw: unknown): ModelRecord | null {
  if (!isObj(raw)) return null;
  const version = str(raw, "version");
  const trainedThrough = str(raw, "trained_through");
  const ageDays = num(raw, "age_days");
  const maxAgeDays = num(raw, "max_age_days");
  const f = obj(raw, "forward");
  if (!version || !trainedThrough || ageDays === null || maxAgeDays === null || !f) return null;
  return {
    version,
    trainedThrough,
    ageDays,
    maxAgeDays,
    forward: {
      since: str(f, "since"),
      signals: num(f, "signals") ?? 0,
      closed: num(f, "closed") ?? 0,
      expectancyR: num(f, "expectancy_r"),
      excessVsAlwaysLong: num(f, "excess_vs_always_long"),
    },
  };
}

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
  return useQuery({ queryKey: publicKeys.model(), queryFn: fetchModel, staleTime: 60_000 });
}
