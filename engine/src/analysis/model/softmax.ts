// Multinomial (softmax) logistic regression, the apply half: standardising rows and scoring a fitted model (the fit is research/fit/softmax.ts).

export type Matrix = { rows: number; cols: number; data: Float64Array }; // row-major

export function matrix(rows: number[][]): Matrix {
  const n = rows.length;
  const d = n ? rows[0].length : 0;
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    if (rows[i].length !== d) throw new Error(`matrix: row ${i} has ${rows[i].length} values, expected ${d}`);
    data.set(rows[i], i * d);
  }
  return { rows: n, cols: d, data };
}

export type Standardisation = { mean: number[]; std: number[] };

export function standardiseInPlace(x: Matrix, s: Standardisation): void {
  const { rows: n, cols: d, data } = x;
  // Divide (not multiply by a reciprocal) so a row standardised here equals standardiseRow's bit for bit.
  for (let i = 0, o = 0; i < n; i++, o += d) for (let j = 0; j < d; j++) data[o + j] = (data[o + j] - s.mean[j]) / s.std[j];
}

export function standardiseRow(row: ArrayLike<number>, s: Standardisation): Float64Array {
  const out = new Float64Array(row.length);
  for (let j = 0; j < row.length; j++) out[j] = (row[j] - s.mean[j]) / s.std[j];
  return out;
}

/** weights[k][j]; the reference (last) class is stored with intercept 0 and zero weights. */
export type SoftmaxModel = { classes: number; intercepts: number[]; weights: number[][]; iterations?: number };

export function predictRow(m: SoftmaxModel, row: ArrayLike<number>): number[] {
  const K = m.classes;
  const z = new Array<number>(K);
  let max = -Infinity;
  for (let k = 0; k < K; k++) {
    const wk = m.weights[k];
    let s = m.intercepts[k];
    for (let j = 0; j < wk.length; j++) s += wk[j] * row[j];
    z[k] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let k = 0; k < K; k++) {
    z[k] = Math.exp(z[k] - max);
    sum += z[k];
  }
  for (let k = 0; k < K; k++) z[k] /= sum;
  return z;
}

export function predictMatrix(m: SoftmaxModel, x: Matrix): Float64Array {
  const { rows: n, cols: d, data } = x;
  const K = m.classes;
  const out = new Float64Array(n * K);
  for (let i = 0; i < n; i++) {
    const p = predictRow(m, data.subarray(i * d, (i + 1) * d));
    for (let k = 0; k < K; k++) out[i * K + k] = p[k];
  }
  return out;
}

/** Mean negative log-probability of the true class; clipped so one confident miss costs ~27.6, not Infinity. */
export function logLoss(p: Float64Array, y: ArrayLike<number>, classes: number): number {
  const n = y.length;
  if (p.length !== n * classes) throw new Error(`logLoss: ${p.length} probabilities for ${n} rows x ${classes} classes`);
  let s = 0;
  for (let i = 0; i < n; i++) s -= Math.log(Math.min(1, Math.max(1e-12, p[i * classes + y[i]])));
  return s / (n || 1);
}
