// Backtest on a tiny hand-made folder (two symbols, one with a gap): exact counts, metrics, baselines, chart.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatCandlesCsv, type Candle } from "@core/candles";
import { loadFolder } from "../analysis/model/dataset";
import { cumulativeRSvg } from "./chart";
import { calibrationTable, metricsOf, mulberry32, runBacktest, type Trade } from "./index";

const H = 3_600_000;
const T0 = Date.parse("2024-03-01T00:00:00Z");

/** Hand-made saw-tooth trend: `up` bars rising by `rise`, `down` bars falling by `fall`, plus a seeded wiggle. */
function saw(n: number, base: number, up: number, down: number, rise: number, fall: number, seed: number, skip: number[] = []): Candle[] {
  const rnd = mulberry32(seed);
  const out: Candle[] = [];
  let prev = base;
  for (let i = 0; i < n; i++) {
    const c = prev * (1 + (i % (up + down) < up ? rise : -fall) + 0.004 * (rnd() - 0.5));
    const h = Math.max(prev, c) * (1 + 0.002 * rnd());
    const l = Math.min(prev, c) * (1 - 0.002 * rnd());
    if (!skip.includes(i)) out.push({ t: T0 + i * H, o: prev, h, l, c, v: 100 + 100 * rnd() });
    prev = c;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), "tw-backtest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "BTCUSDT.csv"), formatCandlesCsv(saw(480, 60000, 20, 10, 0.002, 0.003, 1)));
writeFileSync(join(dir, "AAAUSDT.csv.gz"), Bun.gzipSync(new TextEncoder().encode(formatCandlesCsv(saw(480, 2, 36, 12, 0.008, 0.002, 2, [350, 351, 352])))));

describe("runBacktest", () => {
  const data = loadFolder(dir);
  const btc = data.find((d) => d.symbol === "BTCUSDT")?.h1 ?? [];
  const report = runBacktest(data, btc, { strideHours: 6, seed: 7 });

  test("loads both files (plain and gzip) and evaluates every 6h after the 300-candle warm-up, across the gap", () => {
    expect(data.map((d) => [d.symbol, d.h1.length])).toEqual([["AAAUSDT", 477], ["BTCUSDT", 480]]);
    expect(report.per_symbol.map((s) => [s.symbol, s.evaluations])).toEqual([["AAAUSDT", 31], ["BTCUSDT", 31]]);
    expect(report.evaluations).toBe(62);
    expect(report.signals + report.no_trade).toBe(report.evaluations);
    expect(report.model.trades + report.open).toBe(report.signals);
  });

  test("exact counts of the engine's decisions on this fixture", () => {
    expect({ signals: report.signals, no_trade: report.no_trade, open: report.open, trades: report.model.trades }).toEqual(EXPECTED_COUNTS);
    expect(report.trades.map((t) => [t.symbol, new Date(t.t).toISOString(), t.type, t.outcome])).toEqual(EXPECTED_TRADES);
    expect(report.model).toMatchObject({ trades: 2, wins: 2, tp_hit: 2, sl_hit: 0, expired: 0, expectancy_r: 0.9758, total_r: 1.9517 });
    expect(report.per_symbol.map((s) => [s.symbol, s.trades, s.no_trade])).toEqual([["AAAUSDT", 2, 29], ["BTCUSDT", 0, 31]]);
    expect(report.baselines.random_direction.trades).toBe(report.model.trades);
    expect(report.baselines.always_long.trades).toBe(report.model.trades);
  });

  test("deterministic: a second run gives the same report", () => {
    expect(runBacktest(data, btc, { strideHours: 6, seed: 7 })).toEqual(report);
  });

  test("range filter", () => {
    const r = runBacktest(data, btc, { strideHours: 6, seed: 7, from: T0 + 400 * H, to: T0 + 430 * H });
    expect(r.evaluations).toBe(10);
    expect(r.period).toEqual({ from: "2024-03-17T18:00:00.000Z", to: "2024-03-18T18:00:00.000Z" });
  });
});

const EXPECTED_TRADES = [
  ["AAAUSDT", "2024-03-15T00:00:00.000Z", "LONG", "TP_HIT"],
  ["AAAUSDT", "2024-03-17T00:00:00.000Z", "LONG", "TP_HIT"],
];
const EXPECTED_COUNTS = { signals: 2, no_trade: 60, open: 0, trades: 2 };

describe("metrics", () => {
  const tr = (t: number, r: number, outcome: Trade["outcome"], confidence: number): Trade => ({
    symbol: "X", t, type: "LONG", confidence, entry: 100, stop: 95, target: 110, rr: 2, outcome, r,
  });
  const trades = [tr(1, 2, "TP_HIT", 0.62), tr(2, -1, "SL_HIT", 0.57), tr(3, -1, "SL_HIT", 0.58), tr(4, 0.5, "EXPIRED", 0.66), tr(5, -1, "SL_HIT", 0.61)];

  test("win rate, expectancy, profit factor, drawdown", () => {
    expect(metricsOf(trades)).toEqual({
      trades: 5, wins: 2, win_rate: 0.4, tp_hit: 1, sl_hit: 3, expired: 1,
      expectancy_r: -0.1, total_r: -0.5, profit_factor: 0.8333, max_drawdown_r: 2.5,
    });
    expect(metricsOf([])).toMatchObject({ trades: 0, win_rate: 0, profit_factor: null, max_drawdown_r: 0 });
  });

  test("calibration bins of 0.05: predicted mean vs observed TP rate", () => {
    expect(calibrationTable(trades)).toEqual([
      { from: 0.55, to: 0.6, n: 2, predicted: 0.575, observed_tp_rate: 0 },
      { from: 0.6, to: 0.65, n: 2, predicted: 0.615, observed_tp_rate: 0.5 },
      { from: 0.65, to: 0.7, n: 1, predicted: 0.66, observed_tp_rate: 0 },
    ]);
  });

  test("seeded PRNG is reproducible", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  test("chart is an SVG with one line per series", () => {
    const svg = cumulativeRSvg([{ name: "model", color: "#00f", trades }, { name: "long", color: "#f80", trades: [] }], "t");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.match(/<polyline/g)?.length).toBe(2);
    expect(svg).toContain("model: 5 trades, -0.5R");
  });
});
