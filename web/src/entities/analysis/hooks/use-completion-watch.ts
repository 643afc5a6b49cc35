// Spec 02 §4 on completion: once a running analysis is seen to finish, credits are refreshed (+1 at once when its
// credits_status is RELEASED and the balance shown predates the finish) and signals re-fetched at 0, 2, 5, 10 and
// 20 s; each screen names the queries it refreshes.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { creditKeys } from "@web/entities/user/api/keys";
import { fetchAnalysisDetail } from "../api/analysis-detail";
import { analysisKeys } from "../api/keys";
import { SIGNAL_REFETCH_SCHEDULE_MS } from "../model/analysis-polling";
import { addLocalCredit, finishedIds, localCreditDue } from "../model/completion";
import type { CreditBalance } from "@core/contract/credits";
import type { Analysis } from "../api/decode-analysis";

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
  /** When `prev` arrived: the last moment its running analyses were seen running. */
  const prevAt = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (!active) return;
    const before = prev.current;
    const seenRunningAt = prevAt.current;
    prev.current = active;
    prevAt.current = Date.now();
    // The first list only sets the baseline: analyses finished before this screen opened are not news.
    if (!before) return;
    const done = finishedIds(before, active);
    if (done.length === 0) return;

    for (const id of done) {
      // One that left the list is read again for its credits_status.
      const shown = active.find((a) => a.id === id);
      const settle = async () => {
        const a =
          shown ??
          (await qc.fetchQuery({ queryKey: analysisKeys.detail(id), queryFn: () => fetchAnalysisDetail(id), staleTime: 0 }).catch(() => null));
        const balanceReadAt = qc.getQueryState(creditKeys.balance())?.dataUpdatedAt ?? 0;
        if (localCreditDue(a?.credits_status, balanceReadAt, seenRunningAt))
          qc.setQueryData<CreditBalance | null>(creditKeys.balance(), addLocalCredit);
        void qc.invalidateQueries({ queryKey: creditKeys.balance() });
      };
      void settle();
    }
    for (const key of keys.refresh) void qc.invalidateQueries({ queryKey: key });
    for (const ms of SIGNAL_REFETCH_SCHEDULE_MS) {
      timers.current.push(setTimeout(() => void qc.invalidateQueries({ queryKey: keys.signals }), ms));
    }
  }, [active, qc, keys]);
}
