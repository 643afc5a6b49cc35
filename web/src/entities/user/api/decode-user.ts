// The decoders of the user's own answers: the profile in either spelling (snake or camel case), the sizer's preferences,
// and the credit balance, usage and ledger (spec 02 §3), each folded into the one shape its screens read.
import type { Transaction } from "@core/contract/credits";
import { isObj, list, num, str, unwrap } from "@web/lib/decode";
import type { CreditTotals } from "../model/credit-usage";

export type UserProfile = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: string | null;
  credits: number | null;
};

export function decodeProfile(raw: unknown): UserProfile | null {
  const d = unwrap(raw);
  if (!isObj(d)) return null;
  return {
    firstName: str(d, "first_name", "firstName"),
    lastName: str(d, "last_name", "lastName"),
    email: str(d, "email"),
    createdAt: str(d, "createdAt", "created_at"),
    credits: num(d, "credits"),
  };
}

export type Preferences = { accountSize: number | null; riskPercent: number | null };

export const decodePreferences = (raw: unknown): Preferences => {
  const o = isObj(raw) ? raw : {};
  return { accountSize: num(o, "account_size"), riskPercent: num(o, "risk_percent") };
};

/** GET /api/credits/balance: the balance, or null when the answer has none. */
export const decodeCredits = (raw: unknown): number | null => (isObj(raw) ? num(raw, "credits") : null);

/**
 * GET /api/credits/usage: the contract spells used and refunded, and net_used, what was kept for signals (issue 33 §7);
 * spec 02 §3 also names spent and returns. Used is net_used, else what was held less what came back. Null when the
 * answer has no total at all, which counts as a failed call (the ledger's sums stand in).
 */
export function decodeCreditUsage(raw: unknown): CreditTotals | null {
  const o = unwrap(raw);
  if (!isObj(o)) return null;
  const [held, refunded, net] = [num(o, "spent", "used"), num(o, "refunded", "returns"), num(o, "net_used")];
  if (held === null && refunded === null && net === null) return null;
  return { used: net ?? Math.max(0, (held ?? 0) - (refunded ?? 0)), refunded: refunded ?? 0 };
}

/** GET /api/transactions/: the ledger's rows (a bare array or an envelope); a row without an id, type or amount is skipped. */
export const decodeTransactions = (raw: unknown): Transaction[] =>
  list(raw, "transactions").flatMap((r) => {
    const [id, type, amount] = [num(r, "id"), str(r, "type"), num(r, "amount")];
    if (id === null || type === null || amount === null) return [];
    return [
      {
        id,
        type,
        amount,
        balance_after: num(r, "balance_after") ?? 0,
        created_at: str(r, "created_at") ?? "",
        reference: str(r, "reference"),
        reference_type: str(r, "reference_type"),
        reference_id: num(r, "reference_id"),
        note: str(r, "note"),
      },
    ];
  });
