// Reports beside the v3 cross-validation: each model family's own out-of-fold figures (how much the winner won by) and the signal-rate curve.
import type { EvaluationRecord } from "../backtest/summary";
import { blockBootstrapMean, blockOf } from "../backtest/stats";
import { summarise } from "../backtest/summary";
import { type CvOptions, runCv, type Combo } from "./cv";
import type { Panel } from "./panel";

export type CurvePoint = { x: number; y: number; lo: number; hi: number };
const r4 = (x: number) => Math.round(x * 10000) / 10000;

/** Mean realised R of the top share of evaluations by shrunk expected R, for shares 2 % … 100 %, with block intervals. */
export function signalRateCurve(evaluations: EvaluationRecord[], blockDays: number): CurvePoint[] {
  const sorted = [...evaluations].sort((a, b) => b.ev - a.ev);
  const out: CurvePoint[] = [];
  for (let k = 1; k <= 50; k++) {
    const q = k / 50;
    const top = sorted.slice(0, Math.max(1, Math.round(q * sorted.length)));
    const b = blockBootstrapMean(
      top.map((e) => e.r),
      top.map((e) => blockOf(e.t, blockDays)),
      { iterations: 300 },
    );
    out.push({ x: q, y: r4(b.mean), lo: r4(b.lo), hi: r4(b.hi) });
  }
  return out;
}

/** One family alone (its geometries still chosen per quarter), and each of its geometries held fixed, through the same rule. */
export function familyReport(p: Panel, combos: Combo[], family: string, o: CvOptions) {
  const own = combos.filter((c) => c.family === family);
  const brief = (cs: Combo[]) => {
    const cv = runCv(p, cs, () => {}, o);
    const { summary, details } = summarise(cv.evaluations, cv.candidates, { blockDays: o.blockDays });
    return {
      signals: summary.signals,
      signal_rate: summary.signal_rate,
      expectancy_r: summary.expectancy_r,
      expectancy_r_ci: summary.expectancy_r_ci,
      directional_skill_r: summary.directional_skill_r,
      directional_skill_ci: details.directional_skill_ci,
      baselines: summary.baselines,
      excess_r: summary.excess_r,
      by_quarter: summary.by_quarter,
      ece_all: summary.ece_all,
      ece_issued: summary.ece_issued,
      by_year: summary.by_year,
    };
  };
  return { family, chosen_per_quarter: brief(own), fixed_geometry: own.map((c) => ({ geometry: p.geometries[c.g], ...brief([c]) })) };
}
