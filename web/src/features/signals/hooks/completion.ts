// Spec 02 §4 on completion: refetch signals at 0, 2, 5, 10, 20 s, refresh credits and lists, +1 local credit when RELEASED.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CREDIT_BALANCE_KEY } from "@web/lib/credit-balance";
import { isObj } from "@web/lib/read";
import { readAnalysis, type Analysis } from "../api/entities";
import { signalsKeys } from "../api/keys";
import { isInProgressStatus } from "./polling";

export const SIGNAL_REFETCH_SCHEDULE_MS = [0, 2_000, 5_000, 10_000, 20_000];

/** Ids that were running in `prev` and are now gone from `next` or shown there as no longer running. */
export function finishedIds(prev: Analysis[], next: Analysis[]): number[] {
  const nextById = new Map(next.map((a) => [a.id, a]));
  return prev.filter((p) => isInProgressStatus(p.status) && (!nextById.has(p.id) || !isInProgressStatus(nextById.get(p.id)!.status))).map((p) => p.id);
}

/** The cached balance body with one credit added back (unchanged when there is no balance yet). */
export function addLocalCredit(old: unknown): unknown {
  return isObj(old) && typeof old.credits === "number" ? { ...old, credits: old.credits + 1 } : old;
}

export function useCompletionRefetch(active: Analysis[] | undefined) {
  const qc = useQueryClient();
  const prev = useRef<Analysis[] | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (!active) return;
    const before = prev.current;
    prev.current = active;
    if (!before) return;
    const done = finishedIds(before, active);
    if (done.length === 0) return;

    for (const id of done) {
      const shown = active.find((a) => a.id === id);
      const settle = async () => {
        const a = shown ?? (await qc.fetchQuery({ queryKey: signalsKeys.detail(id), staleTime: 0 }).then((raw) => (isObj(raw) ? readAnalysis(raw) : null)).catch(() => null));
        if (a?.creditsStatus === "RELEASED") qc.setQueryData(CREDIT_BALANCE_KEY, addLocalCredit);
        void qc.invalidateQueries({ queryKey: CREDIT_BALANCE_KEY });
      };
      void settle();
    }
    for (const key of [signalsKeys.history, signalsKeys.stats, signalsKeys.usage, signalsKeys.transactions]) void qc.invalidateQueries({ queryKey: key });
    for (const ms of SIGNAL_REFETCH_SCHEDULE_MS) {
      timers.current.push(setTimeout(() => void qc.refetchQueries({ queryKey: signalsKeys.list }), ms));
    }
  }, [active, qc]);
}
