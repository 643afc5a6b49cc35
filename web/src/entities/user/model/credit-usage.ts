// The Credit usage entity (spec 02 §3) as the credit cards read it: the usage answer in either spelling, or the ledger's sums.
import type { CreditUsage, Transaction } from "@core/contract/credits";

export type CreditTotals = { used: number; refunded: number };

/** The usage answer: the contract spells used and refunded; spec 02 §3 also names spent and returns. */
export type UsageAnswer = Partial<Pick<CreditUsage, "used" | "refunded">> & { spent?: number; returns?: number };

/** Either spelling of each total; null when the answer has neither, which counts as a failed call (the ledger is read). */
export function usageTotals(answer: UsageAnswer | null): CreditTotals | null {
  const used = answer?.spent ?? answer?.used ?? null;
  const refunded = answer?.refunded ?? answer?.returns ?? null;
  if (used === null && refunded === null) return null;
  return { used: used ?? 0, refunded: refunded ?? 0 };
}

/** Spec 02 §3's fallback: DEDUCTION and REFUND amounts summed. Sizes only, since this server signs a DEDUCTION negative. */
export function transactionTotals(rows: readonly Pick<Transaction, "type" | "amount">[]): CreditTotals {
  let used = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.type === "DEDUCTION") used += Math.abs(row.amount);
    else if (row.type === "REFUND") refunded += Math.abs(row.amount);
  }
  return { used, refunded };
}

/** The usage call's totals; the ledger's only when that call failed (or answered with neither total). */
export const pickCreditTotals = (
  usageFailed: boolean,
  usage: CreditTotals | null | undefined,
  ledger: CreditTotals | undefined,
): CreditTotals | null => (usageFailed ? ledger : usage) ?? null;
