// Quarterly purged walk-forward for the model families: each block's rows are scored by a model fitted only on rows whose outcome was known before it, and each block's model is kept (it is a model version).
import { binMatrix } from "../analysis/model/gbdt";
import { fitBinning, fitGbdt, type GbdtOptions } from "./fit/gbdt";
import { type Fitted, type Novelty, noveltyDistance, scoreRows, subRows } from "../analysis/model/score";
import { fitSoftmax } from "./fit/softmax";
import { ENTRY_DELAY_HOURS } from "../analysis/model/geometry";
import type { Panel } from "./panel";

const HOUR = 3_600_000;
/** A block is predicted only once this many evaluations (both sides each) are purged before it. */
export const MIN_TRAIN_EVALS = 20_000;
export const REFIT_MONTHS = 3;

export const GBDT_OPTIONS: GbdtOptions = { trees: 200, learningRate: 0.05, maxLeaves: 15, minLeaf: 400, l2: 1, subsample: 0.5, seed: 1, maxBins: 64 };
/** The softmax family is fitted on at most this many rows (a deterministic, evenly spaced subset) and this L2. */
export const SOFTMAX_ROWS = 120_000;
export const SOFTMAX_LAMBDA = 0.1;

export type Family = { name: "gbdt" | "softmax"; fit: (p: Panel, g: number, train: Int32Array) => Fitted };

export const NOVELTY_QUANTILE = 0.995;

export function fitNovelty(x: Float32Array, d: number, rows: ArrayLike<number>): Novelty {
  const mean = new Array<number>(d).fill(0);
  const sq = new Array<number>(d).fill(0);
  for (let r = 0; r < rows.length; r++) for (let j = 0; j < d; j++) mean[j] += x[rows[r] * d + j];
  for (let j = 0; j < d; j++) mean[j] /= rows.length;
  for (let r = 0; r < rows.length; r++) for (let j = 0; j < d; j++) sq[j] += (x[rows[r] * d + j] - mean[j]) ** 2;
  const std = { mean, std: sq.map((v) => Math.sqrt(v / rows.length) || 1) };
  const dist = Float64Array.from({ length: rows.length }, (_, r) => noveltyDistance(x.subarray(rows[r] * d, rows[r] * d + d), std));
  dist.sort();
  return { std, bar: dist[Math.min(dist.length - 1, Math.floor(NOVELTY_QUANTILE * dist.length))] || 1 };
}

/** The trees family with given options (tests fit small forests; model:cv and model:fit use GBDT_OPTIONS). */
export const gbdtFamilyWith = (opts: GbdtOptions): Family => ({
  name: "gbdt",
  fit(p, g, train) {
    const n = p.evals * 2;
    // Bin edges from the training rows only (an evenly spaced subset is plenty for 64 quantiles).
    const sample = evenly(train, 200_000);
    const binning = fitBinning(subRows(p.x, p.d, sample), sample.length, p.d, opts.maxBins);
    const bins = binMatrix(p.x, n, p.d, binning);
    // The trees learn a side's R beyond that side's mean at the same clock: which pair and side, not which week.
    const target = Float32Array.from(p.r[g], (r, i) => r - p.sideMean[g][i]);
    return { kind: "gbdt", model: fitGbdt(bins, n, p.d, binning, target, train, opts) };
  },
});
export const gbdtFamily = gbdtFamilyWith(GBDT_OPTIONS);

export const softmaxFamily: Family = {
  name: "softmax",
  fit(p, g, train) {
    const rows = evenly(train, SOFTMAX_ROWS);
    const x = subRows(p.x, p.d, rows);
    const nov = fitNovelty(p.x, p.d, rows);
    const data = Float64Array.from(x, (v, i) => (v - nov.std.mean[i % p.d]) / nov.std.std[i % p.d]);
    const y = Int32Array.from(rows, (i) => p.y[g][i]);
    const model = fitSoftmax({ rows: rows.length, cols: p.d, data }, y, 3, { lambda: SOFTMAX_LAMBDA });
    return { kind: "softmax", model, std: nov.std, m: p.geometries[g].m };
  },
};

/** At most `max` of `rows`, evenly spaced (deterministic). */
export function evenly(rows: ArrayLike<number>, max: number): number[] {
  const step = Math.max(1, rows.length / max);
  const out: number[] = [];
  for (let k = 0; k < rows.length; k += step) out.push(rows[Math.floor(k)]);
  return out;
}

export type Block = { start: number; end: number };

/** Quarter blocks (Jan, Apr, Jul, Oct) covering the panel's clocks that hold rows. */
export function blocksOf(p: Panel): Block[] {
  const starts = new Set<number>();
  for (let e = 0; e < p.evals; e++) {
    const d = new Date(p.t[e]);
    starts.add(Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / REFIT_MONTHS) * REFIT_MONTHS, 1));
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => {
      const d = new Date(start);
      return { start, end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + REFIT_MONTHS, 1) };
    });
}

/** The entry delay plus the longest horizon of the panel's geometries: every training row's outcome window must close before its block. */
export const purgeMs = (p: Panel) => (ENTRY_DELAY_HOURS + Math.max(...p.geometries.map((g) => g.hours))) * HOUR;
/** When a row's outcome under geometry `g` is known: its entry delay and horizon after its clock. */
export const outcomeKnownAt = (p: Panel, g: number, t: number) => t + (ENTRY_DELAY_HOURS + p.geometries[g].hours) * HOUR;

/** A block's test rows, and its training rows: every row whose outcome window closed before the block starts, from any era. */
export function splitBlock(p: Panel, b: Block, purge: number): { train: number[]; test: number[] } {
  const train: number[] = [];
  const test: number[] = [];
  for (let e = 0; e < p.evals; e++) {
    if (p.t[e] + purge <= b.start) train.push(2 * e, 2 * e + 1);
    else if (p.t[e] >= b.start && p.t[e] < b.end) test.push(2 * e, 2 * e + 1);
  }
  return { train, test };
}

/** One block's fitted scorer and novelty, and when its training data ends (the last training row's outcome). */
export type BlockModel = { fitted: Fitted; novelty: Novelty; trainedThrough: number };
export type WalkForward = {
  score: Float64Array;
  novelty: Float64Array;
  fits: { start: number; train: number; test: number }[];
  models: Map<number, BlockModel>;
};

/** Fits one block's model on `train` (rows whose outcome closed before the block): the one fit of walk-forward, backtest refits and the live refit. */
export function fitBlockModel(p: Panel, g: number, family: Family, train: number[]): BlockModel {
  let through = -Infinity;
  for (const row of train) through = Math.max(through, outcomeKnownAt(p, g, p.t[row >> 1]));
  return { fitted: family.fit(p, g, Int32Array.from(train)), novelty: fitNovelty(p.x, p.d, train), trainedThrough: through };
}

/** Out-of-fold scores and novelty for every row of every block that has enough purged history. */
export function walkForward(
  p: Panel,
  g: number,
  family: Family,
  log?: (m: string) => void,
  minTrainEvals = MIN_TRAIN_EVALS,
  blocks: Block[] = blocksOf(p),
): WalkForward {
  const n = p.evals * 2;
  const score = new Float64Array(n).fill(NaN);
  const novelty = new Float64Array(n).fill(NaN);
  const fits: WalkForward["fits"] = [];
  const models = new Map<number, BlockModel>();
  const purge = purgeMs(p);
  for (const b of blocks) {
    const { train, test } = splitBlock(p, b, purge);
    if (train.length < 2 * minTrainEvals || !test.length) continue;
    const started = performance.now();
    const model = fitBlockModel(p, g, family, train);
    const s = scoreRows(model.fitted, p.x, p.d, test);
    const nov = model.novelty;
    test.forEach((row, k) => {
      score[row] = s[k];
      novelty[row] = noveltyDistance(p.x.subarray(row * p.d, row * p.d + p.d), nov.std) / nov.bar;
    });
    models.set(b.start, model);
    fits.push({ start: b.start, train: train.length, test: test.length });
    log?.(
      `  ${family.name} g${g} ${new Date(b.start).toISOString().slice(0, 7)}: train ${train.length}, test ${test.length} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return { score, novelty, fits, models };
}
