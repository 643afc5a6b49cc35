// GET /api/credits/balance: the signed-in user's credits, shared by the nav counter and any screen showing the balance.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIsSignedIn } from "./session";

export type CreditBalance = { credits: number };

/** Query key = the path, so the default query fetches it and any screen can invalidate it after a start or refund. */
export const CREDIT_BALANCE_KEY = ["/api/credits/balance"] as const;

export const creditBalanceQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: CREDIT_BALANCE_KEY,
    enabled,
    // Spec 01 §7: the one query that refetches on window focus.
    refetchOnWindowFocus: true,
    select: (data: unknown): number | null => readCredits(data),
  });

export function readCredits(data: unknown): number | null {
  if (data && typeof data === "object" && "credits" in data && typeof data.credits === "number") return data.credits;
  return null;
}

export function useCreditBalance() {
  const signedIn = useIsSignedIn();
  return useQuery(creditBalanceQuery(signedIn));
}
