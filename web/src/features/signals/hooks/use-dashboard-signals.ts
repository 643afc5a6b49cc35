// Everything the dashboard's signal area needs: the paged table rows under the filters (applied on the server), their
// totals and "load older", the stat cards (the server's, credit totals from the usage call or the ledger) and load failures.
import { useMemo } from "react";
import { useActiveAnalyses } from "@web/entities/analysis/api/active-analyses";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { signalKeys } from "@web/entities/signal/api/keys";
import { useCompletionWatch, type CompletionKeys } from "@web/entities/analysis/hooks/use-completion-watch";
import { creditKeys } from "@web/entities/user/api/keys";
import { useCreditUsage } from "../api/credit-usage";
import { useNoSignalHistoryPages, useSignalPages } from "../api/signal-pages";
import { useSignalStats } from "../api/stats";
import { useTransactions } from "../api/transactions";
import { pickCreditTotals } from "@web/entities/user/model/credit-usage";
import { completeRows, oldestOf, serverFilters } from "../model/paging";
import { buildRows, filterRows, type Filters } from "../model/rows";

/** On completion the dashboard also refreshes its history (the pages too), stat cards and the credit totals' two reads. */
const COMPLETION_KEYS: CompletionKeys = {
  signals: signalKeys.feed("dashboard"),
  refresh: [analysisKeys.history(), signalKeys.stats(), creditKeys.usage(), creditKeys.transactions()],
};

/** Used and Returned Credits (spec 02 §3): the usage call's totals, the ledger's sums only when that call fails. */
function useCreditTotals() {
  const usage = useCreditUsage();
  const ledger = useTransactions();
  const usageFailed = usage.isError || (usage.isSuccess && usage.data === null);
  return pickCreditTotals(usageFailed, usage.data, ledger.data);
}

export function useDashboardSignals(filters: Filters) {
  const server = serverFilters(filters);
  const signals = useSignalPages(server);
  const history = useNoSignalHistoryPages(server);
  const active = useActiveAnalyses();
  const stats = useSignalStats();
  const credits = useCreditTotals();
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
    stats: stats.data ?? null,
    credits,
    /** Every row the filters match: signals plus analyses without one (a just-started one may not be counted yet); the heading's count. */
    rowsTotal: Math.max(signalsTotal + historyTotal, rows.length),
    /** LONG/SHORT signals the filters match (No Trades and running analyses are not signals); null before the server says. */
    issuedTotal: signals.data?.pages[0]?.issued ?? null,
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
