// Isotonic calibration, the fit half: pool-adjacent-violators (PAV) and the compact JSON-safe storage form of its knots.
import type { Isotonic } from "../../analysis/model/calibration";

type Block = { sw: number; swx: number; swy: number; lo: number; hi: number };

/** Sorted, cleaned input: pairs with a non-finite value or a weight <= 0 carry no information and are dropped. */
function sortedPairs(score: ArrayLike<number>, target: ArrayLike<number>, weight?: ArrayLike<number>): number[] {
  if (score.length !== target.length || (weight && weight.length !== score.length)) {
    throw new Error(`isotonic: length mismatch (score ${score.length}, target ${target.length}, weight ${weight?.length})`);
  }
  const idx: number[] = [];
  for (let i = 0; i < score.length; i++) {
    const w = weight ? weight[i] : 1;
    if (Number.isFinite(score[i]) && Number.isFinite(target[i]) && Number.isFinite(w) && w > 0) idx.push(i);
  }
  // Index as tie-breaker keeps the result independent of the engine's sort stability.
  return idx.sort((a, b) => score[a] - score[b] || a - b);
}

/**
 * Pool-adjacent-violators over the sorted pairs. Equal scores start in one block because a function of the
 * score cannot give them different values; `lo`/`hi` index into `order` so callers can map blocks back to rows.
 */
function pav(order: number[], score: ArrayLike<number>, target: ArrayLike<number>, weight?: ArrayLike<number>): Block[] {
  const blocks: Block[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const w = weight ? weight[i] : 1;
    const last = blocks[blocks.length - 1];
    if (last && score[order[last.hi]] === score[i]) {
      last.sw += w;
      last.swx += w * score[i];
      last.swy += w * target[i];
      last.hi = k;
    } else {
      blocks.push({ sw: w, swx: w * score[i], swy: w * target[i], lo: k, hi: k });
    }
    // Merge backwards while the newest block undercuts its left neighbour; strict comparison keeps equal-valued
    // neighbours as separate knots, which gives the interpolation more resolution.
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.swy / a.sw <= b.swy / b.sw) break;
      a.sw += b.sw;
      a.swx += b.swx;
      a.swy += b.swy;
      a.hi = b.hi;
      blocks.pop();
    }
  }
  return blocks;
}

/** Fits the isotonic map; dropped pairs (non-finite or weight <= 0) do not count. No usable pair gives no knots. */
export function fitIsotonic(score: ArrayLike<number>, target: ArrayLike<number>, weight?: ArrayLike<number>): Isotonic {
  const blocks = pav(sortedPairs(score, target, weight), score, target, weight);
  return { x: blocks.map((b) => b.swx / b.sw), y: blocks.map((b) => b.swy / b.sw) };
}

/**
 * The in-sample PAV fit per input row (input order): each row gets its block's mean target, which is what
 * the sum-preservation property holds for. Dropped rows get NaN.
 */
export function isotonicFitted(score: ArrayLike<number>, target: ArrayLike<number>, weight?: ArrayLike<number>): Float64Array {
  const order = sortedPairs(score, target, weight);
  const out = new Float64Array(score.length).fill(NaN);
  for (const b of pav(order, score, target, weight)) {
    for (let k = b.lo; k <= b.hi; k++) out[order[k]] = b.swy / b.sw;
  }
  return out;
}
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * JSON-safe storage form: knots rounded to 6 decimals; knots whose x collide after rounding are merged (mean y, so
 * y stays non-decreasing). Beyond `maxKnots`, keeps knots at evenly spaced indices round(i·(n−1)/(m−1)): deterministic,
 * always keeps the first and last knot (the flat ends), and any subset of a monotone sequence is still monotone.
 */
export function compactIsotonic(iso: Isotonic, maxKnots = 200): Isotonic {
  if (!(maxKnots >= 2)) throw new Error(`compactIsotonic: maxKnots must be >= 2, got ${maxKnots}`);
  const x: number[] = [];
  const y: number[] = [];
  const runLength: number[] = [];
  for (let i = 0; i < iso.x.length; i++) {
    const rx = round6(iso.x[i]);
    const ry = round6(iso.y[i]);
    const j = x.length - 1;
    if (j >= 0 && x[j] === rx) {
      y[j] = (y[j] * runLength[j] + ry) / (runLength[j] + 1);
      runLength[j]++;
    } else {
      x.push(rx);
      y.push(ry);
      runLength.push(1);
    }
  }
  // A merged mean can pick up binary noise beyond 6 decimals.
  for (let j = 0; j < y.length; j++) y[j] = round6(y[j]);
  const n = x.length;
  const m = Math.floor(maxKnots);
  if (n <= m) return { x, y };
  const keep = Array.from({ length: m }, (_, i) => Math.round((i * (n - 1)) / (m - 1)));
  return { x: keep.map((k) => x[k]), y: keep.map((k) => y[k]) };
}
