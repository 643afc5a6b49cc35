// Notices analyses leaving the active list (completed or failed): reads each one's outcome, gives a refunded credit
// back on screen at once, refreshes balances and history, and re-fetches signals at 0, 2, 5, 10 and 20 s.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CREDIT_BALANCE_KEY, readCredits } from "@web/lib/credit-balance";
import { fetchAnalysisDetail } from "../api/analysis-detail";
import { tradingKeys } from "../api/keys";
import { normalizeAnalysis, type Analysis } from "../api/normalize";
import { SIGNAL_REFETCH_SCHEDULE_MS } from "@web/lib/analysis-polling";
import { isInProgressStatus } from "@web/lib/analysis-status";

/** Ids that were running before and are not running now. */
export function finishedIds(before: ReadonlySet<number>, now: readonly Analysis[]): number[] {
  const running = new Set(now.filter((a) => a.id !== null && isInProgressStatus(a.status)).map((a) => a.id as number));
  return [...before].filter((id) => !running.has(id));
}

export function useCompletionWatch(active: readonly Analysis[] | undefined) {
  const qc = useQueryClient();
  const running = useRef<Set<number> | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => {
    if (!active) return;
    const previous = running.current;
    running.current = new Set(active.filter((a) => a.id !== null && isInProgressStatus(a.status)).map((a) => a.id as number));
    // The first list only sets the baseline: analyses finished before this screen opened are not news.
    if (previous === null) return;
    const done = finishedIds(previous, active);
    if (done.length === 0) return;

    for (const id of done) {
      void qc
        .fetchQuery({ queryKey: tradingKeys.detail(id), queryFn: () => fetchAnalysisDetail(id), staleTime: 0 })
        .then((raw) => {
          const a = normalizeAnalysis(raw);
          if (a?.creditsStatus?.toUpperCase() === "RELEASED") {
            const credits = readCredits(qc.getQueryData(CREDIT_BALANCE_KEY));
            if (credits !== null) qc.setQueryData(CREDIT_BALANCE_KEY, { credits: credits + 1 });
          }
        })
        .catch(() => undefined)
        .finally(() => {
          void qc.invalidateQueries({ queryKey: CREDIT_BALANCE_KEY });
          void qc.invalidateQueries({ queryKey: tradingKeys.profile });
        });
    }
    void qc.invalidateQueries({ queryKey: tradingKeys.history });
    for (const delay of SIGNAL_REFETCH_SCHEDULE_MS) {
      timers.current.push(setTimeout(() => void qc.invalidateQueries({ queryKey: tradingKeys.signals }), delay));
    }
  }, [active, qc]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
}
