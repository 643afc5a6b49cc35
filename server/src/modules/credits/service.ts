// Credit usage totals from the ledger: held at start (spent/used), given back on NO_TRADE or failure (refunded/returns).
import type { CreditBalance, CreditUsage } from "@core/contract/credits";
import { type LedgerTotals, ledgerTotalsQuery, totalsOf } from "@core/ledger/credits";
import type { Sql } from "@core/infra/db";
import { notFound } from "../../lib/http-error";

export async function creditUsage(sql: Sql, userId: number): Promise<CreditUsage> {
  // One round trip: every dashboard asks for this on its first load.
  const [row] = await sql<{ held: number; kept: number; balance: number; ledger: LedgerTotals }[]>`
      select (select count(*) from analysis_requests where user_id = ${userId} and credits_status = 'HELD')::int as held,
             (select count(*) from analysis_requests where user_id = ${userId} and credits_status = 'USED')::int as kept,
             coalesce((select credits from users where id = ${userId}), 0)::int as balance,
             ${totalsOf(sql, ledgerTotalsQuery(sql, userId))} as ledger`;
  const totals = row.ledger;
  const spent = totals.used;
  const refunded = totals.refunded;
  return {
    used: spent,
    refunded,
    // The dashboard's Used Credits: an analysis that issued a signal kept its credit (credits_status USED), as the
    // stats count it; reconcile holds the ledger to it (spent − refunded − held).
    net_used: row.kept,
    held: row.held,
    credits: row.balance,
  };
}

/** The balance alone (the client refetches it on window focus). */
export async function creditBalance(sql: Sql, userId: number): Promise<CreditBalance> {
  const [row] = await sql`select credits from users where id = ${userId}`;
  if (!row) throw notFound("User not found");
  return { credits: row.credits as number };
}
