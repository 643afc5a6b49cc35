// Credit usage totals from the ledger: held at start (spent/used), given back on NO_TRADE or failure (refunded/returns).
import type { Sql } from "@core/db";

export async function creditUsage(sql: Sql, userId: number) {
  const [row] = await sql<{ spent: number; refunded: number; held: number; balance: number }[]>`
    select
      coalesce((select sum(-amount) from credit_ledger where user_id = ${userId} and kind = 'DEDUCTION'), 0)::int as spent,
      coalesce((select sum(amount) from credit_ledger where user_id = ${userId} and kind = 'REFUND'), 0)::int as refunded,
      (select count(*) from analysis_requests where user_id = ${userId} and credits_status = 'HELD')::int as held,
      coalesce((select credits from users where id = ${userId}), 0)::int as balance`;
  return {
    // The spec's client reads either spelling, so both carry the same figure.
    spent: row.spent,
    used: row.spent,
    refunded: row.refunded,
    returns: row.refunded,
    net_used: row.spent - row.refunded - row.held,
    held: row.held,
    credits: row.balance,
  };
}
