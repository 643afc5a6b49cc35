// Credit usage totals from the ledger: held at start (spent/used), given back on NO_TRADE or failure (refunded/returns).
import type { CreditBalance, CreditUsage } from "@core/contract/credits";
import { ledgerTotals } from "@core/credits";
import type { Sql } from "@core/db";
import { notFound } from "../../lib/http-error";

export async function creditUsage(sql: Sql, userId: number): Promise<CreditUsage> {
  const [totals, [row]] = await Promise.all([
    ledgerTotals(sql, userId),
    sql<{ held: number; balance: number }[]>`
      select (select count(*) from analysis_requests where user_id = ${userId} and credits_status = 'HELD')::int as held,
             coalesce((select credits from users where id = ${userId}), 0)::int as balance`,
  ]);
  const spent = totals.used;
  const refunded = totals.refunded;
  return {
    used: spent,
    refunded,
    net_used: spent - refunded - row.held,
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
