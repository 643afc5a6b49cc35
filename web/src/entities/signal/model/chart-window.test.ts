// The chart's window, level lines and exit label for a signal.
import { expect, test } from "bun:test";
import { chartLevels, chartWindow, exitView, MAX_BARS, rangeWithLevels } from "./chart-window";

const H = 3_600_000;
const ISSUE = Date.parse("2024-02-10T13:20:00Z");

test("a resolved signal: 72 1h bars before the issue to 12 past the exit's bar", () => {
  const exit = ISSUE + 20 * H;
  const w = chartWindow(ISSUE, exit, "1h");
  expect(w.end).toBe(Math.ceil(exit / H) * H + 12 * H);
  expect(w.limit).toBe(Math.ceil((w.end! - (ISSUE - 72 * H)) / H));
  expect(chartWindow(ISSUE, exit, "1d").limit).toBeLessThan(100);
});

test("an open signal asks for the latest bars reaching back before the issue, capped at the server's 500", () => {
  expect(chartWindow(ISSUE, null, "1h", ISSUE + 10 * H)).toEqual({ end: undefined, limit: 82 });
  expect(chartWindow(ISSUE, null, "1h", ISSUE + 900 * H).limit).toBe(MAX_BARS);
  expect(chartWindow(ISSUE, null, "4h").limit).toBe(108);
});

test("levels: target, entry and the one stop, each only when known; the structure level is no second stop line", () => {
  const levels = chartLevels({ entry_price: 100, stop_loss: 95, take_profit: 110, context: { invalidation_level: 99.2 } as never });
  expect(levels.map((l) => [l.label, l.price, l.dashed])).toEqual([
    ["Take profit", 110, false],
    ["Entry", 100, false],
    ["Stop loss", 95, false],
  ]);
  expect(chartLevels({ entry_price: 100, stop_loss: null, take_profit: 110, context: null }).map((l) => l.key)).toEqual(["tp", "entry"]);
});

test("the exit: TP, SL or expiry with its R; none while open or without its market time", () => {
  expect(exitView({ outcome: "TP_HIT", outcome_market_ms: 5, r_multiple: 1.8512 })).toEqual({ atMs: 5, label: "TP +1.85R", tone: "pos" });
  expect(exitView({ outcome: "SL_HIT", outcome_market_ms: 5, r_multiple: -1.1 })!.label).toBe("SL −1.10R");
  expect(exitView({ outcome: "EXPIRED", outcome_market_ms: 5, r_multiple: 0.2 })!.label).toBe("Expiry +0.20R");
  expect(exitView({ outcome: "OPEN", outcome_market_ms: null, r_multiple: null })).toBeNull();
  expect(exitView({ outcome: "TP_HIT", outcome_market_ms: null, r_multiple: 1 })).toBeNull();
});

test("the price scale holds every level: a far target or stop widens the candles' range, both ways", () => {
  const bars = { minValue: 3100, maxValue: 3140 };
  expect(rangeWithLevels(bars, [{ price: 3123.28 }, { price: 3290.5 }, { price: 3050 }])).toEqual({ minValue: 3050, maxValue: 3290.5 });
  expect(rangeWithLevels(bars, [{ price: 3120 }])).toEqual(bars);
  expect(rangeWithLevels(bars, [])).toEqual(bars);
  expect(rangeWithLevels(null, [{ price: 2 }, { price: 1 }])).toEqual({ minValue: 1, maxValue: 2 });
  expect(rangeWithLevels(null, [])).toBeNull();
});
