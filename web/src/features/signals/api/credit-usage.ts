// GET /api/credits/usage: the Used and Returned Credits totals as the server counts them, polled every 10 s (spec 02 §7).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "@web/entities/user/api/keys";
import { apiQuery } from "@web/lib/api";
import { useLivePoll } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";
import { decodeCreditUsage } from "@web/entities/user/api/decode-user";
import { USAGE_POLL_MS } from "../model/polling";

export const fetchCreditUsage = () => apiQuery<unknown>("/api/credits/usage");

/** `pollMs` from useLivePoll: the spec's 10 s, or the safety net while the socket pushes the user's changes. */
export const creditUsageQuery = (enabled: boolean, pollMs: number | false) =>
  queryOptions({
    queryKey: creditKeys.usage(),
    queryFn: fetchCreditUsage,
    select: decodeCreditUsage,
    enabled,
    refetchInterval: pollMs,
    staleTime: 0,
  });

export function useCreditUsage() {
  return useQuery(creditUsageQuery(useIsSignedIn(), useLivePoll(USAGE_POLL_MS, "user")));
}
