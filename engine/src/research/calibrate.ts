// From a model's raw score to what a trader is told: calibrated P(target first), P(stop first) and expected R, each learned on earlier out-of-fold rows, and the shrinkage of that expected R by its own uncertainty.
import { applyIsotonic, compactIsotonic, fitIsotonic, type Isotonic } from "../analysis/model/calibration";

/** How many standard errors the expected R is shrunk toward zero: the top of a ranked list is always over-estimated. */
export const SHRINK_Z = 1;
/** Equal-count score bins in which the expected R's standard error is measured (day-clustered). */
export const SE_BINS = 40;

export type ScoreCalibration = {
  tp: Isotonic;
  sl: Isotonic;
  ev: Isotonic;
  /** upper score edges of the uncertainty bins but the last (which takes everything above), and each bin's day-clustered standard error of net R */
  seEdges: number[];
  se: number[];
  z: number;
};

export type CalibratedSide = { pTp: number; pSl: number; pExp: number; ev: number; se: number; evShrunk: number };

/** Expected R shrunk toward zero by z standard errors (never across it). */
export const shrink = (ev: number, se: number, z: number) => {
  const v = Math.max(0, Math.abs(ev) - z * se);
  // A plain 0, not −0: a shrunk value is stored and compared after a JSON round trip.
  return v === 0 ? 0 : Math.sign(ev) * v;
};

/** Day-clustered standard error of the mean of `r` over `idx`: rows of one day move together, so they count once. */
function clusteredSe(idx: number[], r: ArrayLike<number>, day: ArrayLike<number>): number {
  const n = idx.length;
  if (n < 2) return Infinity;
  let m = 0;
  for (const i of idx) m += r[i];
  m /= n;
  const byDay = new Map<number, number>();
  for (const i of idx) byDay.set(day[i], (byDay.get(day[i]) ?? 0) + r[i] - m);
  let v = 0;
  for (const s of byDay.values()) v += s * s;
  return Math.sqrt(v) / n;
}

/** Fits the calibration on `rows` (already purged before the period it will serve). */
export function fitScoreCalibration(
  rows: number[],
  score: ArrayLike<number>,
  cls: ArrayLike<number>,
  r: ArrayLike<number>,
  day: ArrayLike<number>,
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
    se.push(clusteredSe(part, r, day));
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

/** One side's calibrated view of a raw score. */
export function calibrateScore(c: ScoreCalibration, score: number): CalibratedSide {
  const pTp = applyIsotonic(c.tp, score);
  const pSl = Math.min(applyIsotonic(c.sl, score), 1 - pTp);
  const ev = applyIsotonic(c.ev, score);
  let b = 0;
  while (b < c.seEdges.length && score > c.seEdges[b]) b++;
  const se = c.se[b] ?? Infinity;
  return { pTp, pSl, pExp: Math.max(0, 1 - pTp - pSl), ev, se, evShrunk: shrink(ev, se, c.z) };
}
