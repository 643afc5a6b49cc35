// GET /api/transactions/: the credit ledger polled every 15 s (spec 02 §7), a 404 being an empty list; its sums stand in for the usage totals.
import type { Transaction } from "@core/contract/credits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "@web/entities/user/api/keys";
import { ApiError, apiQuery } from "@web/lib/api";
import { useLivePoll } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";
import { transactionTotals } from "@web/entities/user/model/credit-usage";
import { decodeTransactions } from "@web/entities/user/api/decode-user";
import { TRANSACTIONS_POLL_MS } from "../model/polling";

export async function fetchTransactions(): Promise<Transaction[]> {
  try {
    // null is a 401 that ended the session: nothing of this user's to sum.
    return decodeTransactions(await apiQuery<unknown>("/api/transactions/"));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** `pollMs` from useLivePoll: the spec's 15 s, or the safety net while the socket pushes the user's changes. */
export const transactionsQuery = (enabled: boolean, pollMs: number | false) =>
  queryOptions({
    queryKey: creditKeys.transactions(),
    queryFn: fetchTransactions,
    select: transactionTotals,
    enabled,
    refetchInterval: pollMs,
    staleTime: 0,
  });

export function useTransactions() {
  return useQuery(transactionsQuery(useIsSignedIn(), useLivePoll(TRANSACTIONS_POLL_MS, "user")));
}
