// GET /api/signals/ every 5 s for the Day Signal card: the first 2 transient HTML answers read as an empty list.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { signalKeys } from "@web/entities/signal/api/keys";
import { apiRequest } from "@web/lib/api";
import { SIGNALS_POLL_MS } from "@web/entities/analysis/model/analysis-polling";
import { decodeSignals, type Signal } from "@web/entities/signal/api/decode-signal";
import { hidingTransientHtml, retryWithin } from "@web/lib/fetch-errors";
import { useIsSignedIn } from "@web/lib/session";
import { useLivePoll } from "@web/lib/live-socket";

/** Start Trading numbers of spec 02 §7/§8 (the dashboard has its own): 2 HTML answers hidden; HTML retried 8 times, parse/network 3. */
export const HIDDEN_HTML_ANSWERS = 2;
export const signalsRetry = retryWithin({ html: 8, parse: 3 });

/** A fetcher with its own budget of hidden HTML answers (one per mounted screen); a hidden answer is an empty list. */
export function createSignalsFetcher(request: (path: string) => Promise<unknown> = (p) => apiRequest<unknown>("GET", p)) {
  // api-host adds the trailing slash the server's list route expects.
  return hidingTransientHtml(async () => decodeSignals(await request("/api/signals")), {
    hide: HIDDEN_HTML_ANSWERS,
    resetOnSuccess: false,
    fallback: () => [],
  });
}

export const signalsQuery = (enabled: boolean, fetcher: () => Promise<Signal[]>) =>
  queryOptions({
    queryKey: signalKeys.feed("start-trading"),
    queryFn: fetcher,
    enabled,
    staleTime: 0,
    refetchInterval: useLivePoll(SIGNALS_POLL_MS, "user"),
    retry: signalsRetry,
  });

export function useSignals() {
  const [fetcher] = useState(() => createSignalsFetcher());
  return useQuery(signalsQuery(useIsSignedIn(), fetcher));
}
