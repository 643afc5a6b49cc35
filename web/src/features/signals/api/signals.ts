// GET /api/signals/: my signals every 5 s; transient HTML answers are hidden three times, then retried per spec 02 §8.
import { useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import { useState } from "react";
import { signalKeys } from "@web/entities/analysis/api/keys";
import { apiQuery } from "@web/lib/api";
import { readSignals, type Signal } from "@web/entities/analysis/model/readers";
import { hidingTransientHtml } from "@web/lib/fetch-errors";
import { useIsSignedIn } from "@web/lib/session";
import { SIGNALS_HIDDEN_HTML, SIGNALS_POLL_MS, signalsRetry } from "../model/polling";
import { useLivePoll } from "@web/lib/live-socket";

/**
 * A fetcher with its own streak of hidden HTML answers. Dashboard reading of the rule: the streak restarts after any
 * good answer, and a hidden answer keeps the rows on screen (Start Trading's feed instead empties, 2 per screen).
 */
export const createSignalsFetcher = () =>
  hidingTransientHtml(async (_ctx: QueryFunctionContext): Promise<Signal[]> => readSignals(await apiQuery("/api/signals/")), {
    hide: SIGNALS_HIDDEN_HTML,
    resetOnSuccess: true,
    // Keep what is on screen; with nothing yet, an empty list.
    fallback: (ctx) => ctx.client.getQueryData<Signal[]>(ctx.queryKey) ?? [],
  });

/** The newest 200 as one list: only the client-side stat fallback reads it (`wanted`); the table reads ./signal-pages. */
export function useSignals(wanted = true) {
  const signedIn = useIsSignedIn();
  const [queryFn] = useState(createSignalsFetcher);
  return useQuery({
    queryKey: signalKeys.feed("dashboard"),
    queryFn,
    enabled: signedIn && wanted,
    refetchInterval: useLivePoll(SIGNALS_POLL_MS, "user"),
    staleTime: 0,
    retry: signalsRetry,
  });
}
