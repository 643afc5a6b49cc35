// The apply half of a fitted scorer: raw scores of input rows (trees or softmax) and the novelty distance; fitting lives in research/.
import { predictMatrix as predictTrees, type Gbdt } from "./gbdt";
import { predictMatrix, type SoftmaxModel, type Standardisation } from "./softmax";

/** A fitted scorer: higher = better expected R for that side. Serialisable, so a model version ships exactly what was measured. */
export type Fitted = { kind: "gbdt"; model: Gbdt } | { kind: "softmax"; model: SoftmaxModel; std: Standardisation; m: number };

/** Standardisation and the novelty bar (99.5th percentile of the training rows' RMS standardised distance). */
export type Novelty = { std: Standardisation; bar: number };

export function noveltyDistance(row: ArrayLike<number>, s: Standardisation): number {
  let v = 0;
  for (let j = 0; j < s.mean.length; j++) v += ((row[j] - s.mean[j]) / s.std[j]) ** 2;
  return Math.sqrt(v / s.mean.length);
}

export function subRows(x: Float32Array, d: number, rows: ArrayLike<number>): Float32Array {
  const out = new Float32Array(rows.length * d);
  for (let r = 0; r < rows.length; r++) out.set(x.subarray(rows[r] * d, rows[r] * d + d), r * d);
  return out;
}

/** Raw scores of `rows` under a fitted scorer (softmax: P(TP)·m − P(SL), the expected R its probabilities imply before costs). */
export function scoreRows(f: Fitted, x: Float32Array, d: number, rows: ArrayLike<number>): Float64Array {
  const sub = subRows(x, d, rows);
  if (f.kind === "gbdt") return predictTrees(f.model, sub, rows.length, d);
  const data = Float64Array.from(sub, (v, i) => (v - f.std.mean[i % d]) / f.std.std[i % d]);
  const pr = predictMatrix(f.model, { rows: rows.length, cols: d, data });
  return Float64Array.from({ length: rows.length }, (_, r) => pr[r * 3] * f.m - pr[r * 3 + 1]);
}
