// The variant ledger: every rule judged on the working out-of-fold data is recorded with its figures, and the headline is deflated for how many were tried.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { blockBootstrapMean, blockOf } from "../backtest/stats";
import type { EvaluationRecord, Summary } from "../backtest/summary";

export type VariantRow = {
  variant: string;
  rule: string;
  commit: string;
  run_at: string;
  signals: number;
  signal_rate: number;
  expectancy_r: number;
  excess_vs_always_long: number;
  excess_vs_trend_7d: number;
  side_skill: number;
  ece_all: number;
  ece_issued: number;
  quarters_non_negative_share: number;
  expectancy_without_best_quarter_r: number;
};

export function readLedger(file: string): VariantRow[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as VariantRow);
}

const FIGURES: (keyof VariantRow)[] = ["signals", "expectancy_r", "excess_vs_always_long", "excess_vs_trend_7d", "side_skill", "ece_all"];

/**
 * Appends this run to the ledger. A variant judged again with other figures is another row (both were looked at); a
 * deterministic re-run of the same rule on the same data, giving the same figures, is no new look and adds none.
 */
export function recordVariant(file: string, variant: string, rule: string, commit: string, s: Summary): VariantRow {
  const row: VariantRow = {
    variant,
    rule,
    commit,
    run_at: new Date().toISOString(),
    signals: s.signals,
    signal_rate: s.signal_rate,
    expectancy_r: s.expectancy_r,
    excess_vs_always_long: s.excess_r.vs_always_long.mean,
    excess_vs_trend_7d: s.excess_r.vs_trend_7d.mean,
    side_skill: s.excess_r.side_skill.mean,
    ece_all: s.ece_all,
    ece_issued: s.ece_issued,
    quarters_non_negative_share: s.quarters_non_negative_share,
    expectancy_without_best_quarter_r: s.expectancy_without_best_quarter_r,
  };
  const same = readLedger(file).some((v) => v.variant === variant && v.rule === rule && FIGURES.every((k) => v[k] === row[k]));
  if (!same) appendFileSync(file, `${JSON.stringify(row)}\n`);
  return row;
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * The headline's intervals widened for the number of variants judged on the same data (Bonferroni: each at level
 * 1 − 0.05 / tried, from the same block bootstrap), so the best of many looks no better than it is.
 */
export function deflated(evals: EvaluationRecord[], blockDays: number, tried: number) {
  const issued = evals.filter((e) => e.issued);
  const blocks = issued.map((e) => blockOf(e.t, blockDays));
  const level = 1 - 0.05 / Math.max(1, tried);
  const iv = (xs: number[]): [number, number] => {
    const b = blockBootstrapMean(xs, blocks, { level, iterations: 4000 });
    return xs.length ? [r4(b.lo), r4(b.hi)] : [0, 0];
  };
  return {
    method: "Bonferroni over the variants in the ledger: each interval at level 1 − 0.05/variants, same block bootstrap",
    variants_tried: tried,
    level: r4(level),
    expectancy_r_ci: iv(issued.map((e) => e.r)),
    excess_vs_always_long_ci: iv(issued.map((e) => e.r - e.rLong)),
    excess_vs_trend_7d_ci: iv(issued.map((e) => e.r - (e.rTrend ?? e.rLong))),
    side_skill_ci: iv(issued.map((e) => e.r - (e.rSideMean ?? e.r))),
  };
}
