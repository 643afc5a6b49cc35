// /api/billing: whether checkout is on, starting a checkout, a checkout's state, purchases, refunds, saved cards, portal.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { creditKeys } from "@web/entities/user/api/keys";

export type BillingConfig = { enabled: boolean; tax: boolean; refund_window_days: number };
export type CheckoutState = { status: string; pack_name: string; credits: number; credited: boolean; balance: number };
export type Purchase = {
  id: number;
  pack: string;
  pack_name: string;
  amount_cents: number;
  currency: string;
  credits: number;
  status: "PENDING" | "PAID" | "FAILED" | "EXPIRED" | "REFUND_PENDING" | "REFUNDED" | "DISPUTED";
  receipt_url: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  refund_cents: number | null;
  refund_credits: number | null;
  frozen_credits: number;
  refund_until: string | null;
  refund_quote: { credits: number; cents: number } | null;
};
export type SavedCards = { configured: boolean; methods: Array<{ id: string; brand: string; last4: string; exp: string }> };

/** Billing reads live under the credit keys: a user_changed push (a purchase credited, a refund) refetches them. */
export const billingKeys = {
  config: () => ["billing", "config"] as const,
  purchases: () => [...creditKeys.all, "purchases"] as const,
  checkout: (sessionId: string) => [...creditKeys.all, "checkout", sessionId] as const,
  cards: () => [...creditKeys.all, "cards"] as const,
};

export const useBillingConfig = () =>
  useQuery({ queryKey: billingKeys.config(), queryFn: () => apiQuery<BillingConfig>("/api/billing/config"), staleTime: 60_000 });

/** Starts a Stripe Checkout for a pack and sends the browser to the hosted page. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (pack: string) => apiRequest<{ id: string; url: string }>("POST", "/api/billing/checkout", { pack }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export function useCheckoutState(sessionId: string) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: () => apiQuery<CheckoutState>(`/api/billing/checkout/${encodeURIComponent(sessionId)}`),
    enabled: signedIn && sessionId !== "",
    // The credit arrives as a user_changed push; a slow re-read covers a tab whose socket is down meanwhile.
    refetchInterval: (q) => (q.state.data?.credited || q.state.data?.status === "FAILED" ? false : 15_000),
  });
}

export function usePurchases() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: billingKeys.purchases(), queryFn: () => apiQuery<Purchase[]>("/api/billing/purchases"), enabled: signedIn });
}

export function useRequestRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ status: string; credits: number; cents: number }>("POST", `/api/billing/purchases/${id}/refund`),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.purchases() }),
  });
}

export function useSavedCards(enabled: boolean) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: billingKeys.cards(),
    queryFn: () => apiQuery<SavedCards>("/api/billing/payment-methods"),
    enabled: signedIn && enabled,
  });
}

/** Opens Stripe's customer portal (saved cards are managed there). */
export const usePortal = () =>
  useMutation({
    mutationFn: () => apiRequest<{ url: string }>("POST", "/api/billing/portal"),
    onSuccess: ({ url }) => window.location.assign(url),
  });

/** "$35.99": amounts are cents in the purchase's currency. */
export const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
