// Test fixture: a settled analysis with its signal (optionally its v2 context) and ledger rows, written directly (API and browser tests).
import { applyCreditChange } from "@core/ledger/credits";
import type { Sql, Tx } from "@core/infra/db";
import type { Static } from "elysia";
import type { signalContextSchema } from "./model";

export type SeedContext = Static<typeof signalContextSchema>;

export type SeedOptions = {
  /** Stored in `signals.context` (and its per-side cost in `cost_per_side`); none, as for signals before engine v2. */
  context?: SeedContext | null;
  /** A connection to write with; the run's test database (test/helpers) when omitted. */
  sql?: Sql;
  /** The market clock at issue (the chart places the signal there); a fixed June 2024 moment when omitted. */
  marketTimeMs?: number;
  /**
   * Target, stop and expiry in place of 110/95 (LONG) or 90/105 (SHORT) and 48 h: e.g. levels the engine's tracker never
   * settles; `entry` in place of 100, so the levels can sit around the pair's real price.
   */
  levels?: { takeProfit: number; stopLoss: number; expiryHours: number; entry?: number };
};

/** The ledger of one settled analysis, as the engine writes it: a credit granted for it, its debit, and a refund for NO_TRADE. */
export async function bookAnalysis(tx: Tx, userId: number, requestId: number, refunded: boolean) {
  await applyCreditChange(tx, { userId, kind: "GRANT", amount: 1 });
  await applyCreditChange(tx, { userId, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: requestId });
  if (refunded) await applyCreditChange(tx, { userId, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: requestId });
}

/** A settled analysis with its signal, debit (and refund for NO_TRADE), created `daysAgo` days back. */
export async function seedSignal(userId: number, symbol: string, type: "LONG" | "SHORT" | "NO_TRADE", daysAgo: number, opts: SeedOptions = {}) {
  // Loaded on demand so callers with their own connection (Playwright, outside Bun) need none of the test app.
  const sql = opts.sql ?? (await import("../../../../test/helpers")).testDeps().sql;
  const context = opts.context ?? null;
  const marketMs = opts.marketTimeMs ?? 1717200000000;
  return sql.begin(async (tx) => {
    const at = sql`now() - make_interval(secs => ${Math.round(daysAgo * 86400)})`;
    const noTrade = type === "NO_TRADE";
    const [r] = await tx`
      insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at, completed_at)
      values (${userId}, ${symbol}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}, ${marketMs}, ${at}, ${at}) returning id`;
    const [s] = await tx`
      insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                           entry_timing, reasoning, no_trade, is_active, market_time_ms, outcome, created_at, context, cost_per_side)
      values (${userId}, ${r.id}, ${symbol}, ${type}, ${context?.p_tp ?? 0.55}, ${noTrade ? null : 100}, ${noTrade ? null : type === "LONG" ? 110 : 90},
              ${noTrade ? null : type === "LONG" ? 95 : 105}, ${noTrade ? null : 2}, '1h', 'Now', 'seeded', ${noTrade}, ${!noTrade},
              ${marketMs}, ${noTrade ? null : "OPEN"}, ${at}, ${context ? JSON.stringify(context) : null}::text::jsonb, ${context && !noTrade ? context.costs.cost_per_side : null})
      returning id`;
    // In the same transaction: the signal ledger commits the row as it stands at commit.
    if (opts.levels && !noTrade)
      await tx`update signals set take_profit = ${opts.levels.takeProfit}, stop_loss = ${opts.levels.stopLoss},
                 expiry_hours = ${opts.levels.expiryHours}, entry_price = ${opts.levels.entry ?? 100} where id = ${s.id}`;
    await tx`update analysis_requests set final_signal_id = ${s.id} where id = ${r.id}`;
    await bookAnalysis(tx, userId, r.id, noTrade);
    // Ledger rows dated like the analysis, so the daily series can be checked.
    await tx`update credit_ledger set created_at = ${at} where user_id = ${userId} and (reference_id = ${r.id} or reference_id is null) and created_at > now() - interval '1 minute'`;
    // Numbers whatever the connection's bigint parsing.
    return { requestId: Number(r.id), signalId: Number(s.id) };
  });
}
