// Outcome tracker on real rows and recorded candles: TP hit, expiry and still-open cases, each stored once.
import { afterAll, describe, expect, test } from "bun:test";
import { INTERVAL_MS } from "@core/candles";
import { closeTestDeps, createUser, testDeps } from "../../../test/helpers";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { rMultiple } from "./index";
import { trackOutcomes } from "./tracker";

const T0 = Date.parse("2024-06-01T00:00:00Z");
const { sql, log } = testDeps();
afterAll(() => closeTestDeps());

const at = (ms: number) => createReplayProvider(createReplayClock({ fixedMs: ms }));

async function openSignal(userId: number, entry: number, tp: number, sl: number) {
  const [r] = await sql`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
    values (${userId}, 'BTCUSDT', 'COMPLETED', 3, 100, 'USED', ${T0}) returning id`;
  const [s] = await sql`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                         no_trade, is_active, market_time_ms, outcome)
    values (${userId}, ${r.id}, 'BTCUSDT', 'LONG', 0.5, ${entry}, ${tp}, ${sl}, 1, '1h', false, true, ${T0}, 'OPEN') returning id`;
  return s.id as number;
}

const outcomeOf = async (id: number) =>
  (await sql`select outcome, outcome_market_ms, r_multiple, is_active, outcome_at from signals where id = ${id}`)[0];

describe("trackOutcomes", () => {
  test("TP hit on the first candle after issue that reaches it; far levels expire after 48 x 1h; too early stays OPEN", async () => {
    const u = await createUser();
    const candles = await at(T0 + 3 * INTERVAL_MS["1d"]).candles("BTCUSDT", "1h", { end: T0 + 3 * INTERVAL_MS["1d"], limit: 200 });
    const entry = candles.filter((k) => k.t < T0).at(-1)!.c;
    const tp = Math.round(entry * 1.004 * 100) / 100;
    const sl = Math.round(entry * 0.8 * 100) / 100;
    const after = candles.filter((k) => k.t >= T0);
    const hit = after.find((k) => k.h >= tp)!;
    expect(after.slice(0, after.indexOf(hit)).every((k) => k.l > sl)).toBe(true);

    const tpId = await openSignal(u.id, entry, tp, sl);
    const expiring = await openSignal(u.id, entry, entry * 1.5, entry * 0.5);

    // Half an hour after issue no 1h candle has closed yet: nothing is decided.
    await trackOutcomes({ sql, log, provider: at(T0 + 30 * 60_000) });
    expect((await outcomeOf(tpId)).outcome).toBe("OPEN");
    expect((await outcomeOf(expiring)).outcome).toBe("OPEN");

    await trackOutcomes({ sql, log, provider: at(T0 + 3 * INTERVAL_MS["1d"]) });
    const won = await outcomeOf(tpId);
    expect(won).toMatchObject({ outcome: "TP_HIT", outcome_market_ms: hit.t, r_multiple: rMultiple("LONG", entry, sl, tp), is_active: false });
    expect(won.outcome_at).toBeInstanceOf(Date);
    const expired = await outcomeOf(expiring);
    expect(expired).toMatchObject({ outcome: "EXPIRED", outcome_market_ms: T0 + 48 * INTERVAL_MS["1h"], is_active: false });

    // A later pass leaves stored outcomes alone.
    await trackOutcomes({ sql, log, provider: at(T0 + 4 * INTERVAL_MS["1d"]) });
    expect(await outcomeOf(tpId)).toEqual(won);
  });
});
