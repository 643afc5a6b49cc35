// The fit half of a score calibration: isotonic maps of P(TP), P(SL) and net R learned on earlier out-of-fold rows, and the block-clustered uncertainty the expected R is shrunk by.
import type { ScoreCalibration } from "../analysis/model/calibrated";
import { compactIsotonic, fitIsotonic } from "./fit/isotonic";

/** How many standard errors the expected R is shrunk toward zero: the top of a ranked list is always over-estimated. */
export const SHRINK_Z = 1;
/** Equal-count score bins in which the expected R's standard error is measured (block-clustered). */
export const SE_BINS = 40;

/**
 * Block-clustered standard error of the mean of `r` over `idx`: rows of one block (a week or more, as long as the
 * outcomes overlap) move together, so they count once.
 */
export function clusteredSe(idx: number[], r: ArrayLike<number>, block: ArrayLike<number>): number {
  const n = idx.length;
  if (n < 2) return Infinity;
  let m = 0;
  for (const i of idx) m += r[i];
  m /= n;
  const byBlock = new Map<number, number>();
  for (const i of idx) byBlock.set(block[i], (byBlock.get(block[i]) ?? 0) + r[i] - m);
  if (byBlock.size < 2) return Infinity;
  let v = 0;
  for (const s of byBlock.values()) v += s * s;
  return Math.sqrt(v) / n;
}

/** Fits the calibration on `rows` (already purged before the period it will serve); `block` is each row's block key. */
export function fitScoreCalibration(
  rows: number[],
  score: ArrayLike<number>,
  cls: ArrayLike<number>,
  r: ArrayLike<number>,
  block: ArrayLike<number>,
): ScoreCalibration {
  const s = rows.map((i) => score[i]);
  const iso = (target: (i: number) => number) => compactIsotonic(fitIsotonic(s, rows.map(target)), 400);
  const sorted = [...rows].sort((a, b) => score[a] - score[b]);
  const seEdges: number[] = [];
  const se: number[] = [];
  for (let b = 0; b < SE_BINS; b++) {
    const part = sorted.slice(Math.floor((b * sorted.length) / SE_BINS), Math.floor(((b + 1) * sorted.length) / SE_BINS));
    if (!part.length) continue;
    if (b < SE_BINS - 1) seEdges.push(score[part[part.length - 1]]);
    se.push(clusteredSe(part, r, block));
  }
  return {
    tp: iso((i) => (cls[i] === 0 ? 1 : 0)),
    sl: iso((i) => (cls[i] === 1 ? 1 : 0)),
    ev: iso((i) => r[i]),
    seEdges,
    se,
    z: SHRINK_Z,
  };
}
