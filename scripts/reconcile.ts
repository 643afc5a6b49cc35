// `bun run admin -- reconcile`: the credit books balance. Balances equal their ledgers; each analysis is settled exactly
// once; each paid purchase credited once; each refund request's credits held; each refund, dashboard refund and
// chargeback removed what it owes; with Stripe, the books agree with Stripe's own state.
import type Stripe from "stripe";
import type { Sql } from "@core/infra/db";
import { creditsForCents } from "@core/ledger/packs";

export type Finding = { kind: string; detail: string };

/** A payment Stripe has taken must be credited by then (webhooks arrive within seconds; retries cover minutes). */
export const FULFIL_WITHIN_MS = 5 * 60_000;
/** Purchases held to Stripe's state: paid within a card dispute's window (120 days), newest first, at most this many calls. */
const STRIPE_BOOKS_DAYS = 120;
const STRIPE_BOOKS_LIMIT = 500;

/**
 * Everything wrong with the books, or an empty list. `maxHeldMs` is the analysis time-out (held credits older are stuck).
 * With `stripe`, purchases still PENDING after 5 minutes are asked of Stripe (a paid one was never fulfilled), and recent
 * paid ones too (money returned or a dispute the books never applied).
 */
export async function reconcile(sql: Sql, maxHeldMs: number, opts: { stripe?: Stripe | null } = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  const balances = await sql<{ id: number; credits: number; ledger: number }[]>`
    select u.id, u.credits, coalesce(sum(l.amount), 0)::int as ledger
    from users u left join credit_ledger l on l.user_id = u.id
    group by u.id having u.credits <> coalesce(sum(l.amount), 0) or u.credits < 0`;
  for (const b of balances) findings.push({ kind: "balance", detail: `user ${b.id}: balance ${b.credits} but ledger sums to ${b.ledger}` });
  const analyses = await sql<{ id: number; status: string; credits_status: string; deductions: number; refunds: number; held_ms: number }[]>`
    select r.id, r.status, r.credits_status,
           count(*) filter (where l.kind = 'DEDUCTION')::int as deductions,
           count(*) filter (where l.kind = 'REFUND')::int as refunds,
           (extract(epoch from now() - r.created_at) * 1000)::float8 as held_ms
    from analysis_requests r
    left join credit_ledger l on l.reference_type = 'analysis_request' and l.reference_id = r.id
    group by r.id`;
  for (const a of analyses) {
    const problems: string[] = [];
    if (a.deductions !== 1) problems.push(`${a.deductions} deductions`);
    if (a.credits_status === "RELEASED" && a.refunds !== 1) problems.push(`RELEASED with ${a.refunds} refunds`);
    if (a.credits_status !== "RELEASED" && a.refunds !== 0) problems.push(`${a.credits_status} with ${a.refunds} refunds`);
    if (a.status !== "IN_PROGRESS" && a.credits_status === "HELD") problems.push(`${a.status} but its credit is still HELD`);
    if (a.status === "IN_PROGRESS" && a.credits_status !== "HELD") problems.push(`IN_PROGRESS but ${a.credits_status}`);
    if (a.credits_status === "HELD" && a.held_ms > maxHeldMs)
      problems.push(`credit HELD for ${Math.round(a.held_ms / 1000)} s, past the ${Math.round(maxHeldMs / 1000)} s time-out`);
    if (problems.length) findings.push({ kind: "analysis", detail: `analysis ${a.id}: ${problems.join("; ")}` });
  }
  findings.push(...(await purchaseFindings(sql)));
  if (opts.stripe) findings.push(...(await unfulfilledAtStripe(sql, opts.stripe)), ...(await booksAtStripe(sql, opts.stripe)));
  return findings;
}

type PurchaseBooks = {
  id: number;
  status: string;
  credits: number;
  amount_cents: number;
  held_credits: number;
  returned_cents: number;
  claimable_credits: number;
  unrecovered_credits: number;
  paid_ms: number | null;
  purchases: number;
  purchased: number;
  held: number;
  removed: number;
  claimed: number;
  claims_released: number;
  kept_events: number;
};

/**
 * Each purchase against its ledger rows. The books per purchase: cents paid and returned, credits granted and removed.
 * Rows: one PURCHASE of its credits once paid; a live refund request's hold; removals that cover what it owes.
 */
async function purchaseFindings(sql: Sql): Promise<Finding[]> {
  const rows = await sql<PurchaseBooks[]>`
    select p.id, p.status, p.credits, p.amount_cents, p.held_credits, p.returned_cents, p.claimable_credits, p.unrecovered_credits,
           (extract(epoch from now() - p.paid_at) * 1000)::float8 as paid_ms,
           count(l.id) filter (where l.reference_type = 'purchase')::int as purchases,
           coalesce(sum(l.amount) filter (where l.reference_type = 'purchase'), 0)::int as purchased,
           coalesce(-sum(l.amount) filter (where l.reference_type in ('purchase_refund_hold', 'purchase_refund_release')), 0)::int as held,
           coalesce(-sum(l.amount) filter (where l.reference_type in
             ('purchase_refund_hold', 'purchase_refund_release', 'purchase_refund', 'purchase_dispute')), 0)::int as removed,
           coalesce(-sum(l.amount) filter (where l.reference_type = 'purchase_claim'), 0)::int as claimed,
           (select count(*) from purchase_claims c join analysis_requests r on r.id = c.request_id
             where c.purchase_id = p.id and r.credits_status = 'RELEASED')::int as claims_released,
           (select count(*) from stripe_early_events e where e.payment_intent_id = p.payment_intent_id and e.applied_at is null
             and p.status <> 'PENDING')::int as kept_events
    from purchases p
    left join credit_ledger l on l.reference_id = p.id and l.reference_type like 'purchase%'
    group by p.id`;
  const findings: Finding[] = [];
  for (const p of rows) {
    const problems = purchaseProblems(p);
    if (problems.length) findings.push({ kind: "purchase", detail: `purchase ${p.id}: ${problems.join("; ")}` });
  }
  return findings;
}

/** What one purchase's books get wrong; the rule of what a purchase owes is the money-back rule of core/packs. */
export function purchaseProblems(p: PurchaseBooks): string[] {
  const problems: string[] = [];
  const paid = p.paid_ms !== null;
  if (paid && p.purchases !== 1) problems.push(`paid with ${p.purchases} PURCHASE rows`);
  if (paid && p.purchases === 1 && p.purchased !== p.credits) problems.push(`credited ${p.purchased} of ${p.credits}`);
  if (!paid && p.purchases !== 0) problems.push(`${p.status} but credited`);
  if (p.held !== p.held_credits) problems.push(`the refund request holds ${p.held_credits} credits, the ledger ${p.held}`);
  const disputed = p.status === "DISPUTED";
  // Owed: all of a disputed pack; else the request's hold or the share Stripe's returned money pays for, the larger.
  const refundDue = Math.max(p.held_credits, creditsForCents({ cents: p.amount_cents, credits: p.credits }, p.returned_cents));
  const due = disputed ? p.credits : Math.min(p.credits, refundDue);
  const accounted = p.removed + p.unrecovered_credits + p.claimable_credits;
  if (accounted !== due) {
    const what = disputed ? `DISPUTED: all ${due} credits due` : `${p.returned_cents} of ${p.amount_cents} cents returned: ${due} credits due`;
    const claims = p.claimable_credits ? `, ${p.claimable_credits} to claim from running analyses` : "";
    problems.push(`${what}, ${p.removed} removed${claims}, ${p.unrecovered_credits} recorded as already spent`);
  }
  if (p.removed + p.claimed > p.credits) problems.push(`${p.removed + p.claimed} credits removed of the ${p.credits} granted`);
  // Every analysis running at the dispute that released its credit gave it to the dispute, up to what it could claim.
  const claimDue = Math.min(p.claimable_credits, p.claims_released);
  if (p.claimed !== claimDue)
    problems.push(`${p.claims_released} analyses running when money went back released their credit: ${p.claimed} claimed, expected ${claimDue}`);
  if (p.kept_events > 0) problems.push(`${p.kept_events} Stripe event(s) that came before the payment never applied`);
  return problems;
}

/**
 * Each recent purchase held to Stripe's own state (Stripe's advice: events are hints, the object is the truth): the
 * money returned and whether the charge is disputed. A refund or dispute the books never applied shows here.
 */
async function booksAtStripe(sql: Sql, stripe: Stripe): Promise<Finding[]> {
  const recent = await sql<{ id: number; status: string; payment_intent_id: string; returned_cents: number; settling: boolean }[]>`
    select p.id, p.status, p.payment_intent_id, p.returned_cents,
           exists (select 1 from credit_ledger l where l.reference_type = 'purchase_refund_hold' and l.reference_id = p.id
                   and l.created_at > now() - make_interval(secs => ${FULFIL_WITHIN_MS / 1000})) as settling
    from purchases p
    where p.payment_intent_id is not null and p.status in ('PAID', 'REFUND_PENDING', 'REFUNDED', 'DISPUTED')
      and p.paid_at > now() - make_interval(days => ${STRIPE_BOOKS_DAYS})
    order by p.paid_at desc limit ${STRIPE_BOOKS_LIMIT}`;
  const findings: Finding[] = [];
  for (const p of recent) {
    const pi = await stripe.paymentIntents.retrieve(p.payment_intent_id, { expand: ["latest_charge"] }).catch((err: Error) => err);
    if (pi instanceof Error) {
      findings.push({ kind: "purchase", detail: `purchase ${p.id}: Stripe lookup failed (${pi.message})` });
      continue;
    }
    const charge = pi.latest_charge && typeof pi.latest_charge === "object" ? pi.latest_charge : null;
    if (!charge) continue;
    // A refund the app asked for minutes ago may still be on its way as an event.
    if (charge.amount_refunded !== p.returned_cents && !p.settling)
      findings.push({
        kind: "purchase",
        detail: `purchase ${p.id}: Stripe has returned ${charge.amount_refunded} cents, the books ${p.returned_cents}`,
      });
    if (charge.disputed && p.status !== "DISPUTED")
      findings.push({ kind: "purchase", detail: `purchase ${p.id}: disputed at Stripe, not in the books` });
  }
  return findings;
}

/** Purchases still waiting after 5 minutes whose session Stripe reports paid: money taken, no credits. */
async function unfulfilledAtStripe(sql: Sql, stripe: Stripe): Promise<Finding[]> {
  const waiting = await sql<{ id: number; session_id: string }[]>`
    select id, session_id from purchases
    where status = 'PENDING' and created_at < now() - make_interval(secs => ${FULFIL_WITHIN_MS / 1000})
      and created_at > now() - interval '2 days'
    order by id limit 200`;
  const findings: Finding[] = [];
  for (const p of waiting) {
    const session = await stripe.checkout.sessions.retrieve(p.session_id).catch((err: Error) => err);
    if (session instanceof Error) findings.push({ kind: "purchase", detail: `purchase ${p.id}: Stripe lookup failed (${session.message})` });
    else if (session.payment_status === "paid")
      findings.push({ kind: "purchase", detail: `purchase ${p.id}: paid at Stripe but not fulfilled after ${FULFIL_WITHIN_MS / 60_000} minutes` });
  }
  return findings;
}
