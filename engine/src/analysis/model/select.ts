// Calibration (isotonic on out-of-fold scores) and selection: calibrated expected R per side, the better side, and the bar τ.
import { expectedR } from "../trade";
import { applyIsotonic, compactIsotonic, fitIsotonic, type Isotonic } from "./calibration";
import type { Panel } from "./panel";
import { CLASSES } from "./walkforward";

/** Calibrated EV must clear τ by this much: a cushion for the error in our own estimate. */
export const MARGIN_R = 0.02;
/** Signals per 100 analyses the bar is chosen for (on earlier, out-of-fold months only). */
export const RATE_BAND: [number, number] = [0.15, 0.3];

export type Calibrator = {
  tp: Isotonic;
  sl: Isotonic;
  exp: Isotonic;
  /** mean gross R at expiry, per side (+1 long, −1 short), measured on the calibration rows */
  expiryR: { long: number; short: number };
  /** realised net R as a monotone function of the EV computed from calibrated probabilities */
  ev: Isotonic;
  tau: number;
  /** what the bar did on the calibration rows */
  inner: { rate: number; meanR: number; evaluations: number };
};

export type Scored = { pTp: number; pSl: number; pExp: number; evRaw: number; ev: number };

/** Each class probability through its own isotonic map, renormalised to sum to 1 (the one calibration of live and CV). */
export function calibratedProbabilities(cal: { tp: Isotonic; sl: Isotonic; exp: Isotonic }, raw: ArrayLike<number>) {
  const tp = applyIsotonic(cal.tp, raw[0]);
  const sl = applyIsotonic(cal.sl, raw[1]);
  const ex = applyIsotonic(cal.exp, raw[2]);
  const sum = tp + sl + ex || 1;
  return { tp: tp / sum, sl: sl / sum, exp: ex / sum };
}

export function scoreRow(
  cal: Pick<Calibrator, "tp" | "sl" | "exp" | "expiryR" | "ev">,
  raw: ArrayLike<number>,
  long: boolean,
  rr: number,
  costR: number,
): Scored {
  const p = calibratedProbabilities(cal, raw);
  const evRaw = expectedR(p, rr, long ? cal.expiryR.long : cal.expiryR.short, costR);
  return { pTp: p.tp, pSl: p.sl, pExp: p.exp, evRaw, ev: applyIsotonic(cal.ev, evRaw) };
}

/** Pairs each pair-clock's LONG and SHORT rows: the unit a trader pays for is one analysis, not one side. */
export function evaluationsOf(p: Panel, rows: number[]): [number, number][] {
  const byKey = new Map<string, [number, number]>();
  for (const i of rows) {
    const key = `${p.sym[i]}|${p.t[i]}`;
    const e = byKey.get(key) ?? [-1, -1];
    e[p.side[i] > 0 ? 0 : 1] = i;
    byKey.set(key, e);
  }
  return [...byKey.values()].filter(([l, s]) => l >= 0 && s >= 0);
}

export type Labels = { y: Int8Array; grossR: Float32Array; costR: Float64Array; rr: number };
export const netR = (l: Labels, i: number) => l.grossR[i] - l.costR[i];
const rawOf = (probs: Float64Array, i: number) => probs.subarray(i * CLASSES, (i + 1) * CLASSES);

/**
 * The bar τ: of the cuts giving 15–30 signals per 100 evaluations, the one with the best mean realised R; floored at 0,
 * so when earlier months show no positive calibrated EV the engine issues fewer signals instead of losing ones.
 */
function chooseTau(best: { ev: number; r: number }[]): Calibrator["inner"] & { tau: number } {
  const sorted = [...best].sort((a, b) => b.ev - a.ev);
  let pick = { tau: Infinity, rate: 0, meanR: -Infinity, evaluations: sorted.length };
  let sum = 0;
  const [lo, hi] = RATE_BAND;
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i].r;
    const rate = (i + 1) / sorted.length;
    if (rate < lo || rate > hi) continue;
    // Only cut between distinct EVs, so the bar reproduces the rate it was chosen for.
    if (i + 1 < sorted.length && sorted[i + 1].ev === sorted[i].ev) continue;
    const meanR = sum / (i + 1);
    // Never below zero: a setup whose calibrated expected R does not clear the margin is not sold, whatever the rate.
    if (meanR > pick.meanR) pick = { tau: Math.max(0, sorted[i].ev - MARGIN_R - 1e-9), rate, meanR, evaluations: sorted.length };
  }
  return pick;
}

/**
 * Fits the calibrators on out-of-fold predictions of `rows` and chooses τ on `selectRows` (by default the same rows);
 * all purged before the period they will be applied to. Choosing τ on rows the calibrators never saw keeps the bar
 * from settling where the calibration's own noise looked best.
 */
export function fitCalibrator(p: Panel, probs: Float64Array, labels: Labels, rows: number[], selectRows: number[] = rows): Calibrator {
  const ok = rows.filter((i) => Number.isFinite(probs[i * CLASSES]));
  const col = (c: number) => ok.map((i) => probs[i * CLASSES + c]);
  const is = (c: number) => ok.map((i) => (labels.y[i] === c ? 1 : 0));
  const expired = (s: number) => ok.filter((i) => labels.y[i] === 2 && p.side[i] === s);
  const meanGross = (xs: number[]) => (xs.length ? xs.reduce((a, i) => a + labels.grossR[i], 0) / xs.length : 0);
  const base = {
    tp: compactIsotonic(fitIsotonic(col(0), is(0))),
    sl: compactIsotonic(fitIsotonic(col(1), is(1))),
    exp: compactIsotonic(fitIsotonic(col(2), is(2))),
    expiryR: { long: meanGross(expired(1)), short: meanGross(expired(-1)) },
    ev: { x: [0], y: [0] } as Isotonic,
  };
  // Second stage: realised R against the EV those probabilities imply (the identity when they are already right).
  const evRaw = ok.map((i) =>
    expectedR(calibratedProbabilities(base, rawOf(probs, i)), labels.rr, p.side[i] > 0 ? base.expiryR.long : base.expiryR.short, labels.costR[i]),
  );
  const ev = compactIsotonic(
    fitIsotonic(
      evRaw,
      ok.map((i) => netR(labels, i)),
    ),
  );
  const cal = { ...base, ev };
  const selectable = selectRows.filter((i) => Number.isFinite(probs[i * CLASSES]));
  const best = evaluationsOf(p, selectable).map((pair) => {
    const [a, b] = pair.map((i) => ({ ev: scoreRow(cal, rawOf(probs, i), p.side[i] > 0, labels.rr, labels.costR[i]).ev, r: netR(labels, i) }));
    return a.ev >= b.ev ? a : b;
  });
  const { tau, ...inner } = chooseTau(best);
  return { ...cal, tau, inner };
}

export type Decision = {
  long: number;
  short: number;
  /** row of the better side by calibrated EV */
  chosen: number;
  opposite: number;
  scored: Scored;
  oppositeScored: Scored;
  novel: boolean;
  issued: boolean;
};

/** The decision for each evaluation: the better side, issued when its calibrated EV minus the margin clears τ and it is not novel. */
export function decide(p: Panel, probs: Float64Array, novelty: Float64Array, labels: Labels, cal: Calibrator, rows: number[]): Decision[] {
  return evaluationsOf(p, rows).map(([long, short]) => {
    const sl = scoreRow(cal, rawOf(probs, long), true, labels.rr, labels.costR[long]);
    const ss = scoreRow(cal, rawOf(probs, short), false, labels.rr, labels.costR[short]);
    const longBetter = sl.ev >= ss.ev;
    const chosen = longBetter ? long : short;
    const scored = longBetter ? sl : ss;
    const novel = !(novelty[chosen] <= 1);
    return {
      long,
      short,
      chosen,
      opposite: longBetter ? short : long,
      scored,
      oppositeScored: longBetter ? ss : sl,
      novel,
      issued: !novel && scored.ev - MARGIN_R > cal.tau,
    };
  });
}
