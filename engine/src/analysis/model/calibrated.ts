// The apply half of a score calibration: from a raw score to calibrated P(target first), P(stop first) and expected R, shrunk by its own uncertainty.
import { applyIsotonic, type Isotonic } from "./calibration";

export type ScoreCalibration = {
  tp: Isotonic;
  sl: Isotonic;
  ev: Isotonic;
  /** upper score edges of the uncertainty bins but the last (which takes everything above), and each bin's block-clustered standard error of net R */
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
