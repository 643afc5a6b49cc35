// GET /api/transactions/: credit ledger rows (DEDUCTION, REFUND, …) every 15 s; a 404 means an empty list.
import { useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import { ApiError, defaultQueryFn } from "@web/lib/api";
import { list, num, str } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { TRANSACTIONS_POLL_MS } from "../hooks/polling";
import { signalsKeys } from "./keys";

export type Transaction = { type: string; amount: number; createdAt: string | null };

export const normalizeTransactions = (raw: unknown): Transaction[] =>
  list(raw, "transactions").flatMap((t) => {
    const amount = num(t, "amount");
    const type = str(t, "type", "kind");
    return amount === null || !type ? [] : [{ type: type.toUpperCase(), amount, createdAt: str(t, "created_at") }];
  });

/** Runs the default query and answers `empty` for a 404 (endpoints that may not exist everywhere). */
async function fetchOr404<T>(ctx: QueryFunctionContext, empty: T): Promise<unknown> {
  try {
    return await defaultQueryFn(ctx);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return empty;
    throw err;
  }
}

export function useTransactions() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalsKeys.transactions,
    queryFn: (ctx) => fetchOr404(ctx, []),
    select: normalizeTransactions,
    enabled: signedIn,
    refetchInterval: TRANSACTIONS_POLL_MS,
    staleTime: 0,
  });
}
