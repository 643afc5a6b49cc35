// GET /api/credits/usage: the Used and Returned Credits totals as the server counts them, polled every 10 s (spec 02 §7).
import type { CreditUsage } from "@core/contract/credits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "@web/entities/user/api/keys";
import { apiQuery } from "@web/lib/api";
import { useLivePoll } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";
import { usageTotals } from "@web/entities/user/model/credit-usage";
import { USAGE_POLL_MS } from "../model/polling";

export const fetchCreditUsage = () => apiQuery<CreditUsage>("/api/credits/usage");

/** `pollMs` from useLivePoll: the spec's 10 s, or the safety net while the socket pushes the user's changes. */
export const creditUsageQuery = (enabled: boolean, pollMs: number | false) =>
  queryOptions({
    queryKey: creditKeys.usage(),
    queryFn: fetchCreditUsage,
    select: usageTotals,
    enabled,
    refetchInterval: pollMs,
    staleTime: 0,
  });

export function useCreditUsage() {
  return useQuery(creditUsageQuery(useIsSignedIn(), useLivePoll(USAGE_POLL_MS, "user")));
}
