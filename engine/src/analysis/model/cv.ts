// `model:cv`: nested, purged monthly walk-forward over a geometry and L2 grid; every figure it reports is out of fold.
import { FIT_GRID } from "./grid";
import { inputIndices, INPUT_NAMES, GEOMETRY_INPUTS } from "./inputs";
import { withGeometry, type Panel } from "./panel";
import { decide, fitCalibrator, type Calibrator, type Decision, type Labels } from "./select";
import { logLoss } from "./softmax";
import { CLASSES, monthKey, nextMonth, purgedBefore, walkForward, type WalkForward } from "./walkforward";
import type { CandidateRecord, EvaluationRecord } from "../../backtest/summary";
import { blockBootstrapMean } from "../../backtest/stats";
import { historyBand, type SetupHistory } from "./history";

export type Grid = { lambdas: number[] };
export { FIT_GRID } from "./grid";
export type Config = { ki: number; mi: number; lambda: number };
type Run = { config: Config; wf: WalkForward; labels: Labels; reference: WalkForward };

export type FoldResult = {
  month: string;
  config: { k: number; m: number; lambda: number };
  calibrator: Calibrator;
  decisions: Decision[];
  labels: Labels;
  reference: WalkForward;
  wf: WalkForward;
};

export const labelsFor = (p: Panel, ki: number, mi: number): Labels => ({
  y: p.y[ki * p.ms.length + mi],
  grossR: p.grossR[ki * p.ms.length + mi],
  costR: p.costR[ki],
  rr: p.ms[mi],
});

function rowsWhere(p: Panel, f: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < p.n; i++) if (f(i)) out.push(i);
  return out;
}

/** Walk-forward predictions for every (k, m, λ) and the geometry-only reference per (k, m). */
export function runGrid(p: Panel, grid: Grid, log: (m: string) => void): Run[] {
  const all = INPUT_NAMES.map((_, j) => j);
  const geo = inputIndices(GEOMETRY_INPUTS);
  const runs: Run[] = [];
  p.ks.forEach((k, ki) => {
    const x = withGeometry(p, ki);
    p.ms.forEach((m, mi) => {
      const labels = labelsFor(p, ki, mi);
      log(`geometry k ${k} m ${m}: reference (geometry only)`);
      const reference = walkForward(p, x, labels.y, geo, 1e-4, log);
      for (const lambda of grid.lambdas) {
        log(`geometry k ${k} m ${m}, lambda ${lambda}`);
        runs.push({ config: { ki, mi, lambda }, wf: walkForward(p, x, labels.y, all, lambda, log), labels, reference });
      }
    });
  });
  return runs;
}

function innerLogLoss(run: Run, rows: number[]): number {
  const ok = rows.filter((i) => Number.isFinite(run.wf.p[i * CLASSES]));
  const probs = new Float64Array(ok.length * CLASSES);
  for (const [r, i] of ok.entries()) probs.set(run.wf.p.subarray(i * CLASSES, (i + 1) * CLASSES), r * CLASSES);
  return logLoss(
    probs,
    ok.map((i) => run.labels.y[i]),
    CLASSES,
  );
}

/**
 * The nested choice from rows purged before `start`: λ per geometry by out-of-fold log-loss, then the geometry whose
 * calibrated bar earned the most on those rows, with its calibrator.
 */
export function chooseConfig(p: Panel, runs: Run[], start: number): { run: Run; cal: Calibrator } | null {
  const inner = rowsWhere(p, (i) => purgedBefore(p.t[i], start));
  const { calibrate, select } = splitInner(p, runs[0]?.wf, inner, start);
  const byGeometry = new Map<string, Run[]>();
  for (const r of runs) byGeometry.set(`${r.config.ki}|${r.config.mi}`, [...(byGeometry.get(`${r.config.ki}|${r.config.mi}`) ?? []), r]);
  let best: { run: Run; cal: Calibrator } | null = null;
  for (const group of byGeometry.values()) {
    const losses = group.map((r) => innerLogLoss(r, inner));
    if (losses.some((l) => !Number.isFinite(l))) continue;
    const run = group[losses.indexOf(Math.min(...losses))];
    const cal = fitCalibrator(p, run.wf.p, run.labels, calibrate, select);
    if (!best || cal.inner.meanR > best.cal.inner.meanR) best = { run, cal };
  }
  return best;
}

/** The bar and geometry are chosen on this many days of out-of-fold rows before the test period. */
export const SELECT_DAYS = 45;
/** Fewer calibration rows than this and calibration and selection share the rows (the first outer months). */
const MIN_CALIBRATION_ROWS = 20_000;

/**
 * Calibrators are fitted on the out-of-fold rows before the last SELECT_DAYS and the bar and geometry chosen on those
 * last days, which the calibrators never saw (purged at their start). Too few earlier rows: both use all of them.
 */
function splitInner(p: Panel, wf: WalkForward | undefined, inner: number[], start: number) {
  const cut = start - SELECT_DAYS * 86_400_000;
  const calibrate = inner.filter((i) => purgedBefore(p.t[i], cut) && (!wf || Number.isFinite(wf.p[i * CLASSES])));
  if (calibrate.length < MIN_CALIBRATION_ROWS) return { calibrate: inner, select: inner };
  return { calibrate, select: inner.filter((i) => p.t[i] >= cut) };
}

/** One outer month: the nested choice made on earlier months only, applied to this month. */
export function outerFold(p: Panel, runs: Run[], start: number): FoldResult | null {
  const test = rowsWhere(p, (i) => p.t[i] >= start && p.t[i] < nextMonth(start));
  const best = test.length ? chooseConfig(p, runs, start) : null;
  if (!best) return null;
  const { run, cal } = best;
  return {
    month: monthKey(start),
    config: { k: p.ks[run.config.ki], m: p.ms[run.config.mi], lambda: run.config.lambda },
    calibrator: cal,
    decisions: decide(p, run.wf.p, run.wf.novelty, run.labels, cal, test),
    labels: run.labels,
    reference: run.reference,
    wf: run.wf,
  };
}

export type CurvePoint = { x: number; y: number; lo: number; hi: number };

/** Every outer month from `outerFrom` on, each with its own nested choice. */
export function runCv(p: Panel, outerFrom: number, log: (m: string) => void, grid: Grid = { lambdas: FIT_GRID.lambdas }) {
  const runs = runGrid(p, grid, log);
  const folds: FoldResult[] = [];
  for (const start of panelMonthsFrom(p, outerFrom)) {
    const f = outerFold(p, runs, start);
    if (!f) continue;
    const iss = f.decisions.filter((d) => d.issued);
    log(
      `outer ${f.month}: k ${f.config.k} m ${f.config.m} λ ${f.config.lambda}, τ ${f.calibrator.tau.toFixed(4)} (inner rate ${f.calibrator.inner.rate.toFixed(3)}, mean R ${f.calibrator.inner.meanR.toFixed(3)}); ${iss.length}/${f.decisions.length} issued`,
    );
    folds.push(f);
  }
  return { folds, curve: signalRateCurve(p, folds) };
}

function panelMonthsFrom(p: Panel, from: number): number[] {
  const set = new Set<number>();
  for (let i = 0; i < p.n; i++) if (p.t[i] >= from) set.add(Date.UTC(new Date(p.t[i]).getUTCFullYear(), new Date(p.t[i]).getUTCMonth(), 1));
  return [...set].sort((a, b) => a - b);
}

/** Out-of-fold evaluation and candidate records for the summary (both sides of every evaluation are candidates). */
export function cvRecords(p: Panel, folds: FoldResult[]): { evaluations: EvaluationRecord[]; candidates: CandidateRecord[] } {
  const evaluations: EvaluationRecord[] = [];
  const candidates: CandidateRecord[] = [];
  for (const f of folds) {
    const net = (i: number) => f.labels.grossR[i] - f.labels.costR[i];
    for (const d of f.decisions) {
      evaluations.push({
        t: p.t[d.chosen],
        symbol: p.symbols[p.sym[d.chosen]],
        issued: d.issued,
        side: p.side[d.chosen] > 0 ? "LONG" : "SHORT",
        ev: d.scored.ev,
        r: net(d.chosen),
        rOpposite: net(d.opposite),
        rLong: net(d.long),
      });
      for (const [row, s] of [
        [d.chosen, d.scored],
        [d.opposite, d.oppositeScored],
      ] as const) {
        candidates.push({
          p: s.pTp,
          reference: f.reference.p[row * CLASSES],
          tp: f.labels.y[row] === 0 ? 1 : 0,
          issued: d.issued && row === d.chosen,
          month: f.month,
        });
      }
    }
  }
  return { evaluations, candidates };
}

/** Mean realised R of the top share of evaluations by calibrated EV, for shares 2 % … 100 %, with day-block intervals. */
export function signalRateCurve(p: Panel, folds: FoldResult[]): CurvePoint[] {
  const { evaluations } = cvRecords(p, folds);
  const sorted = [...evaluations].sort((a, b) => b.ev - a.ev);
  const out: CurvePoint[] = [];
  for (let q = 0.02; q <= 1.0001; q += 0.02) {
    const top = sorted.slice(0, Math.max(1, Math.round(q * sorted.length)));
    const b = blockBootstrapMean(
      top.map((e) => e.r),
      top.map((e) => Math.floor(e.t / 86_400_000)),
      { iterations: 500 },
    );
    out.push({
      x: Math.round(q * 100) / 100,
      y: Math.round(b.mean * 10000) / 10000,
      lo: Math.round(b.lo * 10000) / 10000,
      hi: Math.round(b.hi * 10000) / 10000,
    });
  }
  return out;
}

export function setupHistory(p: Panel, folds: FoldResult[]): SetupHistory {
  const rows: { sym: string; side: string; ev: number; y: number; r: number; day: number; t: number }[] = [];
  for (const f of folds) {
    for (const d of f.decisions) {
      for (const [row, s] of [
        [d.chosen, d.scored],
        [d.opposite, d.oppositeScored],
      ] as const) {
        rows.push({
          sym: p.symbols[p.sym[row]],
          side: p.side[row] > 0 ? "LONG" : "SHORT",
          ev: s.ev,
          y: f.labels.y[row],
          r: f.labels.grossR[row] - f.labels.costR[row],
          day: Math.floor(p.t[row] / 86_400_000),
          t: p.t[row],
        });
      }
    }
  }
  const sorted = rows.map((r) => r.ev).sort((a, b) => a - b);
  const edges = Array.from({ length: 9 }, (_, i) => Math.round(sorted[Math.floor(((i + 1) * sorted.length) / 10)] * 1e6) / 1e6);
  const groups = new Map<string, typeof rows>();
  const pairs: SetupHistory["pairs"] = {};
  for (const r of rows) {
    const key = `${r.side}|${historyBand(edges, r.ev)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
    const pk = `${r.sym}|${key}`;
    pairs[pk] ??= [0, 0];
    const acc = pairs[pk];
    acc[0]++;
    acc[1] = Math.round((acc[1] + r.r) * 1e4) / 1e4;
  }
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const pooled: SetupHistory["pooled"] = {};
  for (const [key, g] of groups) {
    const b = blockBootstrapMean(
      g.map((x) => x.r),
      g.map((x) => x.day),
      { iterations: 500 },
    );
    const share = (c: number) => r4(g.filter((x) => x.y === c).length / g.length);
    pooled[key] = { n: g.length, tp: share(0), sl: share(1), exp: share(2), mean_r: r4(b.mean), ci: [r4(b.lo), r4(b.hi)] };
  }
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { period: { from: iso(Math.min(...rows.map((r) => r.t))), to: iso(Math.max(...rows.map((r) => r.t))) }, edges, pooled, pairs };
}
