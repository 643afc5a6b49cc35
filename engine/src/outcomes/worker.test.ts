// An outcome pass never holds a phase job's slot: with the pass stuck on its candles, a one-slot analysis worker still completes an analysis.
import { afterAll, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor } from "../../../test/helpers";
import { startAnalysisWorker } from "../analysis/worker";
import type { MarketProvider } from "../market/providers";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { startOutcomeWorker } from "./worker";

const CLOCK = Date.parse("2024-06-01T00:00:00Z");
const deps = testDeps();
const app = testApp();
afterAll(() => closeTestDeps());

/** An OPEN LONG issued an hour before the clock: the next outcome pass reads candles for it. */
async function openSignal(userId: number) {
  const [r] = await deps.sql`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
    values (${userId}, 'BTCUSDT', 'COMPLETED', 3, 100, 'USED', ${CLOCK - 3_600_000}) returning id`;
  await deps.sql`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                         no_trade, is_active, market_time_ms, outcome)
    values (${userId}, ${r.id}, 'BTCUSDT', 'LONG', 0.5, 100, 110, 95, 2, '1h', false, true, ${CLOCK - 3_600_000}, 'OPEN')`;
}

test("an analysis completes on a one-slot analysis worker while an outcome pass is stuck", async () => {
  const provider = createReplayProvider(createReplayClock({ fixedMs: CLOCK }));
  // The outcome pass gets a provider whose candles never come until the test lets them.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let passStarted = false;
  const stuck: MarketProvider = {
    ...provider,
    candles: async (...args) => {
      passStarted = true;
      await gate;
      return provider.candles(...args);
    },
  };
  const u = await createUser({ credits: 1 });
  await openSignal(u.id);
  const outcomes = await startOutcomeWorker({ ...deps, provider: stuck, everyMs: 100 });
  const analysis = await startAnalysisWorker({ ...deps, provider, concurrency: 1 });
  try {
    await waitFor(() => passStarted, 20_000, "the outcome pass to start");
    const res = await call(app, "POST", "/api/analysis/start", { token: u.token, body: { symbol: "BTCUSDT" } });
    expect(res.status).toBe(200);
    const row = await waitFor(
      async () => {
        const [r] = await deps.sql`select status from analysis_requests where id = ${res.body.request_id}`;
        return r.status === "IN_PROGRESS" ? null : r;
      },
      25_000,
      "the analysis to settle",
    );
    expect(row.status).toBe("COMPLETED");
    // The pass was running the whole time: it is still there, waiting for its candles.
    expect(await outcomes.queue.getActiveCount()).toBe(1);
  } finally {
    release();
    await analysis.close();
    await outcomes.close();
  }
});
