// Rows written straight into the run's database for the browser tests: settled signals in bulk (paging) and running
// analyses with their held credit booked as the server books one (the running cap). The engine's sweeper fails and
// refunds the running ones at their time-out, so the books still balance after the run.
import { bookAnalysis, seedSignal } from "../../server/src/modules/signals/testing";
import { withSql } from "./helpers";

const KINDS = ["LONG", "SHORT", "NO_TRADE"] as const;
const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT"];

/** `n` signals one hour apart, newest first in the answer; the i-th (0 = newest) is `i` hours old plus a minute. */
export async function seedSignals(userId: number, n: number): Promise<Array<{ signalId: number; symbol: string; type: string }>> {
  return withSql(async (sql) => {
    const out: Array<{ signalId: number; symbol: string; type: string }> = [];
    for (let i = 0; i < n; i++) {
      const symbol = SYMBOLS[i % SYMBOLS.length];
      const type = KINDS[i % KINDS.length];
      const { signalId } = await seedSignal(userId, symbol, type, (i + 1 / 60) / 24, { sql });
      out.push({ signalId, symbol, type });
    }
    return out;
  });
}

/** `n` analyses running now (phase 1, next phase an hour away), each with its credit held (granted, then deducted). */
export async function seedRunning(userId: number, n: number, symbol = "SOLUSDT"): Promise<number[]> {
  return withSql((sql) =>
    sql.begin(async (tx) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const [r] = await tx<{ id: number }[]>`
          insert into analysis_requests (user_id, symbol, next_run_at, market_time_ms)
          values (${userId}, ${symbol}, now() + interval '1 hour', 1717200000000) returning id`;
        await bookAnalysis(tx, userId, Number(r.id), false);
        ids.push(Number(r.id));
      }
      return ids;
    }),
  );
}
