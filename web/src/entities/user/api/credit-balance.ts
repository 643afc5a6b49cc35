// GET /api/credits/balance: the signed-in user's credits, shared by the nav counter and any screen showing the balance.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreditBalance } from "@core/contract/credits";
import { apiQuery } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { decodeCredits } from "./decode-user";
import { creditKeys } from "./keys";

export type { CreditBalance };

export const fetchCreditBalance = () => apiQuery<CreditBalance>("/api/credits/balance");

export const creditBalanceQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: creditKeys.balance(),
    queryFn: fetchCreditBalance,
    enabled,
    // Spec 01 §7: the one query that refetches on window focus. "always", because `true` refetches only stale data
    // and the app's 300 s staleTime would swallow most focus refetches.
    refetchOnWindowFocus: "always",
    select: decodeCredits,
  });

export function useCreditBalance() {
  const signedIn = useIsSignedIn();
  return useQuery(creditBalanceQuery(signedIn));
}
