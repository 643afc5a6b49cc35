// The backtest command on the shipped candles: exact summary fields, the phases' own decisions, determinism, and the engine as deployed with refits.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadFolder } from "../analysis/model/dataset";
import { REPLAY_DATA_DIR } from "../market/providers/replay";
import { runBacktest } from "./index";
import { summarise } from "./summary";

const ROOT = resolve(import.meta.dir, "../../..");
const H1 = join(REPLAY_DATA_DIR, "spot", "1h");
const series = loadFolder(H1).map((d) => ({ symbol: d.symbol, h1: d.h1, funding: d.funding }));
const window = { from: Date.parse("2024-08-01T00:00:00Z"), to: Date.parse("2024-08-10T00:00:00Z") };
const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "DOGEUSDT"];

describe("backtest", () => {
  test("writes summary.json with exactly the published fields", async () => {
    const out = mkdtempSync(join(tmpdir(), "tw-bt-"));
    const proc = Bun.spawn(
      [
        "bun",
        "scripts/backtest.ts",
        "--data",
        H1,
        "--out",
        out,
        "--symbols",
        SYMBOLS.join(","),
        "--from",
        "2024-08-01",
        "--to",
        "2024-08-06",
        "--stride",
        "12",
      ],
      {
        cwd: ROOT,
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    expect(await proc.exited).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(Object.keys(summary).sort()).toEqual(
      [
        "evaluations",
        "signals",
        "signal_rate",
        "win_rate",
        "expectancy_r",
        "expectancy_r_ci",
        "profit_factor",
        "max_drawdown_r",
        "ece_all",
        "ece_issued",
        "brier_skill",
        "directional_skill_r",
        "long_share",
        "by_month",
        "baselines",
        "by_year",
        "ci_block_days",
        "excess_r",
        "by_quarter",
        "quarters_judged",
        "quarters_non_negative_share",
        "expectancy_without_best_quarter_r",
      ].sort(),
    );
    expect(Object.keys(summary.baselines).sort()).toEqual(["always_long", "random_direction", "trend_7d"]);
    // 5 pairs × 11 clocks (every 12 h from Aug 1 00:00 to Aug 6 00:00).
    expect(summary.evaluations).toBe(55);
    expect(summary.expectancy_r_ci).toHaveLength(2);
  });

  test("one evaluation per pair and clock, each beside its side's mean at that clock; deterministic", async () => {
    const opts = { strideHours: 6, ...window, symbols: SYMBOLS };
    const first = await runBacktest(series, opts);
    expect(first.evaluations.length).toBe(SYMBOLS.length * 37);
    expect(new Set(first.evaluations.map((e) => `${e.symbol}|${e.t}`)).size).toBe(first.evaluations.length);
    for (const t of new Set(first.evaluations.map((e) => e.t))) {
      const at = first.evaluations.filter((e) => e.t === t);
      const longMean = at.reduce((a, e) => a + e.rLong, 0) / at.length;
      for (const e of at.filter((x) => x.side === "LONG")) expect(e.rSideMean).toBeCloseTo(longMean, 9);
    }
    const again = await runBacktest(series, opts);
    expect(summarise(again.evaluations, again.candidates, { blockDays: 9 })).toEqual(
      summarise(first.evaluations, first.candidates, { blockDays: 9 }),
    );
  });
});
