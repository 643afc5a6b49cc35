// Spec 02 §4 completion rules: which running analyses finished, and the one credit given back on screen at once.
import { isObj } from "@web/lib/read";
import { isInProgressStatus } from "./analysis-status";
import type { Analysis } from "./readers";

type Watched = Pick<Analysis, "id" | "status">;

/** Ids that were running in `prev` and are now gone from `next` or shown there as no longer running. */
export function finishedIds(prev: readonly Watched[], next: readonly Watched[]): number[] {
  const stillRunning = new Set(next.filter((a) => isInProgressStatus(a.status)).map((a) => a.id));
  return prev.filter((p) => isInProgressStatus(p.status) && !stillRunning.has(p.id)).map((p) => p.id);
}

/** The cached balance body with one credit added back (unchanged when there is no balance yet). */
export function addLocalCredit(old: unknown): unknown {
  return isObj(old) && typeof old.credits === "number" ? { ...old, credits: old.credits + 1 } : old;
}
