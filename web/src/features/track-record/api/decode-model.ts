// The decoder of GET /api/public/model: the version serving now, its age in market days and its forward record.
import { isObj, num, obj, str } from "@web/lib/decode";

export type ModelRecord = {
  version: string;
  trainedThrough: string;
  ageDays: number;
  maxAgeDays: number;
  forward: { since: string | null; signals: number; closed: number; expectancyR: number | null; excessVsAlwaysLong: number | null };
};

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
