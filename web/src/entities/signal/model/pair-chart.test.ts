// The pair chart's markers: only the pair's signals issued inside the candles shown, oldest first, with their legend.
import { expect, test } from "bun:test";
import { decodeSignal, type Signal } from "@web/entities/signal/api/decode-signal";
import { CHART_COLORS } from "./chart-window";
import { pairSignalMarks } from "./pair-chart";

const H = 3_600_000;
const T0 = Date.parse("2024-02-08T00:00:00Z");
const candles = Array.from({ length: 168 }, (_, i) => ({ t: T0 + i * H, o: 1, h: 1, l: 1, c: 1, v: 1 }));

const sig = (id: number, symbol: string, type: string, at: number | null, extra: Record<string, unknown> = {}): Signal => {
  const s = decodeSignal({ id, symbol, type, market_time_ms: at, ...extra });
  if (!s) throw new Error("unreadable");
  return s;
};

test("the pair's signals inside the window, oldest first, each with its marker and legend line", () => {
  const marks = pairSignalMarks(
    [
      sig(4, "SOLUSDT", "SHORT", T0 + 100 * H + 20 * 60_000, { outcome: "SL_HIT", r_multiple: -1.041 }),
      sig(3, "BTCUSDT", "LONG", T0 + 50 * H),
      sig(2, "SOLUSDT", "NO_TRADE", T0 + 2 * H),
      sig(1, "SOLUSDT", "LONG", T0 + 10 * H, { outcome: "OPEN" }),
    ],
    "SOLUSDT",
    candles,
  );
  expect(marks.map((m) => [m.id, m.legend])).toEqual([
    [2, "NO TRADE · 2024-02-08 02:00 UTC"],
    [1, "LONG · 2024-02-08 10:00 UTC · Open"],
    [4, "SHORT · 2024-02-12 04:20 UTC · SL hit · −1.04R"],
  ]);
  expect(marks[1].mark).toEqual({ atMs: T0 + 10 * H, position: "belowBar", shape: "arrowUp", color: CHART_COLORS.up, text: "LONG" });
  expect(marks[2].mark).toMatchObject({ position: "aboveBar", shape: "arrowDown", color: CHART_COLORS.down, text: "SHORT" });
});

test("signals before the first bar, after the last bar's close or without an issue time are not placed", () => {
  const outside = [sig(1, "SOLUSDT", "LONG", T0 - 1), sig(2, "SOLUSDT", "LONG", T0 + 168 * H), sig(3, "SOLUSDT", "LONG", null)];
  expect(pairSignalMarks(outside, "SOLUSDT", candles)).toEqual([]);
  expect(pairSignalMarks([sig(4, "SOLUSDT", "LONG", T0 + 167 * H + 59 * 60_000)], "SOLUSDT", candles)).toHaveLength(1);
  expect(pairSignalMarks([sig(5, "SOLUSDT", "LONG", T0)], "SOLUSDT", [])).toEqual([]);
});
