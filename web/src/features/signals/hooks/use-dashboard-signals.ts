// Everything the dashboard's signal area needs: the paged table rows under the filters (applied on the server), their
// totals and "load older", the stat cards (server, or counted from the lists when that call fails) and load failures.
import { useMemo } from "react";
import { useActiveAnalyses } from "@web/entities/analysis/api/active-analyses";
import { useAnalysisHistory } from "@web/entities/analysis/api/analysis-history";
import { analysisKeys, signalKeys } from "@web/entities/analysis/api/keys";
import { useCompletionWatch, type CompletionKeys } from "@web/entities/analysis/hooks/use-completion-watch";
import { creditKeys } from "@web/entities/user/api/keys";
import { useCreditUsage } from "../api/credit-usage";
import { useNoSignalHistoryPages, useSignalPages } from "../api/signal-pages";
import { useSignals } from "../api/signals";
import { useSignalStats } from "../api/stats";
import { useTransactions } from "../api/transactions";
import { completeRows, oldestOf, serverFilters } from "../model/paging";
import { buildRows, filterRows, type Filters } from "../model/rows";
import { computeStats, type DashboardStats } from "../model/stats";

/** On completion the dashboard also refreshes its history (the pages too), stat cards and credit ledger. */
const COMPLETION_KEYS: CompletionKeys = {
  signals: signalKeys.feed("dashboard"),
  refresh: [analysisKeys.history(), signalKeys.stats(), creditKeys.usage(), creditKeys.transactions()],
};

/** The stat cards: the server's, or (only when that call fails) the same numbers counted from the one-list reads. */
function useStats(): DashboardStats | null {
  const serverStats = useSignalStats();
  const fallback = serverStats.isError || (serverStats.isSuccess && !serverStats.data);
  const signals = useSignals(fallback);
  const history = useAnalysisHistory(fallback);
  const transactions = useTransactions();
  const usage = useCreditUsage();
  return useMemo(() => {
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
}

export function useDashboardSignals(filters: Filters) {
  const server = serverFilters(filters);
  const signals = useSignalPages(server);
  const history = useNoSignalHistoryPages(server);
  const active = useActiveAnalyses();
  useCompletionWatch(active.data, COMPLETION_KEYS);

  const signalItems = useMemo(() => signals.data?.pages.flatMap((p) => p.items) ?? [], [signals.data]);
  const historyOn = server.type === "";
  const historyItems = useMemo(() => (historyOn ? (history.data?.pages.flatMap((p) => p.items) ?? []) : []), [historyOn, history.data]);
  const rows = useMemo(() => {
    const all = filterRows(buildRows(signalItems, historyItems, active.data ?? []), filters, Date.now());
    return completeRows(all, [
      { oldest: oldestOf(signalItems), hasMore: signals.hasNextPage },
      { oldest: oldestOf(historyItems), hasMore: historyOn && history.hasNextPage },
    ]);
  }, [signalItems, historyItems, active.data, filters, signals.hasNextPage, history.hasNextPage, historyOn]);

  const signalsTotal = signals.data?.pages[0]?.total ?? 0;
  const historyTotal = historyOn ? (history.data?.pages[0]?.total ?? 0) : 0;
  const loadOlder = () => {
    if (signals.hasNextPage && !signals.isFetchingNextPage) void signals.fetchNextPage();
    if (historyOn && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
  };

  return {
    rows,
    stats: useStats(),
    /** Every row the filters match: signals plus analyses without one (a just-started one may not be counted yet); the heading's count. */
    rowsTotal: Math.max(signalsTotal + historyTotal, rows.length),
    hasOlder: signals.hasNextPage || (historyOn && history.hasNextPage),
    loadingOlder: signals.isFetchingNextPage || history.isFetchingNextPage,
    loadOlder,
    activeFetchedAt: Math.max(active.dataUpdatedAt, history.dataUpdatedAt),
    loading: signals.isPending,
    error: signals.isError && !signals.isFetchNextPageError ? signals.error : null,
    olderError: signals.isFetchNextPageError ? signals.error : null,
    historyError: historyOn && history.isError ? history.error : null,
  };
}
