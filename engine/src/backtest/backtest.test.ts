// The backtest command on the shipped candles: exact summary fields, the phases' own decisions, gate on and off, determinism.
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
      ].sort(),
    );
    expect(Object.keys(summary.baselines).sort()).toEqual(["always_long", "random_direction", "trend_7d"]);
    // 5 pairs × 11 clocks (every 12 h from Aug 1 00:00 to Aug 6 00:00).
    expect(summary.evaluations).toBe(55);
    expect(summary.expectancy_r_ci).toHaveLength(2);
  });

  test("one evaluation per pair and clock; the gate only ever removes signals; deterministic", async () => {
    const opts = { strideHours: 6, ...window, symbols: SYMBOLS };
    const gated = await runBacktest(series, opts);
    expect(gated.evaluations.length).toBe(SYMBOLS.length * 37);
    expect(gated.ungated.length).toBe(gated.evaluations.length);
    expect(new Set(gated.evaluations.map((e) => `${e.symbol}|${e.t}`)).size).toBe(gated.evaluations.length);
    gated.evaluations.forEach((e, i) => {
      if (e.issued) expect(gated.ungated[i]).toEqual(e);
      // The realised R of a side does not depend on the gate.
      expect(gated.ungated[i].rLong).toBe(e.rLong);
    });
    const again = await runBacktest(series, opts);
    expect(summarise(again.evaluations, again.candidates)).toEqual(summarise(gated.evaluations, gated.candidates));
  });
});
