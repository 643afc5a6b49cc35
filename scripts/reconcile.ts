// `bun run admin -- reconcile`: the credit books balance. Balances equal their ledgers; each analysis is settled exactly once.
import type { Sql } from "@core/db";

export type Finding = { kind: string; detail: string };

/** Everything wrong with the books, or an empty list. `maxHeldMs` is the analysis time-out (held credits older are stuck). */
export async function reconcile(sql: Sql, maxHeldMs: number): Promise<Finding[]> {
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
  return findings;
}
