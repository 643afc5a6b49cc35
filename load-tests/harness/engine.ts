// `bun run bench -- engine`: the signal engine's own costs — scoring one analysis (the three phases over a built context)
// and the backtest of the 30 most liquid recorded pairs over three years at a 6 h stride, both through the live code.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadFolders } from "../../engine/src/analysis/model/dataset";
import { buildAnalysisContext, createContextCache } from "../../engine/src/analysis/context";
import { confirmPhase, finalPhase, scanPhase } from "../../engine/src/analysis/phases";
import { runBacktest } from "../../engine/src/backtest";
import { createHistoricalProvider } from "../../engine/src/market/providers/historical";
import { percentiles, round, type Report } from "./stats";

const DATA = join(import.meta.dir, "..", "..", "..", "shared", "data", "market", "spot");
const SHIPPED = join(import.meta.dir, "..", "..", "engine", "data", "market", "spot", "1h");
const DAY = 86_400_000;
/** Three years: 2019–2020 and 2024 of the recorded data (a clone without ../shared uses the shipped 2024 subset). */
const RANGES = [
  [Date.UTC(2019, 0, 1), Date.UTC(2021, 0, 1)],
  [Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
] as const;

export async function engineBench(o: { pairs: number; samples: number; days: number }): Promise<Report> {
  const folders = existsSync(DATA) ? [join(DATA, "1h-2017-2021"), join(DATA, "1h")] : [SHIPPED];
  const data = loadFolders(folders);
  // The most liquid pairs by traded value over their recorded candles (a fixed list for the run, not a signal input).
  const value = (d: (typeof data)[number]) => d.h1.reduce((a, k) => a + k.v * k.c, 0);
  const liquid = [...data].sort((a, b) => value(b) - value(a)).slice(0, o.pairs);
  const series = liquid.map((d) => ({ symbol: d.symbol, h1: d.h1, funding: d.funding }));
  const provider = createHistoricalProvider(series);
  const scoreMs: number[] = [];
  for (let i = 0; i < o.samples; i++) {
    const at = RANGES[1][0] + (20 + (i % 200)) * DAY;
    provider.setNow(at);
    const ctx = await buildAnalysisContext(provider, series[i % series.length].symbol, createContextCache(), at);
    const t0 = performance.now();
    const scan = scanPhase(ctx);
    finalPhase(ctx, scan, confirmPhase(ctx, scan));
    scoreMs.push(performance.now() - t0);
  }
  const t0 = performance.now();
  // `days` of each range from its end backwards (all three years by default; tests run a few days).
  let evaluations = 0;
  for (const [from, rangeEnd] of RANGES) {
    // The range's end, or the data's inside it when it stops earlier (the shipped subset's 2024 ends in September).
    const last = Math.max(...series.map((x) => x.h1.findLast((k) => k.t < rangeEnd)?.t ?? 0));
    const to = Math.min(rangeEnd, last - 4 * DAY);
    if (to <= from) continue;
    const r = await runBacktest(series, { strideHours: 6, from: Math.max(from, to - o.days * DAY), to });
    evaluations += r.evaluations.length;
  }
  const backtestS = (performance.now() - t0) / 1000;
  const s = percentiles(scoreMs);
  const json = {
    scenario: "engine",
    pairs: series.length,
    score_p50_ms: round(s.p50, 2),
    score_p99_ms: round(s.p99, 2),
    backtest_evaluations: evaluations,
    backtest_seconds: round(backtestS, 1),
  };
  return {
    name: "engine",
    json,
    lines: [
      `engine: scoring one analysis (three phases) p50 ${json.score_p50_ms} ms, p99 ${json.score_p99_ms} ms over ${o.samples}`,
      `engine: backtest of ${series.length} pairs at 6 h (${o.days >= 731 ? "3 years" : `${o.days} days of each range`}): ${json.backtest_evaluations} evaluations in ${json.backtest_seconds} s`,
    ],
    ok: true,
  };
}
