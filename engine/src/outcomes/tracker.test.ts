// Outcome tracker on real rows and recorded candles: TP hit, expiry and still-open cases, each stored once.
import { afterAll, describe, expect, test } from "bun:test";
import { INTERVAL_MS } from "@core/market/candles";
import { closeTestDeps, createUser, testDeps } from "../../../test/helpers";
import { createReplayClock, createReplayProvider } from "../market/providers/replay";
import { createHistoricalProvider } from "../market/providers/historical";
import { evaluateOutcome, rMultiple, stopFill } from "./index";
import { pathSince, trackOutcomes } from "./tracker";

const T0 = Date.parse("2024-06-01T00:00:00Z");
const { sql, log } = testDeps();
afterAll(() => closeTestDeps());

const at = (ms: number) => createReplayProvider(createReplayClock({ fixedMs: ms }));

async function openSignal(userId: number, entry: number, tp: number, sl: number, expiryHours = 48) {
  const [r] = await sql`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
    values (${userId}, 'BTCUSDT', 'COMPLETED', 3, 100, 'USED', ${T0}) returning id`;
  const [s] = await sql`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe,
                         no_trade, is_active, market_time_ms, outcome, expiry_hours)
    values (${userId}, ${r.id}, 'BTCUSDT', 'LONG', 0.5, ${entry}, ${tp}, ${sl}, 1, '1h', false, true, ${T0}, 'OPEN', ${expiryHours}) returning id`;
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
    // A v3 signal carries its own horizon: 24 h here, so it expires a day earlier than the 48 h default.
    const short = await openSignal(u.id, entry, entry * 1.5, entry * 0.5, 24);

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
    expect(await outcomeOf(short)).toMatchObject({ outcome: "EXPIRED", outcome_market_ms: T0 + 24 * INTERVAL_MS["1h"] });

    // A later pass leaves stored outcomes alone.
    await trackOutcomes({ sql, log, provider: at(T0 + 4 * INTERVAL_MS["1d"]) });
    expect(await outcomeOf(tpId)).toEqual(won);
  });
});

describe("path from a mid-hour issue (fresh entry)", () => {
  const H = INTERVAL_MS["1h"];
  const M5 = INTERVAL_MS["5m"];
  const hour = Date.parse("2024-08-06T06:00:00Z");
  const t0 = hour + 37 * 60_000; // 06:37
  const k = (t: number, l: number, h = 101, c = 100) => ({ t, o: 100, h, l, c, v: 1 });
  // The 06:00 hour dips to 94 at 06:45 only; the hours after stay above 97.
  const m5 = Array.from({ length: 12 }, (_, i) => k(hour + i * M5, i === 9 ? 94 : 99.5));
  const h1 = [k(hour - H, 99), k(hour, 94), ...Array.from({ length: 60 }, (_, i) => k(hour + (i + 1) * H, 97.5, 101.5))];
  const signal = { type: "LONG" as const, entry_price: 100, stop_loss: 95, take_profit: 110, created_at_market_ms: t0, timeframe: "1h" };

  test("with 5m candles the partial hour is followed from the issue's 5m bar, and a stop inside it counts", async () => {
    const provider = createHistoricalProvider([{ symbol: "BTCUSDT", h1, m5 }], hour + 60 * H);
    const path = await pathSince(provider, "BTCUSDT", t0, t0 + 49 * H);
    expect(path.start).toBe(hour + 35 * 60_000);
    expect(path.candles[0].t).toBe(hour + 35 * 60_000);
    expect(path.candles.find((c) => c.t === hour + H)).toBeTruthy();
    const o = evaluateOutcome({ ...signal, path_start_ms: path.start, cost_per_side: 0.0007 }, path.candles);
    expect(o).toEqual({
      outcome: "SL_HIT",
      closed_at_market_ms: hour + 45 * 60_000,
      r_multiple: rMultiple("LONG", 100, 95, stopFill("LONG", 95, m5[9]), 0.0007),
    });
    // The old rule (from the next full hour) would have missed the stop.
    expect(evaluateOutcome(signal, h1).outcome).not.toBe("SL_HIT");
  });

  test("without 5m candles the 1h candle holding the issue time counts whole", async () => {
    const provider = createHistoricalProvider([{ symbol: "BTCUSDT", h1 }], hour + 60 * H);
    const path = await pathSince(provider, "BTCUSDT", t0, t0 + 49 * H);
    expect(path.start).toBe(hour);
    expect(evaluateOutcome({ ...signal, path_start_ms: path.start }, path.candles).outcome).toBe("SL_HIT");
  });
});
