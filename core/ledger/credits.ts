// Credit ledger rule shared by server and engine: a balance change and its ledger row happen together or not at all.
import { credits } from "../infra/metrics";
import type { Sql, Tx } from "../infra/db";
import { noteUserChanged } from "../infra/user-version";

export type LedgerKind = "GRANT" | "PURCHASE" | "DEDUCTION" | "REFUND" | "ADJUSTMENT" | "REFUND_HOLD";

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
 * that would take the balance below 0 changes nothing and returns null (the caller answers 402). The change is
 * announced from here (noted in the transaction, announced on commit; see core/user-version), so no caller, the admin CLI and
 * scripts included, can forget to drop the user's version.
 */
export async function applyCreditChange(tx: Tx, entry: LedgerEntry): Promise<{ balance: number } | null> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new Error("credit change must be a non-zero integer");
  const [row] = await tx`
    update users set credits = credits + ${entry.amount}, updated_at = now()
    where id = ${entry.userId} and credits + ${entry.amount} >= 0
    returning credits`;
  if (!row) return null;
  const [ledger] = await tx`
    insert into credit_ledger (user_id, kind, amount, balance_after, reference_type, reference_id, note)
    values (${entry.userId}, ${entry.kind}, ${entry.amount}, ${row.credits}, ${entry.referenceType ?? null},
            ${entry.referenceId ?? null}, ${entry.note ?? null})
    returning id`;
  await noteUserChanged(tx, entry.userId, `ledger-${ledger.id}`);
  // Counted when applied: a transaction that rolls back afterwards (rare: the caller's later statement failing) overcounts by one.
  if (entry.kind === "DEDUCTION") credits.inc({ movement: "held" }, -entry.amount);
  if (entry.kind === "REFUND") credits.inc({ movement: "refunded" }, entry.amount);
  if (entry.kind === "REFUND" && entry.referenceType === "analysis_request" && entry.referenceId !== undefined) {
    const claimed = await claimForDispute(tx, entry.userId, entry.referenceId);
    if (claimed) return claimed;
  }
  return { balance: row.credits as number };
}

/**
 * A credit released by an analysis that was running when its trader's purchase was disputed or refunded outside the app
 * goes to that purchase, in the release's own transaction (whoever releases it: the engine, its sweeper, a script), while
 * the purchase still has credits to claim. The user row is already locked by the release, as the purchase's events lock it.
 */
async function claimForDispute(tx: Tx, userId: number, requestId: number): Promise<{ balance: number } | null> {
  const [claim] = await tx<{ purchase_id: number }[]>`
    update purchase_claims c set claimed_at = now()
    where c.request_id = ${requestId} and c.claimed_at is null
      and (select p.claimable_credits from purchases p where p.id = c.purchase_id) >
          (select count(*) from purchase_claims o where o.purchase_id = c.purchase_id and o.claimed_at is not null)
    returning purchase_id`;
  if (!claim) return null;
  return applyCreditChange(tx, {
    userId,
    kind: "ADJUSTMENT",
    amount: -1,
    referenceType: "purchase_claim",
    referenceId: Number(claim.purchase_id),
    note: `Owed back to purchase ${claim.purchase_id} (credit released by analysis ${requestId})`,
  });
}

export type LedgerTotals = {
  granted: number;
  purchased: number;
  used: number;
  refunded: number;
  adjusted: number;
  used_since: number;
  refunded_since: number;
};

/**
 * A user's ledger summed by kind, in one pass: credits used (held by starts) and refunded are positive counts; a
 * money-back hold and its release count as adjustments, so the totals still sum to the balance.
 * `since` adds the used and refunded totals from that moment on (the dashboard's "today"). The statement alone
 * (`ledgerTotalsQuery`) lets a polled answer read the totals beside its own counts in one round trip (totalsOf).
 */
export const ledgerTotalsQuery = (db: Sql | Tx, userId: number, since: Date = new Date(0)) => db<LedgerTotals[]>`
    select coalesce(sum(amount) filter (where kind = 'GRANT'), 0)::int as granted,
           coalesce(sum(amount) filter (where kind = 'PURCHASE'), 0)::int as purchased,
           coalesce(sum(-amount) filter (where kind = 'DEDUCTION'), 0)::int as used,
           coalesce(sum(amount) filter (where kind = 'REFUND'), 0)::int as refunded,
           coalesce(sum(amount) filter (where kind in ('ADJUSTMENT', 'REFUND_HOLD')), 0)::int as adjusted,
           coalesce(sum(-amount) filter (where kind = 'DEDUCTION' and created_at >= ${since}), 0)::int as used_since,
           coalesce(sum(amount) filter (where kind = 'REFUND' and created_at >= ${since}), 0)::int as refunded_since
    from credit_ledger where user_id = ${userId}`;

export async function ledgerTotals(db: Sql | Tx, userId: number, since: Date = new Date(0)): Promise<LedgerTotals> {
  const [row] = await ledgerTotalsQuery(db, userId, since);
  return row;
}

/** The totals as one JSON column of a larger statement: `select …, ${totalsOf(ledgerTotalsQuery(…))} as ledger`. */
export const totalsOf = (db: Sql | Tx, query: ReturnType<typeof ledgerTotalsQuery>) => db`(select row_to_json(l) from (${query}) l)`;
