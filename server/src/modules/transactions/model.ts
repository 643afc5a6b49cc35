// Response shape of the transactions module: one credit ledger row.
import { t } from "elysia";

export const transactionSchema = t.Object({
  id: t.Number(),
  type: t.String({ description: "GRANT, PURCHASE, DEDUCTION, REFUND or ADJUSTMENT" }),
  amount: t.Number({ description: "Signed: DEDUCTION is negative" }),
  balance_after: t.Number(),
  created_at: t.String(),
  reference: t.Nullable(t.String({ description: "e.g. analysis_request:42" })),
  reference_type: t.Nullable(t.String()),
  reference_id: t.Nullable(t.Number()),
  note: t.Nullable(t.String()),
});

export const transactionsQuery = t.Object({ limit: t.Optional(t.String({ description: "1..1000, default 100" })) });
