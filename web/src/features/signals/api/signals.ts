// GET /api/signals/: my signals every 5 s; transient HTML answers are hidden three times, then retried per spec 02 §8.
import { useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import { useState } from "react";
import { defaultQueryFn } from "@web/lib/api";
import { list } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { SIGNALS_HIDDEN_HTML, SIGNALS_POLL_MS, isTransientHtml, signalsRetry } from "../hooks/polling";
import { readSignal, type Signal } from "./entities";
import { signalsKeys } from "./keys";

export const normalizeSignals = (raw: unknown): Signal[] => list(raw, "signals").map(readSignal).filter((s): s is Signal => s !== null);

/** A fetcher with its own streak of hidden HTML answers (reset by any good answer). */
export function createSignalsFetcher() {
  let htmlStreak = 0;
  return async (ctx: QueryFunctionContext): Promise<Signal[]> => {
    try {
      const signals = normalizeSignals(await defaultQueryFn(ctx));
      htmlStreak = 0;
      return signals;
    } catch (err) {
      if (isTransientHtml(err) && ++htmlStreak <= SIGNALS_HIDDEN_HTML) {
        // Keep what is on screen; with nothing yet, an empty list.
        return ctx.client.getQueryData<Signal[]>(ctx.queryKey) ?? [];
      }
      throw err;
    }
  };
}

export function useSignals() {
  const signedIn = useIsSignedIn();
  const [queryFn] = useState(createSignalsFetcher);
  return useQuery({
    queryKey: signalsKeys.list,
    queryFn,
    enabled: signedIn,
    refetchInterval: SIGNALS_POLL_MS,
    staleTime: 0,
    retry: signalsRetry,
  });
}
