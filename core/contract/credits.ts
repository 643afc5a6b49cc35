// Credit usage, balance and ledger rows (spec 02 §3): one schema each, one spelling per field.
import { type Static, t } from "elysia";

export const balanceSchema = t.Object({ credits: t.Number() });

export const usageSchema = t.Object({
  used: t.Number({ description: "Credits held by analysis starts" }),
  refunded: t.Number({ description: "Credits returned on NO_TRADE or failure" }),
  net_used: t.Number({ description: "Credits kept for issued LONG/SHORT signals" }),
  held: t.Number({ description: "Credits held by analyses still running" }),
  credits: t.Number({ description: "Current balance" }),
});

/** One row of GET /api/transactions/ (the credit ledger, newest first). */
export const transactionSchema = t.Object({
  id: t.Number(),
  type: t.String({
    description: "GRANT, PURCHASE, DEDUCTION, REFUND, ADJUSTMENT or REFUND_HOLD (credits held for, or given back from, a money-back request)",
  }),
  amount: t.Number({ description: "Signed: DEDUCTION is negative" }),
  balance_after: t.Number(),
  created_at: t.String(),
  reference: t.Nullable(t.String({ description: "e.g. analysis_request:42" })),
  reference_type: t.Nullable(t.String()),
  reference_id: t.Nullable(t.Number()),
  note: t.Nullable(t.String()),
});

export type CreditBalance = Static<typeof balanceSchema>;
export type CreditUsage = Static<typeof usageSchema>;
export type Transaction = Static<typeof transactionSchema>;
