// Public endpoints: live counts with at most 3 cards and no user data; track record from stored outcomes and the backtest file.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createApp } from "../../app";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { seedSignal } from "../signals/testing";
import { SAMPLE_CONTEXT } from "@web/lib/test-signal-context";
import { trackRecord } from "./service";

const app = testApp();
const { sql } = testDeps();
afterAll(() => closeTestDeps());

describe("/api/public", () => {
  test("legal: the operator's support e-mail, arbitration organisation and governing law when set, null otherwise", async () => {
    const unset = await call(app, "GET", "/api/public/legal");
    expect(unset.status).toBe(200);
    expect(unset.body).toEqual({ support_email: null, arbitration_organisation: null, governing_law: null });
    const deps = testDeps();
    const configured = createApp({
      ...deps,
      config: {
        ...deps.config,
        SUPPORT_EMAIL: "help@example.com",
        ARBITRATION_ORGANISATION: "Example Arbitration Centre",
        GOVERNING_LAW: "georgia-us-state",
      },
    });
    const set = await call(configured, "GET", "/api/public/legal");
    expect(set.body).toEqual({
      support_email: "help@example.com",
      arbitration_organisation: "Example Arbitration Centre",
      governing_law: "georgia-us-state",
    });
  });

  test("live: counts and up to 3 running analyses with only symbol, time, status and progress", async () => {
    const before = (await call(app, "GET", "/api/public/live")).body;
    const u = await createUser();
    await seedSignal(u.id, "BTCUSDT", "LONG", 0);
    // A NO_TRADE generated no signal (its credit came back): not counted.
    await seedSignal(u.id, "ETHUSDT", "NO_TRADE", 0);
    for (const [symbol, progress] of [
      ["ETHUSDT", 0],
      ["SOLUSDT", 33],
      ["XRPUSDT", 66],
      ["DOGEUSDT", 33],
    ] as const) {
      await sql`insert into analysis_requests (user_id, symbol, progress_percent) values (${u.id}, ${symbol}, ${progress})`;
    }
    const res = await call(app, "GET", "/api/public/live");
    expect(res.status).toBe(200);
    expect(res.body.signals_generated).toBe(before.signals_generated + 1);
    expect(res.body.active_analyses).toBe(before.active_analyses + 4);
    expect(res.body.live.length).toBe(3);
    expect(res.body.live.map((l: { symbol: string }) => l.symbol)).toEqual(["DOGEUSDT", "XRPUSDT", "SOLUSDT"]);
    expect(Object.keys(res.body.live[0]).sort()).toEqual(["created_at", "progress_percent", "status", "symbol"]);
    expect(res.body.live[1]).toMatchObject({ status: "IN_PROGRESS", progress_percent: 66 });
  });

  test("track record: win rate, R and period from stored outcomes; the backtest block is the file's content", async () => {
    const u = await createUser();
    const base = (await trackRecord(sql, "/nonexistent.json")).live;
    const a = await seedSignal(u.id, "BTCUSDT", "LONG", 2);
    const b = await seedSignal(u.id, "ETHUSDT", "SHORT", 1);
    await seedSignal(u.id, "SOLUSDT", "NO_TRADE", 1);
    await sql`update signals set outcome = 'TP_HIT', r_multiple = 1.9, is_active = false where id = ${a.signalId}`;
    await sql`update signals set outcome = 'SL_HIT', r_multiple = -1.1, is_active = false where id = ${b.signalId}`;
    const dir = mkdtempSync(join(tmpdir(), "tw-track-"));
    const file = join(dir, "track-record.json");
    writeFileSync(file, JSON.stringify({ win_rate: 0.48, trades: 120 }));
    const tr = await trackRecord(sql, file);
    expect(tr.backtest).toEqual({ win_rate: 0.48, trades: 120 });
    expect(tr.live.closed).toBe(base.closed + 2);
    expect(tr.live.tp_hit).toBe(base.tp_hit + 1);
    expect(tr.live.sl_hit).toBe(base.sl_hit + 1);
    expect(tr.live.no_trade).toBe(base.no_trade + 1);
    // Two more closed signals on top of whatever earlier test files stored: one win (+1.9R), one loss (-1.1R).
    const baseWins = Math.round((base.win_rate ?? 0) * base.closed);
    expect(tr.live.win_rate).toBe(Math.round(((baseWins + 1) / (base.closed + 2)) * 1000) / 1000);
    expect(tr.live.total_r).toBe(Math.round(((base.total_r ?? 0) + 0.8) * 1000) / 1000);
    expect(tr.live.sample_size).toBe(base.closed + 2);
    expect(typeof tr.live.period.from).toBe("string");
    expect((await trackRecord(sql, "/nonexistent.json")).backtest).toBeNull();
    const res = await call(app, "GET", "/api/public/track-record");
    expect(res.status).toBe(200);
    expect(res.body.live.closed).toBe(tr.live.closed);
    // The test app replays history: its outcomes are marked so the web never shows them as a track record.
    expect(res.body.live.market).toBe("replay");
    expect((await trackRecord(sql, file, "binance")).live.market).toBe("binance");
  });
  test("example-signal: the newest settled LONG/SHORT, with its odds and outcome and no user data; open and No Trade never", async () => {
    const u = await createUser();
    const newest = 1_900_000_000_000;
    // Newer in market time but still open, and a No Trade: neither is an example.
    await seedSignal(u.id, "XRPUSDT", "LONG", 0, { marketTimeMs: newest + 7_200_000 });
    await seedSignal(u.id, "ADAUSDT", "NO_TRADE", 0, { marketTimeMs: newest + 3_600_000 });
    const older = await seedSignal(u.id, "ETHUSDT", "SHORT", 0, { marketTimeMs: newest - 3_600_000 });
    const settled = await seedSignal(u.id, "SOLUSDT", "LONG", 1, { marketTimeMs: newest, context: { ...SAMPLE_CONTEXT, p_tp: 0.1843 } });
    for (const [id, outcome, r] of [
      [older.signalId, "SL_HIT", -1.06],
      [settled.signalId, "TP_HIT", 1.93],
    ] as const)
      await sql`update signals set outcome = ${outcome}, r_multiple = ${r}, outcome_at = now() where id = ${id}`;
    const res = await call(app, "GET", "/api/public/example-signal");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      signal: {
        id: settled.signalId,
        symbol: "SOLUSDT",
        type: "LONG",
        timeframe: "1h",
        entry_price: 100,
        take_profit: 110,
        stop_loss: 95,
        rr_ratio: 2,
        p_tp: 0.1843,
        expected_r: SAMPLE_CONTEXT.expected_r,
        expiry_hours: 48,
        outcome: "TP_HIT",
        r_multiple: 1.93,
        market_time_ms: newest,
      },
      market: "replay",
    });
    expect(JSON.stringify(res.body)).not.toContain(u.email);
  });
});
