// Verified Stripe events → purchases and the ledger: each event once (stripe_events), each purchase credited, refunded
// and frozen at most once (unique ledger references), whatever order or how often Stripe delivers them.
import type Stripe from "stripe";
import { applyCreditChange } from "@core/credits";
import type { Tx } from "@core/db";
import { isPackId, PACKS } from "@core/packs";
import type { ServerDeps } from "../../deps";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;
/** What a handled event leaves for after the commit (a mail, the receipt link): never inside the transaction. */
export type AfterCommit = { fulfilled?: { purchaseId: number; userId: number; paymentIntent: string | null } };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** Claims the event id inside the transaction: false when it was applied before (the replay changes nothing). */
async function firstDelivery(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const rows = await tx`insert into stripe_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing returning id`;
  return rows.length === 1;
}

/** Applies one verified event in one transaction. Unknown types are recorded and ignored. */
export async function applyEvent(deps: Deps, event: Stripe.Event): Promise<AfterCommit> {
  return deps.sql.begin(async (tx) => {
    if (!(await firstDelivery(tx, event))) return {};
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return sessionSettled(deps, tx, event.data.object);
      case "checkout.session.async_payment_failed":
        await sessionEnded(tx, event.data.object, "FAILED");
        return {};
      case "checkout.session.expired":
        await sessionEnded(tx, event.data.object, "EXPIRED");
        return {};
      case "charge.refunded":
        await chargeRefunded(deps, tx, event.data.object);
        return {};
      case "charge.dispute.created":
        await disputeCreated(deps, tx, event.data.object);
        return {};
      default:
        return {};
    }
  });
}

/** The purchase row of a session, made from the session's own metadata if the checkout call's insert is not there yet. */
async function purchaseOfSession(deps: Deps, tx: Tx, s: Stripe.Checkout.Session) {
  const pack = isPackId(s.metadata?.pack) ? PACKS[s.metadata.pack] : null;
  const userId = Number(s.metadata?.user_id);
  if (!pack || !Number.isSafeInteger(userId) || s.client_reference_id !== String(userId)) {
    deps.log.error("stripe session without a valid pack or user", { session_id: s.id });
    return null;
  }
  // The amount charged before tax must be the pack's price: a session made elsewhere never credits.
  if (s.amount_subtotal !== pack.cents || s.currency !== pack.currency) {
    deps.log.error("stripe session amount differs from the pack", { session_id: s.id, amount: s.amount_subtotal, currency: s.currency });
    return null;
  }
  await tx`
    insert into purchases (user_id, pack, amount_cents, currency, credits, session_id)
    select ${userId}, ${pack.id}, ${pack.cents}, ${pack.currency}, ${pack.credits}, ${s.id}
    where exists (select 1 from users where id = ${userId})
    on conflict (session_id) do nothing`;
  const [row] = await tx`select * from purchases where session_id = ${s.id} for update`;
  return row ?? null;
}

/** Completed (paid now, or an async method still on its way) or async-succeeded: credit the pack once when paid. */
async function sessionSettled(deps: Deps, tx: Tx, s: Stripe.Checkout.Session): Promise<AfterCommit> {
  const p = await purchaseOfSession(deps, tx, s);
  if (!p) return {};
  const paymentIntent = idOf(s.payment_intent);
  if (paymentIntent) await tx`update purchases set payment_intent_id = coalesce(payment_intent_id, ${paymentIntent}) where id = ${p.id}`;
  // Only a PENDING purchase is credited: a replayed completion after a refund, dispute or failure changes nothing.
  if (s.payment_status !== "paid" || p.status !== "PENDING") return {};
  const credited = await applyCreditChange(tx, {
    userId: Number(p.user_id),
    kind: "PURCHASE",
    amount: p.credits,
    referenceType: "purchase",
    referenceId: Number(p.id),
    note: `${PACKS[p.pack as keyof typeof PACKS]?.name ?? p.pack} (${s.id})`,
  });
  if (!credited) return {};
  await tx`update purchases set status = 'PAID', paid_at = now() where id = ${p.id}`;
  deps.log.info("purchase fulfilled", { purchase_id: Number(p.id), user_id: Number(p.user_id), credits: p.credits });
  return { fulfilled: { purchaseId: Number(p.id), userId: Number(p.user_id), paymentIntent } };
}

/** An async payment that failed, or a session that expired unpaid: no credits, the row says why. */
async function sessionEnded(tx: Tx, s: Stripe.Checkout.Session, status: "FAILED" | "EXPIRED") {
  await tx`update purchases set status = ${status} where session_id = ${s.id} and status = 'PENDING'`;
}

/** Removes up to `wanted` of a purchase's credits through the ledger, never below a zero balance; returns how many left. */
async function takeCredits(tx: Tx, p: Record<string, unknown>, wanted: number, referenceType: string, note: string): Promise<number> {
  const [u] = await tx`select credits from users where id = ${p.user_id as number} for update`;
  const taken = Math.min(wanted, u.credits as number);
  if (taken > 0)
    await applyCreditChange(tx, { userId: Number(p.user_id), kind: "ADJUSTMENT", amount: -taken, referenceType, referenceId: Number(p.id), note });
  return taken;
}

/**
 * The money went back: the refunded credits leave through the ledger (the quote of the request, or the refunded share
 * of the pack for a refund made in Stripe's dashboard), capped by the balance so it never goes below zero.
 */
async function chargeRefunded(deps: Deps, tx: Tx, charge: Stripe.Charge) {
  const paymentIntent = idOf(charge.payment_intent);
  const [p] = paymentIntent ? await tx`select * from purchases where payment_intent_id = ${paymentIntent} for update` : [];
  if (!p || !["PAID", "REFUND_PENDING", "DISPUTED"].includes(p.status)) {
    deps.log.warn("charge.refunded for no refundable purchase", { payment_intent: paymentIntent, status: p?.status });
    return;
  }
  let removed = 0;
  // A disputed pack's unused credits were frozen (taken out) already: the refund removes nothing more.
  if (p.status !== "DISPUTED") {
    const wanted = p.refund_credits ?? Math.ceil((p.credits * charge.amount_refunded) / p.amount_cents);
    removed = await takeCredits(tx, p, wanted, "purchase_refund", `Refund of ${PACKS[p.pack as keyof typeof PACKS]?.name ?? p.pack}`);
  }
  await tx`update purchases set status = 'REFUNDED', refunded_at = now(), refund_cents = ${charge.amount_refunded},
             refund_credits = ${p.status === "DISPUTED" ? p.frozen_credits : removed}, charge_id = coalesce(charge_id, ${charge.id})
           where id = ${p.id}`;
  deps.log.info("purchase refunded", { purchase_id: Number(p.id), credits_removed: removed, cents: charge.amount_refunded });
}

/** A chargeback: the pack's unused credits are frozen (removed through the ledger) and the case is logged for the operator. */
async function disputeCreated(deps: Deps, tx: Tx, dispute: Stripe.Dispute) {
  const paymentIntent = idOf(dispute.payment_intent);
  const [p] = paymentIntent ? await tx`select * from purchases where payment_intent_id = ${paymentIntent} for update` : [];
  if (!p || !["PAID", "REFUND_PENDING"].includes(p.status)) {
    deps.log.warn("charge.dispute.created for no open purchase", { payment_intent: paymentIntent, status: p?.status });
    return;
  }
  const frozen = await takeCredits(tx, p, p.credits as number, "purchase_dispute", `Frozen: chargeback ${dispute.id}`);
  await tx`update purchases set status = 'DISPUTED', disputed_at = now(), frozen_credits = ${frozen} where id = ${p.id}`;
  deps.log.warn("purchase disputed: unused credits frozen", { purchase_id: Number(p.id), user_id: Number(p.user_id), dispute: dispute.id, frozen });
}
