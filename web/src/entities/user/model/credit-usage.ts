// The Credit usage entity (spec 02 §3) as the credit cards read it: the usage answer (api/decode-user), or the ledger's sums.
import type { Transaction } from "@core/contract/credits";

/**
 * `used`: credits that bought a signal, as the stats' today count and series count them (issue 33 §7): a credit held
 * and returned (No Trade, failure) was not used. `refunded`: the credits returned.
 */
export type CreditTotals = { used: number; refunded: number };

/**
 * Spec 02 §3's fallback: DEDUCTION and REFUND amounts summed (sizes only, since this server signs a DEDUCTION
 * negative); used is what was held less what came back, so a credit still held by a running analysis counts until it returns.
 */
export function transactionTotals(rows: readonly Pick<Transaction, "type" | "amount">[]): CreditTotals {
  let held = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.type === "DEDUCTION") held += Math.abs(row.amount);
    else if (row.type === "REFUND") refunded += Math.abs(row.amount);
  }
  return { used: Math.max(0, held - refunded), refunded };
}

/** The usage call's totals; the ledger's only when that call failed (or answered with neither total). */
export const pickCreditTotals = (
  usageFailed: boolean,
  usage: CreditTotals | null | undefined,
  ledger: CreditTotals | undefined,
): CreditTotals | null => (usageFailed ? ledger : usage) ?? null;
