// `bun run admin -- reconcile`: the credit books balance. Balances equal their ledgers; each analysis is settled exactly
// once; each paid purchase credited once and each refund or chargeback removed once.
import type Stripe from "stripe";
import type { Sql } from "@core/db";

export type Finding = { kind: string; detail: string };

/** A payment Stripe has taken must be credited by then (webhooks arrive within seconds; retries cover minutes). */
export const FULFIL_WITHIN_MS = 5 * 60_000;

/**
 * Everything wrong with the books, or an empty list. `maxHeldMs` is the analysis time-out (held credits older are stuck).
 * With `stripe`, purchases still PENDING after 5 minutes are asked of Stripe: a paid one was never fulfilled.
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
  if (opts.stripe) findings.push(...(await unfulfilledAtStripe(sql, opts.stripe)));
  return findings;
}

type PurchaseBooks = {
  id: number;
  status: string;
  credits: number;
  refund_credits: number | null;
  frozen_credits: number;
  paid_ms: number | null;
  purchases: number;
  purchased: number;
  removals: number;
  removed: number;
};

/** Each purchase against its ledger rows: one PURCHASE of its credits once paid, one removal per refund or chargeback. */
async function purchaseFindings(sql: Sql): Promise<Finding[]> {
  const rows = await sql<PurchaseBooks[]>`
    select p.id, p.status, p.credits, p.refund_credits, p.frozen_credits,
           (extract(epoch from now() - p.paid_at) * 1000)::float8 as paid_ms,
           count(l.id) filter (where l.reference_type = 'purchase')::int as purchases,
           coalesce(sum(l.amount) filter (where l.reference_type = 'purchase'), 0)::int as purchased,
           count(l.id) filter (where l.reference_type in ('purchase_refund', 'purchase_dispute'))::int as removals,
           coalesce(-sum(l.amount) filter (where l.reference_type in ('purchase_refund', 'purchase_dispute')), 0)::int as removed
    from purchases p
    left join credit_ledger l on l.reference_id = p.id and l.reference_type in ('purchase', 'purchase_refund', 'purchase_dispute')
    group by p.id`;
  const findings: Finding[] = [];
  for (const p of rows) {
    const problems: string[] = [];
    const paid = p.paid_ms !== null;
    if (paid && p.purchases !== 1) problems.push(`paid with ${p.purchases} PURCHASE rows`);
    if (paid && p.purchases === 1 && p.purchased !== p.credits) problems.push(`credited ${p.purchased} of ${p.credits}`);
    if (!paid && p.purchases !== 0) problems.push(`${p.status} but credited`);
    // What the books must show removed: the refund's credits, a chargeback's frozen credits, nothing otherwise.
    const due = p.status === "REFUNDED" ? (p.refund_credits ?? 0) : p.status === "DISPUTED" ? p.frozen_credits : 0;
    if (p.removed !== due || p.removals !== (due > 0 ? 1 : 0))
      problems.push(`${p.status}: ${p.removals} removal(s) of ${p.removed} credits, expected ${due}`);
    if (problems.length) findings.push({ kind: "purchase", detail: `purchase ${p.id}: ${problems.join("; ")}` });
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
