// Credit ledger rule shared by server and engine: a balance change and its ledger row happen together or not at all.
import { credits } from "./metrics";
import type Redis from "ioredis";
import type { Sql, Tx } from "./db";
import type { Logger } from "./log";
import type { RedisKeys } from "./redis";
import { userChanged } from "./user-version";

/** Postgres channel of committed credit changes: NOTIFY is delivered only on commit, and never for a rollback. */
export const CREDIT_CHANGED_CHANNEL = "credit_changed";

export type LedgerKind = "GRANT" | "PURCHASE" | "DEDUCTION" | "REFUND" | "ADJUSTMENT";

export type LedgerEntry = {
  userId: number;
  kind: LedgerKind;
  amount: number; // signed: DEDUCTION is negative
  referenceType?: string;
  referenceId?: number;
  note?: string;
};

/**
 * Apply a signed credit change inside the caller's transaction. The update is conditional, so a debit
 * that would take the balance below 0 changes nothing and returns null (the caller answers 402). The change is
 * announced from here (a NOTIFY that fires on commit; see listenCreditChanges), so no caller, the admin CLI and
 * scripts included, can forget to drop the user's version.
 */
export async function applyCreditChange(tx: Tx, entry: LedgerEntry): Promise<{ balance: number } | null> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new Error("credit change must be a non-zero integer");
  const [row] = await tx`
    update users set credits = credits + ${entry.amount}, updated_at = now()
    where id = ${entry.userId} and credits + ${entry.amount} >= 0
    returning credits`;
  if (!row) return null;
  const [ledger] = await tx`
    insert into credit_ledger (user_id, kind, amount, balance_after, reference_type, reference_id, note)
    values (${entry.userId}, ${entry.kind}, ${entry.amount}, ${row.credits}, ${entry.referenceType ?? null},
            ${entry.referenceId ?? null}, ${entry.note ?? null})
    returning id`;
  await tx`select pg_notify(${CREDIT_CHANGED_CHANNEL}, ${`${ledger.id}:${entry.userId}`})`;
  // Counted when applied: a transaction that rolls back afterwards (rare: the caller's later statement failing) overcounts by one.
  if (entry.kind === "DEDUCTION") credits.inc({ movement: "held" }, -entry.amount);
  if (entry.kind === "REFUND") credits.inc({ movement: "refunded" }, entry.amount);
  return { balance: row.credits as number };
}

/**
 * Run by every server process: each committed credit change drops the user's version and tells their sockets. Every
 * server hears each NOTIFY; a Redis claim per ledger row lets one of them announce it. Returns the unlisten function.
 */
export async function listenCreditChanges(deps: { sql: Sql; redis: Redis; keys: RedisKeys; log: Logger }): Promise<() => Promise<void>> {
  const listening = deps.sql.listen(CREDIT_CHANGED_CHANNEL, (payload) => {
    const [ledgerId, userId] = payload.split(":").map(Number);
    if (!Number.isSafeInteger(ledgerId) || !Number.isSafeInteger(userId)) return;
    deps.redis
      .set(deps.keys.key(`credit-announced:${ledgerId}`), "1", "EX", 60, "NX")
      .then((won) => (won === "OK" ? userChanged(deps, userId) : undefined))
      .catch((err) => deps.log.warn("credit change announce failed", { user_id: userId, error: String(err) }));
  });
  // A database without LISTEN leaves only the version's 5-minute expiry: logged loudly, not fatal.
  const { unlisten } = await listening.catch((err) => {
    deps.log.error("credit change listener not started", { error: String(err) });
    return { unlisten: async () => {} };
  });
  return unlisten;
}

export type LedgerTotals = {
  granted: number;
  purchased: number;
  used: number;
  refunded: number;
  adjusted: number;
  used_since: number;
  refunded_since: number;
};

/**
 * A user's ledger summed by kind, in one pass: credits used (held by starts) and refunded are positive counts.
 * `since` adds the used and refunded totals from that moment on (the dashboard's "today").
 */
export async function ledgerTotals(db: Sql | Tx, userId: number, since: Date = new Date(0)): Promise<LedgerTotals> {
  const [row] = await db<LedgerTotals[]>`
    select coalesce(sum(amount) filter (where kind = 'GRANT'), 0)::int as granted,
           coalesce(sum(amount) filter (where kind = 'PURCHASE'), 0)::int as purchased,
           coalesce(sum(-amount) filter (where kind = 'DEDUCTION'), 0)::int as used,
           coalesce(sum(amount) filter (where kind = 'REFUND'), 0)::int as refunded,
           coalesce(sum(amount) filter (where kind = 'ADJUSTMENT'), 0)::int as adjusted,
           coalesce(sum(-amount) filter (where kind = 'DEDUCTION' and created_at >= ${since}), 0)::int as used_since,
           coalesce(sum(amount) filter (where kind = 'REFUND' and created_at >= ${since}), 0)::int as refunded_since
    from credit_ledger where user_id = ${userId}`;
  return row;
}
