// Everything the dashboard's signal area needs: the polled lists, table rows, stat cards (server or client fallback).
import { useMemo } from "react";
import { useActiveAnalyses } from "@web/lib/active-analyses";
import { useCompletionWatch, type CompletionKeys } from "@web/lib/completion-watch";
import { useAnalysisHistory } from "../api/analyses";
import { useCreditUsage } from "../api/credit-usage";
import { signalsKeys } from "../api/keys";
import { useSignals } from "../api/signals";
import { useSignalStats } from "../api/stats";
import { useTransactions } from "../api/transactions";
import { buildRows } from "./rows";
import { computeStats, type DashboardStats } from "./stats";

/** On completion the dashboard also refreshes its history, stat cards and credit ledger. */
const COMPLETION_KEYS: CompletionKeys = {
  signals: signalsKeys.list,
  refresh: [signalsKeys.history, signalsKeys.stats, signalsKeys.usage, signalsKeys.transactions],
};

export function useDashboardSignals() {
  const signals = useSignals();
  const active = useActiveAnalyses();
  const history = useAnalysisHistory();
  const transactions = useTransactions();
  const usage = useCreditUsage();
  const serverStats = useSignalStats();
  useCompletionWatch(active.data, COMPLETION_KEYS);

  const rows = useMemo(() => buildRows(signals.data ?? [], history.data ?? [], active.data ?? []), [signals.data, history.data, active.data]);

  // The server's cards when it has them; otherwise the same numbers counted from the lists on screen.
  const fallback = serverStats.isError || (serverStats.isSuccess && !serverStats.data);
  const stats: DashboardStats | null = useMemo(() => {
    if (serverStats.data) return serverStats.data;
    if (!fallback || !signals.data) return null;
    return computeStats({
      signals: signals.data,
      analyses: history.data ?? [],
      transactions: transactions.data ?? [],
      usage: usage.data ?? null,
      now: Date.now(),
    });
  }, [serverStats.data, fallback, signals.data, history.data, transactions.data, usage.data]);

  return {
    rows,
    stats,
    activeFetchedAt: Math.max(active.dataUpdatedAt, history.dataUpdatedAt),
    loading: signals.isPending,
    error: signals.isError ? signals.error : null,
  };
}
