// The dashboard table's two paged reads under its filters (spec 02 §2): GET /api/signals/ every 5 s with the signals
// list's HTML hiding and retries (spec 02 §8), and GET /api/analysis/history?has_signal=false every 10 s for the
// analyses that issued no signal (running or failed). Each refetch re-reads every loaded page from the first.
import { type InfiniteData, type QueryFunctionContext, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchAnalysisHistoryPage } from "@web/entities/analysis/api/analysis-history";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { signalKeys, type ListFilters } from "@web/entities/signal/api/keys";
import { HISTORY_POLL_MS } from "@web/entities/analysis/model/analysis-polling";
import { decodeSignals, type Signal } from "@web/entities/signal/api/decode-signal";
import { decodeAnalyses, type Analysis } from "@web/entities/analysis/api/decode-analysis";
import { apiQuery } from "@web/lib/api";
import { hidingTransientHtml } from "@web/lib/fetch-errors";
import { useIsSignedIn } from "@web/lib/session";
import { pageQuery } from "../model/paging";
import { type Page, readPage } from "./decode-page";
import { SIGNALS_HIDDEN_HTML, SIGNALS_POLL_MS, signalsRetry } from "../model/polling";
import { useLivePoll } from "@web/lib/live-socket";

type Pages<T> = InfiniteData<Page<T>, string>;
const EMPTY_PAGE: Page<never> = { items: [], nextCursor: null, total: 0, issued: null };
const nextCursor = <T>(last: Page<T>) => last.nextCursor ?? undefined;

/**
 * A page fetcher with its own streak of hidden HTML answers (the dashboard's rule, as for the one-list read): a hidden
 * answer keeps that page as it was, so a refetch does not drop the older pages behind it.
 */
export function createSignalPagesFetcher(request: (path: string) => Promise<unknown> = apiQuery) {
  const cursorOf = (ctx: QueryFunctionContext) => (typeof ctx.pageParam === "string" ? ctx.pageParam : "");
  return hidingTransientHtml(
    async (filters: ListFilters, ctx: QueryFunctionContext): Promise<Page<Signal>> =>
      readPage(await request(`/api/signals/?${pageQuery(filters, cursorOf(ctx))}`), decodeSignals),
    {
      hide: SIGNALS_HIDDEN_HTML,
      resetOnSuccess: true,
      fallback: (_filters, ctx) => {
        const data = ctx.client.getQueryData<Pages<Signal>>(ctx.queryKey);
        const at = data?.pageParams.indexOf(cursorOf(ctx)) ?? -1;
        return (at >= 0 ? data?.pages[at] : undefined) ?? EMPTY_PAGE;
      },
    },
  );
}

export function useSignalPages(filters: ListFilters) {
  const signedIn = useIsSignedIn();
  const [fetchPage] = useState(() => createSignalPagesFetcher());
  return useInfiniteQuery({
    queryKey: signalKeys.pages(filters),
    queryFn: (ctx) => fetchPage(filters, ctx),
    initialPageParam: "",
    getNextPageParam: nextCursor,
    enabled: signedIn,
    refetchInterval: useLivePoll(SIGNALS_POLL_MS, "user"),
    staleTime: 0,
    retry: signalsRetry,
    // A filter change keeps the old rows (filtered on the client at once) until the server's answer replaces them.
    placeholderData: keepPreviousData,
  });
}

/** Analyses without a signal under the same filters; none can match a signal-type filter, so that one skips the call. */
export function useNoSignalHistoryPages(filters: ListFilters) {
  const signedIn = useIsSignedIn();
  const scoped = { symbol: filters.symbol, type: "", range: filters.range, hasSignal: false };
  return useInfiniteQuery({
    queryKey: analysisKeys.historyPages(scoped),
    queryFn: async ({ pageParam }): Promise<Page<Analysis>> => readPage(await fetchAnalysisHistoryPage(pageQuery(scoped, pageParam)), decodeAnalyses),
    initialPageParam: "",
    getNextPageParam: nextCursor,
    enabled: signedIn && filters.type === "",
    refetchInterval: useLivePoll(HISTORY_POLL_MS, "user"),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}
