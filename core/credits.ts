// Credit ledger rule shared by server and engine: a balance change and its ledger row happen together or not at all.
import type { Tx } from "./db";

export type LedgerKind = "GRANT" | "PURCHASE" | "DEDUCTION" | "REFUND" | "ADJUSTMENT";

export type LedgerEntry = {
  userId: number;
  kind: LedgerKind;
  amount: number; // signed: DEDUCTION is negative
  referenceType?: string;
  referenceId?: number;
  note?: string;
};

/**
 * Apply a signed credit change inside the caller's transaction. The update is conditional, so a debit
 * that would take the balance below 0 changes nothing and returns null (the caller answers 402).
 */
export async function applyCreditChange(tx: Tx, entry: LedgerEntry): Promise<{ balance: number } | null> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new Error("credit change must be a non-zero integer");
  const [row] = await tx`
    update users set credits = credits + ${entry.amount}, updated_at = now()
    where id = ${entry.userId} and credits + ${entry.amount} >= 0
    returning credits`;
  if (!row) return null;
  await tx`
    insert into credit_ledger (user_id, kind, amount, balance_after, reference_type, reference_id, note)
    values (${entry.userId}, ${entry.kind}, ${entry.amount}, ${row.credits}, ${entry.referenceType ?? null},
            ${entry.referenceId ?? null}, ${entry.note ?? null})`;
  return { balance: row.credits as number };
}
