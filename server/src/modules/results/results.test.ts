// GET /api/results and its CSV from real rows: only the caller's LONG/SHORT, outcomes, time to outcome, monthly totals.
import { afterAll, describe, expect, test } from "bun:test";
import { call, closeTestDeps, createUser, testApp, testDeps } from "../../../../test/helpers";
import { seedSignal } from "../signals/testing";
import { MONTH_COLUMNS, SIGNAL_COLUMNS } from "./service";

const app = testApp();
afterAll(() => closeTestDeps());
const H = 3_600_000;

/**
 * Stores an outcome as the engine's tracker does: result, R after costs, exit on the market clock; `issued` is the market
 * moment of issue (a replayed 2025 one, while the rows are written now, on the wall clock).
 */
async function settle(id: number, outcome: string, r: number, hours: number, issued?: string) {
  const sql = testDeps().sql;
  if (issued) await sql`update signals set market_time_ms = ${Date.parse(issued)} where id = ${id}`;
  await sql`update signals set outcome = ${outcome}, r_multiple = ${r}, outcome_at = now(), is_active = false,
            outcome_market_ms = market_time_ms + ${hours * H} where id = ${id}`;
}

const csv = async (token: string, query = "") => {
  const res = await app.handle(new Request(`http://localhost/api/results/export.csv${query}`, { headers: { authorization: `Bearer ${token}` } }));
  return { res, lines: (await res.text()).split("\r\n").filter(Boolean) };
};

describe("GET /api/results", () => {
  test("the caller's LONG/SHORT with outcome, R and time to outcome; totals by month and overall from stored outcomes", async () => {
    const me = await createUser();
    const other = await createUser();
    const win = await seedSignal(me.id, "BTCUSDT", "LONG", 1);
    const loss = await seedSignal(me.id, "ETHUSDT", "SHORT", 2);
    const older = await seedSignal(me.id, "SOLUSDT", "LONG", 3);
    const open = await seedSignal(me.id, "XRPUSDT", "SHORT", 0.5);
    await seedSignal(me.id, "DOGEUSDT", "NO_TRADE", 0.2);
    await seedSignal(other.id, "BTCUSDT", "LONG", 1);
    await settle(win.signalId, "TP_HIT", 1.958, 7, "2025-10-20T12:00:00Z");
    await settle(loss.signalId, "SL_HIT", -1.041, 2.5, "2025-10-01T00:00:00Z");
    await settle(older.signalId, "EXPIRED", 0.3596, 48, "2025-09-30T23:59:59Z");
    await testDeps().sql`update signals set market_time_ms = ${Date.parse("2025-11-02T08:00:00Z")} where id = ${open.signalId}`;

    const res = await call(app, "GET", "/api/results", { token: me.token });
    expect(res.status).toBe(200);
    const { signals, months, overall } = res.body;
    expect(signals.map((s: { id: number }) => s.id)).toEqual([open.signalId, win.signalId, loss.signalId, older.signalId]);
    expect(signals[1]).toMatchObject({
      symbol: "BTCUSDT",
      type: "LONG",
      entry_price: 100,
      stop_loss: 95,
      take_profit: 110,
      outcome: "TP_HIT",
      r_multiple: 1.958,
      time_to_outcome_ms: 7 * H,
      // Issue and exit on the market clock; the purchase on the wall clock.
      issued_at: "2025-10-20T12:00:00.000Z",
      outcome_market_at: "2025-10-20T19:00:00.000Z",
    });
    expect(Math.abs(Date.parse(signals[1].created_at) - Date.now())).toBeLessThan(2 * 86_400_000);
    expect(signals[0]).toMatchObject({ outcome: "OPEN", r_multiple: null, time_to_outcome_ms: null, outcome_market_at: null });
    // Months are the market's months of issue, not the months the rows were written in.
    expect(months).toEqual([
      { month: "2025-11", signals: 1, open: 1, closed: 0, wins: 0, win_rate: null, total_r: 0, mean_r: null, best_r: null, worst_r: null },
      { month: "2025-10", signals: 2, open: 0, closed: 2, wins: 1, win_rate: 0.5, total_r: 0.917, mean_r: 0.4585, best_r: 1.958, worst_r: -1.041 },
      { month: "2025-09", signals: 1, open: 0, closed: 1, wins: 1, win_rate: 1, total_r: 0.3596, mean_r: 0.3596, best_r: 0.3596, worst_r: 0.3596 },
    ]);
    expect(overall).toEqual({
      signals: 4,
      open: 1,
      closed: 3,
      wins: 2,
      win_rate: 2 / 3,
      total_r: 1.2766,
      mean_r: 0.4255,
      best_r: 1.958,
      worst_r: -1.041,
    });
  });

  test("a new trader has empty tables; signed out is a 401", async () => {
    const me = await createUser();
    const res = await call(app, "GET", "/api/results", { token: me.token });
    expect(res.body).toEqual({
      signals: [],
      months: [],
      overall: { signals: 0, open: 0, closed: 0, wins: 0, win_rate: null, total_r: 0, mean_r: null, best_r: null, worst_r: null },
    });
    expect((await call(app, "GET", "/api/results")).status).toBe(401);
    expect((await call(app, "GET", "/api/results/export.csv")).status).toBe(401);
  });
});

describe("GET /api/results/export.csv", () => {
  test("the signals table (default) and the months table hold the same figures; an unknown table is a 400 JSON", async () => {
    const me = await createUser();
    const a = await seedSignal(me.id, "BTCUSDT", "LONG", 1);
    const b = await seedSignal(me.id, "ETHUSDT", "SHORT", 2);
    await settle(a.signalId, "TP_HIT", 1.958, 7, "2025-10-15T12:00:00Z");
    await settle(b.signalId, "SL_HIT", -1.041, 2.5, "2025-10-14T12:00:00Z");

    const signals = await csv(me.token);
    expect(signals.res.status).toBe(200);
    expect(signals.res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(signals.res.headers.get("content-disposition")).toMatch(/^attachment; filename="tradewind-results-signals-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(signals.lines[0]).toBe(SIGNAL_COLUMNS.join(","));
    expect(signals.lines.slice(1)).toEqual([
      `${a.signalId},${a.requestId},2025-10-15T12:00:00.000Z,BTCUSDT,LONG,100,95,110,2,TP_HIT,2025-10-15T19:00:00.000Z,1.958,7`,
      `${b.signalId},${b.requestId},2025-10-14T12:00:00.000Z,ETHUSDT,SHORT,100,105,90,2,SL_HIT,2025-10-14T14:30:00.000Z,-1.041,2.5`,
    ]);
    // A negative R stays a number, not a formula-guarded text cell.
    expect(signals.lines[2]).not.toContain("'-1.041");

    const months = await csv(me.token, "?table=months");
    expect(months.lines).toEqual([MONTH_COLUMNS.join(","), "2025-10,2,0,2,1,50,0.917,0.4585,1.958,-1.041"]);

    const bad = await call(app, "GET", "/api/results/export.csv?table=everything", { token: me.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: "Unknown table 'everything': expected signals or months", code: "unknown_table" });
  });
});
