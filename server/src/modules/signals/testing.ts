// Test fixture: a settled analysis with its signal and ledger rows, written directly (shared by the read-side module tests).
import { applyCreditChange } from "@core/credits";
import { testDeps } from "../../../../test/helpers";

/** A settled analysis with its signal, debit (and refund for NO_TRADE), created `daysAgo` days back. */
export async function seedSignal(userId: number, symbol: string, type: "LONG" | "SHORT" | "NO_TRADE", daysAgo: number) {
  const { sql } = testDeps();
  return sql.begin(async (tx) => {
    const at = sql`now() - make_interval(secs => ${Math.round(daysAgo * 86400)})`;
    const noTrade = type === "NO_TRADE";
    const [r] = await tx`
      insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms, created_at, completed_at)
      values (${userId}, ${symbol}, 'COMPLETED', 3, 100, ${noTrade ? "RELEASED" : "USED"}, 1717200000000, ${at}, ${at}) returning id`;
    const [s] = await tx`
      insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                           entry_timing, reasoning, no_trade, is_active, market_time_ms, outcome, created_at)
      values (${userId}, ${r.id}, ${symbol}, ${type}, 0.55, ${noTrade ? null : 100}, ${noTrade ? null : type === "LONG" ? 110 : 90},
              ${noTrade ? null : type === "LONG" ? 95 : 105}, ${noTrade ? null : 2}, '1h', 'Now', 'seeded', ${noTrade}, ${!noTrade},
              1717200000000, ${noTrade ? null : "OPEN"}, ${at}) returning id`;
    await tx`update analysis_requests set final_signal_id = ${s.id} where id = ${r.id}`;
    await applyCreditChange(tx, { userId, kind: "GRANT", amount: 1 });
    await applyCreditChange(tx, { userId, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: r.id });
    if (noTrade) await applyCreditChange(tx, { userId, kind: "REFUND", amount: 1, referenceType: "analysis_request", referenceId: r.id });
    // Ledger rows dated like the analysis, so the daily series can be checked.
    await tx`update credit_ledger set created_at = ${at} where user_id = ${userId} and (reference_id = ${r.id} or reference_id is null) and created_at > now() - interval '1 minute'`;
    return { requestId: r.id as number, signalId: s.id as number };
  });
}
