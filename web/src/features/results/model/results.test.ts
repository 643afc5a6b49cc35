// The results view's words from stored figures: durations, months, a row, the totals.
import { describe, expect, test } from "bun:test";
import { durationText, monthLabel, monthView, overallLabel, resultRowView, totalsView } from "./results";

describe("results wording", () => {
  test("time to outcome on the market clock", () => {
    expect([durationText(null), durationText(45 * 60_000), durationText(7 * 3_600_000 + 5 * 60_000), durationText(52 * 3_600_000)]).toEqual([
      "—",
      "45m",
      "7h 05m",
      "2d 4h",
    ]);
  });

  test("the overall row names its period", () => {
    const m = (month: string) => ({ month, signals: 1, open: 0, closed: 1, wins: 1, win_rate: 1, total_r: 1, mean_r: 1, best_r: 1, worst_r: 1 });
    expect(overallLabel([m("2026-11"), m("2026-09")])).toBe("All · Sep–Nov 2026");
    expect(overallLabel([m("2026-01"), m("2025-12")])).toBe("All · Dec 2025–Jan 2026");
    expect(overallLabel([m("2026-10")])).toBe("All · Oct 2026");
    expect(overallLabel([])).toBe("All");
  });

  test("a UTC month", () => {
    expect([monthLabel("2026-10"), monthLabel("2024-01"), monthLabel("soon")]).toEqual(["Oct 2026", "Jan 2024", "soon"]);
  });

  test("a closed and an open row", () => {
    const base = {
      id: 3,
      request_id: 9,
      symbol: "BTCUSDT",
      type: "LONG" as const,
      // Bought on the wall clock; issued at a replayed market moment, which is the date shown.
      created_at: "2026-11-27T20:00:00.000Z",
      issued_at: "2026-10-15T12:00:00.000Z",
      entry_price: 65432.1,
      stop_loss: 64000,
      take_profit: 68000,
      rr_ratio: 1.8,
      outcome: "SL_HIT",
      outcome_at: "2026-11-27T20:05:00.000Z",
      outcome_market_at: "2026-10-15T15:00:00.000Z",
      r_multiple: -1.041,
      time_to_outcome_ms: 3 * 3_600_000,
    };
    expect(resultRowView(base)).toEqual({
      id: 3,
      symbol: "BTCUSDT",
      type: "LONG",
      issued: "2026-10-15 12:00 UTC",
      entry: "65,432.10",
      stopLoss: "64,000.00",
      takeProfit: "68,000.00",
      outcome: "SL hit",
      r: "−1.04R",
      tone: "neg",
      timeToOutcome: "3h 00m",
    });
    const open = resultRowView({ ...base, outcome: "OPEN", r_multiple: null, time_to_outcome_ms: null });
    expect([open.outcome, open.r, open.tone, open.timeToOutcome]).toEqual(["Open", "—", "muted", "—"]);
  });

  test("a month's totals and a month with nothing closed", () => {
    const oct = {
      month: "2026-10",
      signals: 3,
      open: 1,
      closed: 2,
      wins: 1,
      win_rate: 0.5,
      total_r: 0.917,
      mean_r: 0.4585,
      best_r: 1.958,
      worst_r: -1.041,
    };
    expect(monthView(oct)).toEqual({
      label: "Oct 2026",
      count: "2 closed · 1 open",
      winRate: "50% (1 of 2)",
      totalR: "+0.92R",
      totalTone: "pos",
      meanR: "+0.46R",
      best: "+1.96R",
      worst: "−1.04R",
    });
    const none = { signals: 1, open: 1, closed: 0, wins: 0, win_rate: null, total_r: 0, mean_r: null, best_r: null, worst_r: null };
    expect(totalsView(none, "All months")).toMatchObject({ count: "0 closed · 1 open", winRate: "—", totalR: "—", meanR: "—", best: "—" });
  });
});
