// GET /api/signals/ every 5 s for the Day Signal card: the first 2 transient HTML answers read as an empty list.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { classifyFailure, HIDDEN_HTML_ANSWERS, signalsRetry } from "../hooks/fetch-errors";
import { SIGNALS_POLL_MS } from "@web/lib/analysis-polling";
import { tradingKeys } from "./keys";
import { normalizeSignals } from "./normalize";

/** A fetcher with its own budget of hidden HTML answers (one per mounted screen). */
export function createSignalsFetcher(request: (path: string) => Promise<unknown> = (p) => apiRequest<unknown>("GET", p)) {
  let hidden = 0;
  return async (): Promise<unknown> => {
    try {
      // api-host adds the trailing slash the server's list route expects.
      return await request("/api/signals");
    } catch (err) {
      if (classifyFailure(err) === "html" && hidden < HIDDEN_HTML_ANSWERS) {
        hidden += 1;
        return [];
      }
      throw err;
    }
  };
}

export const signalsQuery = (enabled: boolean, fetcher: () => Promise<unknown>) =>
  queryOptions({
    queryKey: tradingKeys.signals,
    queryFn: fetcher,
    enabled,
    staleTime: 0,
    select: normalizeSignals,
    refetchInterval: SIGNALS_POLL_MS,
    retry: signalsRetry,
  });

export function useSignals() {
  const [fetcher] = useState(() => createSignalsFetcher());
  return useQuery(signalsQuery(useIsSignedIn(), fetcher));
}
