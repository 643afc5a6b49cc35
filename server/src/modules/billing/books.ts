// A purchase's books: what its refund request, Stripe's refunds and a dispute owe back in credits, and taking it from the
// balance through the ledger as far as unspent credits allow, in the caller's transaction (credits never move alone).
import { applyCreditChange } from "@core/ledger/credits";
import type { Tx } from "@core/infra/db";
import { creditsForCents, PACKS, type PackId } from "@core/ledger/packs";

export type PurchaseRow = {
  id: number;
  user_id: number;
  pack: string;
  status: string;
  amount_cents: number;
  credits: number;
  held_credits: number;
  returned_cents: number;
  claimable_credits: number;
  unrecovered_credits: number;
  frozen_credits: number;
  refund_id: string | null;
};

const packName = (p: Pick<PurchaseRow, "pack">) => PACKS[p.pack as PackId]?.name ?? p.pack;

/**
 * Credits the purchase owes back: all of the pack once disputed; otherwise the live request's hold or the share of the
 * pack Stripe's returned money pays for (a dashboard refund, partial or full), whichever is more.
 */
export function creditsDue(p: Pick<PurchaseRow, "status" | "credits" | "amount_cents" | "held_credits" | "returned_cents">): number {
  if (p.status === "DISPUTED") return p.credits;
  return Math.min(p.credits, Math.max(p.held_credits, creditsForCents({ cents: p.amount_cents, credits: p.credits }, p.returned_cents)));
}

/** Credits taken out for this purchase so far, a dispute's later claims aside (those count in claimable_credits). */
async function removedSoFar(tx: Tx, purchaseId: number): Promise<number> {
  const [row] = await tx<{ removed: number }[]>`
    select coalesce(-sum(amount), 0)::int as removed from credit_ledger
    where reference_id = ${purchaseId}
      and reference_type in ('purchase_refund_hold', 'purchase_refund_release', 'purchase_refund', 'purchase_dispute')`;
  return row.removed;
}

/**
 * Analyses running when money went back (a dispute, a dashboard refund) hold credits that are not spent yet: each
 * one's release is claimed (core/credits). An analysis is claimed for one purchase only. Returns how many of `wanted`
 * credits their releases can cover.
 */
async function registerClaims(tx: Tx, p: PurchaseRow, wanted: number): Promise<number> {
  const rows = await tx`
    insert into purchase_claims (request_id, purchase_id)
    select id, ${p.id} from analysis_requests
    where user_id = ${p.user_id} and status = 'IN_PROGRESS' and credits_status = 'HELD'
    on conflict (request_id) do nothing returning request_id`;
  return Math.min(wanted, rows.length);
}

/**
 * Brings the purchase's removals up to what it owes: the outstanding credits leave the balance now (never below zero);
 * what the balance lacks is claimed from analyses running now as they release it; the rest was spent already.
 * `p` must be the purchase as just updated, locked by the caller.
 */
export async function settleOwed(tx: Tx, p: PurchaseRow, referenceType: "purchase_refund" | "purchase_dispute") {
  const accounted = (await removedSoFar(tx, p.id)) + p.unrecovered_credits + p.claimable_credits;
  const outstanding = creditsDue(p) - accounted;
  if (outstanding <= 0) return { taken: 0, claimable: 0, unrecovered: 0 };
  // The user row after the purchase row: the order every money path locks them in.
  const [u] = await tx<{ credits: number }[]>`select credits from users where id = ${p.user_id} for update`;
  const taken = Math.min(outstanding, u.credits);
  const note = referenceType === "purchase_dispute" ? `Frozen: chargeback of ${packName(p)}` : `Refund of ${packName(p)}`;
  if (taken > 0) await applyCreditChange(tx, { userId: p.user_id, kind: "ADJUSTMENT", amount: -taken, referenceType, referenceId: p.id, note });
  const short = outstanding - taken;
  const claimable = short > 0 ? await registerClaims(tx, p, short) : 0;
  await tx`update purchases set claimable_credits = claimable_credits + ${claimable},
             unrecovered_credits = unrecovered_credits + ${short - claimable} where id = ${p.id}`;
  return { taken, claimable, unrecovered: short - claimable };
}

/** The quoted credits leave the balance at the request (REFUND_HOLD), so nothing spends them while Stripe refunds. */
export async function holdForRefund(tx: Tx, p: PurchaseRow, quote: { credits: number; cents: number }) {
  await applyCreditChange(tx, {
    userId: p.user_id,
    kind: "REFUND_HOLD",
    amount: -quote.credits,
    referenceType: "purchase_refund_hold",
    referenceId: p.id,
    note: `Held for the refund of ${packName(p)}`,
  });
  await tx`update purchases set status = 'REFUND_PENDING', held_credits = ${quote.credits}, refund_credits = ${quote.credits},
             refund_cents = ${quote.cents} where id = ${p.id}`;
}

/**
 * Stripe refused the refund (at once, or later with refund.failed): the hold goes back and the pack is refundable
 * again. Only a request still pending is released: once refunded or disputed, the held credits stay removed.
 */
export async function releaseHold(tx: Tx, purchaseId: number, refundId: string | null): Promise<boolean> {
  const [p] = await tx<PurchaseRow[]>`
    select * from purchases where id = ${purchaseId} and status = 'REFUND_PENDING' and held_credits > 0
      and (refund_id is null or refund_id = ${refundId}) for update`;
  if (!p) return false;
  await applyCreditChange(tx, {
    userId: p.user_id,
    kind: "REFUND_HOLD",
    amount: p.held_credits,
    referenceType: "purchase_refund_release",
    referenceId: p.id,
    note: `Refund of ${packName(p)} refused by the payment provider: credits back`,
  });
  await tx`update purchases set status = 'PAID', held_credits = 0, refund_credits = null, refund_cents = null, refund_id = null
           where id = ${p.id}`;
  return true;
}
