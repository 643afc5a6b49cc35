// Post-hoc calibration, the apply half and its yardsticks: isotonic maps applied, reliability bins, ECE, Brier score and skill (the fit is research/fit/isotonic.ts).

/**
 * Knots of a fitted isotonic map: strictly increasing `x` (each pooled block's weighted mean score) and
 * non-decreasing `y` (each block's weighted mean target).
 */
export type Isotonic = { x: number[]; y: number[] };

/**
 * Piecewise-linear between knots, so scores between two block centres move smoothly instead of jumping at a block
 * edge that sampling noise placed; flat beyond the ends, because extrapolating a slope past the data would let the
 * calibrated value leave the observed target range. No knots gives NaN rather than a silent identity.
 */
export function applyIsotonic(iso: Isotonic, score: number): number {
  const { x, y } = iso;
  const n = x.length;
  if (n === 0 || Number.isNaN(score)) return NaN;
  if (score <= x[0]) return y[0];
  if (score >= x[n - 1]) return y[n - 1];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= score) lo = mid;
    else hi = mid;
  }
  const span = x[hi] - x[lo];
  return span > 0 ? y[lo] + ((score - x[lo]) / span) * (y[hi] - y[lo]) : y[hi];
}

/** One equal-mass bin: `lo`/`hi` are the smallest/largest prediction in it. */
export type ReliabilityBin = { n: number; predicted: number; observed: number; lo: number; hi: number };

function checkPair(p: ArrayLike<number>, y: ArrayLike<number>, what: string): void {
  if (p.length !== y.length) throw new Error(`${what}: length mismatch (p ${p.length}, y ${y.length})`);
}

/**
 * Equal-mass bins: rows sorted by prediction, bin b takes sorted rows [floor(b·N/B), floor((b+1)·N/B)), so sizes
 * differ by at most one. Ties may straddle a bin edge, which keeps the sizes equal. With N < B the empty bins are
 * left out rather than reported with NaN means.
 */
export function reliabilityBins(p: ArrayLike<number>, y: ArrayLike<number>, bins = 10): ReliabilityBin[] {
  checkPair(p, y, "reliabilityBins");
  if (!(bins >= 1)) throw new Error(`reliabilityBins: bins must be >= 1, got ${bins}`);
  const nBins = Math.floor(bins);
  const N = p.length;
  const order = Array.from({ length: N }, (_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
  const out: ReliabilityBin[] = [];
  for (let b = 0; b < nBins; b++) {
    const start = Math.floor((b * N) / nBins);
    const end = Math.floor(((b + 1) * N) / nBins);
    if (end <= start) continue;
    let sp = 0;
    let sy = 0;
    for (let k = start; k < end; k++) {
      sp += p[order[k]];
      sy += y[order[k]];
    }
    const n = end - start;
    out.push({ n, predicted: sp / n, observed: sy / n, lo: p[order[start]], hi: p[order[end - 1]] });
  }
  return out;
}

/** Expected calibration error over equal-mass bins: Σ_b (n_b/N)·|mean p_b − mean y_b|. No rows gives NaN. */
export function ece(p: ArrayLike<number>, y: ArrayLike<number>, bins = 10): number {
  const N = p.length;
  if (N === 0) return NaN;
  let sum = 0;
  for (const b of reliabilityBins(p, y, bins)) sum += (b.n / N) * Math.abs(b.predicted - b.observed);
  return sum;
}

/** Mean squared error of probabilities against 0/1 outcomes. No rows gives NaN. */
export function brier(p: ArrayLike<number>, y: ArrayLike<number>): number {
  checkPair(p, y, "brier");
  let sum = 0;
  for (let i = 0; i < p.length; i++) sum += (p[i] - y[i]) ** 2;
  return p.length ? sum / p.length : NaN;
}

/**
 * 1 − brier(model)/brier(reference); > 0 means the model beats the reference. A perfect reference (Brier 0) gives
 * −Infinity or NaN, as the ratio is undefined there.
 */
export function brierSkill(p: ArrayLike<number>, reference: ArrayLike<number>, y: ArrayLike<number>): number {
  return 1 - brier(p, y) / brier(reference, y);
}
