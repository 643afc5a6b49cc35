// Verified Stripe events → purchases and the ledger: each event once (stripe_events), each purchase credited once and
// its removals brought up to what it owes (books.ts), whatever order or how often Stripe delivers them.
import type Stripe from "stripe";
import { applyCreditChange } from "@core/ledger/credits";
import { noteUserChanged } from "@core/infra/user-version";
import type { Tx } from "@core/infra/db";
import { isPackId, PACKS } from "@core/ledger/packs";
import type { ServerDeps } from "../../deps";
import { type PurchaseRow, releaseHold, settleOwed } from "./books";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;
/** What a handled event leaves for after the commit (a mail, the receipt link): never inside the transaction. */
export type AfterCommit = {
  fulfilled?: { purchaseId: number; userId: number; paymentIntent: string | null };
  /** Money went back to the trader's card: `cents` newly returned, and the books as this transaction left them (the refund mail). */
  refunded?: { purchaseId: number; cents: number; facts: RefundFacts };
};

/** A refunded purchase as its transaction leaves it: read then, so a mail sent later is not overtaken by the next refund. */
export type RefundFacts = {
  pack: string;
  amount_cents: number;
  returned_cents: number;
  currency: string;
  email: string;
  balance: number;
  removed: number;
};

async function refundFacts(tx: Tx, purchaseId: number): Promise<RefundFacts> {
  const [f] = await tx<RefundFacts[]>`
    select p.pack, p.amount_cents, p.returned_cents, p.currency, u.email, u.credits as balance,
           (select coalesce(-sum(l.amount), 0)::int from credit_ledger l where l.reference_id = p.id
             and l.reference_type in ('purchase_refund_hold', 'purchase_refund_release', 'purchase_refund')) as removed
    from purchases p join users u on u.id = p.user_id where p.id = ${purchaseId}`;
  return f;
}

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
        return chargeRefunded(deps, tx, event.data.object, event);
      case "charge.dispute.created":
        await disputeCreated(deps, tx, event.data.object, event);
        return {};
      case "refund.failed":
        await refundFailed(deps, tx, event.data.object);
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
  const [{ payment_intent_id: known }] = await tx`select payment_intent_id from purchases where id = ${p.id}`;
  const refunded = known ? await applyKeptEvents(deps, tx, known as string) : undefined;
  deps.log.info("purchase fulfilled", { purchase_id: Number(p.id), user_id: Number(p.user_id), credits: p.credits });
  return { fulfilled: { purchaseId: Number(p.id), userId: Number(p.user_id), paymentIntent }, refunded };
}

/** An async payment that failed, or a session that expired unpaid: no credits, the row says why. */
async function sessionEnded(tx: Tx, s: Stripe.Checkout.Session, status: "FAILED" | "EXPIRED") {
  await tx`update purchases set status = ${status} where session_id = ${s.id} and status = 'PENDING'`;
}

/** A purchase row by its payment intent, locked: the lock every event on one payment queues behind. */
async function purchaseOfIntent(tx: Tx, paymentIntent: string | null): Promise<PurchaseRow | null> {
  if (!paymentIntent) return null;
  const [p] = await tx<PurchaseRow[]>`select * from purchases where payment_intent_id = ${paymentIntent} for update`;
  return p ?? null;
}

/**
 * A refund or dispute for a payment the books do not know as paid yet (Stripe promises no order): kept, and applied
 * by the completion that marks it paid. Returns true when the event was kept.
 */
async function keptForLater(tx: Tx, event: Stripe.Event, paymentIntent: string | null, p: PurchaseRow | null): Promise<boolean> {
  if (!paymentIntent || (p && p.status !== "PENDING")) return false;
  await tx`insert into stripe_early_events (event_id, payment_intent_id, type, object)
           values (${event.id}, ${paymentIntent}, ${event.type}, ${JSON.stringify(event.data.object)}::text::jsonb)
           on conflict (event_id) do nothing`;
  return true;
}

/**
 * The events kept for this payment, applied in arrival order once it is paid (sessionSettled's transaction); the money
 * they returned, for the refund mail.
 */
async function applyKeptEvents(deps: Deps, tx: Tx, paymentIntent: string): Promise<AfterCommit["refunded"]> {
  let refunded: AfterCommit["refunded"];
  const kept = await tx<{ event_id: string; type: string; object: Stripe.Charge & Stripe.Dispute }[]>`
    select event_id, type, object from stripe_early_events
    where payment_intent_id = ${paymentIntent} and applied_at is null order by received_at, event_id for update`;
  if (kept.length) await tx`update stripe_early_events set applied_at = now() where event_id in ${tx(kept.map((e) => e.event_id))}`;
  for (const e of kept) {
    deps.log.info("applying a Stripe event that came before the payment", { event: e.event_id, type: e.type });
    if (e.type === "charge.refunded") {
      const back = (await chargeRefunded(deps, tx, e.object)).refunded;
      if (back) refunded = { ...back, cents: (refunded?.cents ?? 0) + back.cents };
    } else if (e.type === "charge.dispute.created") await disputeCreated(deps, tx, e.object);
  }
  return refunded;
}

/**
 * Money went back (the app's own refund, or one made in Stripe's dashboard, partial or full, repeated): the books take
 * Stripe's amount_refunded (the largest seen: events may come out of order) and remove the credits it pays for.
 */
async function chargeRefunded(deps: Deps, tx: Tx, charge: Stripe.Charge, event?: Stripe.Event): Promise<AfterCommit> {
  const paymentIntent = idOf(charge.payment_intent);
  const p = await purchaseOfIntent(tx, paymentIntent);
  if (event && (await keptForLater(tx, event, paymentIntent, p))) {
    deps.log.warn("charge.refunded before the payment was recorded: kept until it is", { payment_intent: paymentIntent });
    return {};
  }
  if (!p || !["PAID", "REFUND_PENDING", "REFUNDED", "DISPUTED"].includes(p.status)) {
    deps.log.warn("charge.refunded for no refundable purchase", { payment_intent: paymentIntent, status: p?.status });
    return {};
  }
  const returned = Math.max(p.returned_cents, charge.amount_refunded);
  const status = p.status === "DISPUTED" ? "DISPUTED" : "REFUNDED";
  const [updated] = await tx<PurchaseRow[]>`
    update purchases set status = ${status}, returned_cents = ${returned}, refund_cents = ${returned},
           refunded_at = coalesce(refunded_at, now()), charge_id = coalesce(charge_id, ${charge.id})
    where id = ${p.id} returning *`;
  const settled = await settleOwed(tx, updated, "purchase_refund");
  // The purchase's status changed even when no credit moves (the request already held them): the trader's tabs hear it.
  await noteUserChanged(tx, p.user_id, `purchase-${p.id}-refunded-${returned}`);
  deps.log.info("purchase refunded", { purchase_id: p.id, cents: returned, ...settled });
  // Only money newly returned is news: an event repeating an amount already seen (out of order, resent) mails nothing.
  if (returned <= p.returned_cents) return {};
  return { refunded: { purchaseId: p.id, cents: returned - p.returned_cents, facts: await refundFacts(tx, p.id) } };
}

/**
 * A chargeback: every credit of the pack still unspent leaves. What the balance holds is frozen now; what analyses
 * running at the dispute hold is claimed as they release it; the rest was spent before the dispute.
 */
async function disputeCreated(deps: Deps, tx: Tx, dispute: Stripe.Dispute, event?: Stripe.Event) {
  const paymentIntent = idOf(dispute.payment_intent);
  const p = await purchaseOfIntent(tx, paymentIntent);
  if (event && (await keptForLater(tx, event, paymentIntent, p))) {
    deps.log.warn("charge.dispute.created before the payment was recorded: kept until it is", { payment_intent: paymentIntent });
    return;
  }
  if (!p || !["PAID", "REFUND_PENDING", "REFUNDED"].includes(p.status)) {
    deps.log.warn("charge.dispute.created for no open purchase", { payment_intent: paymentIntent, status: p?.status });
    return;
  }
  const [updated] = await tx<PurchaseRow[]>`
    update purchases set status = 'DISPUTED', disputed_at = now() where id = ${p.id} returning *`;
  const settled = await settleOwed(tx, updated, "purchase_dispute");
  await tx`update purchases set frozen_credits = frozen_credits + ${settled.taken} where id = ${p.id}`;
  await noteUserChanged(tx, p.user_id, `purchase-${p.id}-disputed`);
  deps.log.warn("purchase disputed: unspent credits frozen", { purchase_id: p.id, user_id: p.user_id, dispute: dispute.id, ...settled });
}

/** Stripe could not send the money after all: the request's held credits go back (books.ts releaseHold). */
async function refundFailed(deps: Deps, tx: Tx, refund: Stripe.Refund) {
  const p = await purchaseOfIntent(tx, idOf(refund.payment_intent));
  if (p && (await releaseHold(tx, p.id, refund.id))) deps.log.warn("refund failed at Stripe: held credits returned", { purchase_id: p.id });
}
