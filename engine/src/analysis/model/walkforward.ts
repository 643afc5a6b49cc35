// Monthly purged walk-forward: every month's rows are predicted by a model fitted only on rows whose labels closed before it.
import { INTERVAL_MS } from "@core/candles";
import { EXPIRY_HOURS } from "../trade";
import type { Panel } from "./panel";
import { fitSoftmax, fitStandardisation, predictMatrix, standardiseInPlace, type SoftmaxModel, type Standardisation } from "./softmax";

const LABEL_MS = EXPIRY_HOURS * INTERVAL_MS["1h"];
export const CLASSES = 3;

export const monthStart = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
export const nextMonth = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
export const monthKey = (t: number) => new Date(t).toISOString().slice(0, 7);

/** A training row's label window (issue + 48 h) must close by `cutoff`, so nothing it learned from overlaps the test period. */
export const purgedBefore = (t: number, cutoff: number) => t + LABEL_MS <= cutoff;

/** Distinct month starts of the panel's clocks, in order. */
export function panelMonths(p: Panel): number[] {
  const set = new Set<number>();
  for (let i = 0; i < p.n; i++) set.add(monthStart(p.t[i]));
  return [...set].sort((a, b) => a - b);
}

export type FittedModel = { std: Standardisation; model: SoftmaxModel; columns: number[]; novelty: number };

/** Rows of `x` restricted to `columns`, for the selected row indices, as a fresh matrix. */
export function subMatrix(x: Float64Array, d: number, rows: ArrayLike<number>, columns: number[]) {
  const out = new Float64Array(rows.length * columns.length);
  for (let r = 0; r < rows.length; r++) {
    const base = rows[r] * d;
    for (let c = 0; c < columns.length; c++) out[r * columns.length + c] = x[base + columns[c]];
  }
  return { rows: rows.length, cols: columns.length, data: out };
}

/** Root-mean-square standardised distance from the training mean: how far a row sits from the data the model saw. */
export function noveltyOf(row: ArrayLike<number>, std: Standardisation): number {
  let s = 0;
  for (let j = 0; j < std.mean.length; j++) s += ((row[j] - std.mean[j]) / std.std[j]) ** 2;
  return Math.sqrt(s / std.mean.length);
}

/** Distances of the training rows; the novelty bar is their 99.5th percentile. */
export const NOVELTY_QUANTILE = 0.995;

export function fitRows(
  x: Float64Array,
  d: number,
  y: Int8Array,
  rows: number[],
  columns: number[],
  lambda: number,
  warm?: SoftmaxModel,
): FittedModel {
  const m = subMatrix(x, d, rows, columns);
  const std = fitStandardisation(m);
  const dist = new Float64Array(rows.length);
  for (let r = 0; r < rows.length; r++) dist[r] = noveltyOf(m.data.subarray(r * m.cols, (r + 1) * m.cols), std);
  dist.sort();
  standardiseInPlace(m, std);
  const yy = new Int32Array(rows.length);
  for (let r = 0; r < rows.length; r++) yy[r] = y[rows[r]];
  const model = fitSoftmax(m, yy, CLASSES, { lambda, warmStart: warm });
  return { std, model, columns, novelty: dist[Math.min(dist.length - 1, Math.floor(NOVELTY_QUANTILE * dist.length))] ?? Infinity };
}

export function predictRows(f: FittedModel, x: Float64Array, d: number, rows: number[]): { p: Float64Array; novelty: Float64Array } {
  const m = subMatrix(x, d, rows, f.columns);
  const novelty = new Float64Array(rows.length);
  for (let r = 0; r < rows.length; r++) novelty[r] = noveltyOf(m.data.subarray(r * m.cols, (r + 1) * m.cols), f.std);
  standardiseInPlace(m, f.std);
  return { p: predictMatrix(f.model, m), novelty };
}

export type WalkForward = {
  /** out-of-fold class probabilities, n × 3 (NaN for rows of the first month, which nothing precedes) */
  p: Float64Array;
  /** novelty distance over the predicting fold's novelty bar (> 1 = outside the training cloud) */
  novelty: Float64Array;
  months: number[];
};

/** Out-of-fold predictions for every month after the first, with a fresh fit per month (warm-started from the last). */
export function walkForward(p: Panel, x: Float64Array, y: Int8Array, columns: number[], lambda: number, log?: (m: string) => void): WalkForward {
  const months = panelMonths(p);
  const out = new Float64Array(p.n * CLASSES).fill(NaN);
  const novelty = new Float64Array(p.n).fill(NaN);
  let warm: SoftmaxModel | undefined;
  for (const start of months.slice(1)) {
    const end = nextMonth(start);
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < p.n; i++) {
      if (purgedBefore(p.t[i], start)) train.push(i);
      else if (p.t[i] >= start && p.t[i] < end) test.push(i);
    }
    if (train.length < 1000 || !test.length) continue;
    const fit = fitRows(x, p.d, y, train, columns, lambda, warm);
    warm = fit.model;
    const pred = predictRows(fit, x, p.d, test);
    test.forEach((row, r) => {
      for (let c = 0; c < CLASSES; c++) out[row * CLASSES + c] = pred.p[r * CLASSES + c];
      novelty[row] = pred.novelty[r] / fit.novelty;
    });
    log?.(`  ${monthKey(start)}: train ${train.length}, test ${test.length}, iterations ${fit.model.iterations ?? "?"}`);
  }
  return { p: out, novelty, months };
}
