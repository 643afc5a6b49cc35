// GET /api/transactions/: credit ledger rows (DEDUCTION, REFUND, …) every 15 s; a 404 means an empty list.
import { useQuery } from "@tanstack/react-query";
import { creditKeys } from "@web/entities/user/api/keys";
import { ApiError, apiQuery } from "@web/lib/api";
import { list, num, str } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { TRANSACTIONS_POLL_MS } from "../model/polling";
import { useLivePoll } from "@web/lib/live-socket";

export type Transaction = { type: string; amount: number; createdAt: string | null };

export const normalizeTransactions = (raw: unknown): Transaction[] =>
  list(raw, "transactions").flatMap((t) => {
    const amount = num(t, "amount");
    const type = str(t, "type", "kind");
    return amount === null || !type ? [] : [{ type: type.toUpperCase(), amount, createdAt: str(t, "created_at") }];
  });

/** A 404 is an empty ledger (the endpoint may not exist everywhere). */
export async function fetchTransactions(): Promise<unknown> {
  try {
    return await apiQuery("/api/transactions/");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useTransactions() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: creditKeys.transactions(),
    queryFn: fetchTransactions,
    select: normalizeTransactions,
    enabled: signedIn,
    refetchInterval: useLivePoll(TRANSACTIONS_POLL_MS, "user"),
    staleTime: 0,
  });
}
