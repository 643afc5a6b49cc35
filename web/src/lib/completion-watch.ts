// Spec 02 §4 on completion: once a running analysis is seen to finish, credits are refreshed (+1 at once when its
// credits_status is RELEASED) and signals re-fetched at 0, 2, 5, 10 and 20 s; each screen names the queries it refreshes.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { analysisDetailKey, fetchAnalysisDetail } from "./analysis-detail";
import { SIGNAL_REFETCH_SCHEDULE_MS } from "./analysis-polling";
import { isInProgressStatus } from "./analysis-status";
import { CREDIT_BALANCE_KEY } from "./credit-balance";
import { readAnalysis, type Analysis } from "./entities";
import { isObj } from "./read";

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

export type CompletionKeys = {
  /** The screen's signals list, re-fetched on the schedule. */
  signals: QueryKey;
  /** What else a completion makes stale on this screen (history, stats, profile …), refreshed once. */
  refresh: readonly QueryKey[];
};

/** `keys` should be a module constant: a new object each render re-runs the (then idle) effect. */
export function useCompletionWatch(active: readonly Analysis[] | undefined, keys: CompletionKeys) {
  const qc = useQueryClient();
  const prev = useRef<readonly Analysis[] | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (!active) return;
    const before = prev.current;
    prev.current = active;
    // The first list only sets the baseline: analyses finished before this screen opened are not news.
    if (!before) return;
    const done = finishedIds(before, active);
    if (done.length === 0) return;

    for (const id of done) {
      // One that left the list is read again for its credits_status.
      const shown = active.find((a) => a.id === id);
      const settle = async () => {
        const a = shown ?? (await qc.fetchQuery({ queryKey: analysisDetailKey(id), queryFn: () => fetchAnalysisDetail(id), staleTime: 0 }).then(readAnalysis).catch(() => null));
        if (a?.creditsStatus?.toUpperCase() === "RELEASED") qc.setQueryData(CREDIT_BALANCE_KEY, addLocalCredit);
        void qc.invalidateQueries({ queryKey: CREDIT_BALANCE_KEY });
      };
      void settle();
    }
    for (const key of keys.refresh) void qc.invalidateQueries({ queryKey: key });
    for (const ms of SIGNAL_REFETCH_SCHEDULE_MS) {
      timers.current.push(setTimeout(() => void qc.invalidateQueries({ queryKey: keys.signals }), ms));
    }
  }, [active, qc, keys]);
}
