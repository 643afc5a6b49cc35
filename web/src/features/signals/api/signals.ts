// GET /api/signals/: my signals every 5 s; transient HTML answers are hidden three times, then retried per spec 02 §8.
import { useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import { useState } from "react";
import { defaultQueryFn } from "@web/lib/api";
import { readSignals, type Signal } from "@web/lib/entities";
import { classifyFailure } from "@web/lib/fetch-errors";
import { useIsSignedIn } from "@web/lib/session";
import { SIGNALS_HIDDEN_HTML, SIGNALS_POLL_MS, signalsRetry } from "../hooks/polling";
import { signalsKeys } from "./keys";

/**
 * A fetcher with its own streak of hidden HTML answers. Dashboard reading of the rule: the streak restarts after any
 * good answer, and a hidden answer keeps the rows on screen (Start Trading's feed instead empties, 2 per screen).
 */
export function createSignalsFetcher() {
  let htmlStreak = 0;
  return async (ctx: QueryFunctionContext): Promise<Signal[]> => {
    try {
      const signals = readSignals(await defaultQueryFn(ctx));
      htmlStreak = 0;
      return signals;
    } catch (err) {
      if (classifyFailure(err) === "html" && ++htmlStreak <= SIGNALS_HIDDEN_HTML) {
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
