// Request and response shapes of the billing module (packs, checkout, purchases, refunds, payment methods).
import { t } from "elysia";
import { PACK_IDS } from "@core/ledger/packs";

export const checkoutBody = t.Object({ pack: t.UnionEnum(PACK_IDS as [string, ...string[]]) });
export const checkoutResponse = t.Object({ id: t.String(), url: t.String() });

export const billingConfigSchema = t.Object({ enabled: t.Boolean(), tax: t.Boolean(), refund_window_days: t.Number() });

export const purchaseSchema = t.Object({
  id: t.Number(),
  pack: t.String(),
  pack_name: t.String(),
  amount_cents: t.Number(),
  currency: t.String(),
  credits: t.Number(),
  status: t.String(),
  receipt_url: t.Nullable(t.String()),
  created_at: t.String(),
  paid_at: t.Nullable(t.String()),
  refunded_at: t.Nullable(t.String()),
  refund_cents: t.Nullable(t.Number()),
  refund_credits: t.Nullable(t.Number()),
  frozen_credits: t.Number(),
  refund_until: t.Nullable(t.String()),
  refund_quote: t.Nullable(t.Object({ credits: t.Number(), cents: t.Number() })),
});

export const checkoutStatusSchema = t.Object({
  status: t.String(),
  pack_name: t.String(),
  credits: t.Number(),
  credited: t.Boolean(),
  balance: t.Number(),
});

export const paymentMethodsSchema = t.Object({
  configured: t.Boolean(),
  methods: t.Array(t.Object({ id: t.String(), brand: t.String(), last4: t.String(), exp: t.String() })),
});

export const portalResponse = t.Object({ url: t.String() });
