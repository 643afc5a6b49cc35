// The caller's credit ledger as a transaction list, newest first.
import type { Sql } from "@core/infra/db";
import { parseLimit } from "../../lib/params";

type LedgerRow = {
  id: number;
  kind: string;
  amount: number;
  balance_after: number;
  reference_type: string | null;
  reference_id: number | null;
  note: string | null;
  created_at: Date;
};

export async function listTransactions(sql: Sql, userId: number, limitRaw?: string) {
  const limit = parseLimit(limitRaw, 100, 1000);
  const rows = await sql<LedgerRow[]>`
    select id, kind, amount, balance_after, reference_type, reference_id, note, created_at
    from credit_ledger where user_id = ${userId} order by created_at desc, id desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    type: r.kind,
    amount: r.amount,
    balance_after: r.balance_after,
    created_at: new Date(r.created_at).toISOString(),
    // e.g. "analysis_request:42": what the change was for, when it was for something.
    reference: r.reference_type ? `${r.reference_type}${r.reference_id !== null ? `:${r.reference_id}` : ""}` : null,
    reference_type: r.reference_type,
    reference_id: r.reference_id,
    note: r.note,
  }));
}
