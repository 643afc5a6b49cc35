// L2-regularised logistic regression (Newton/IRLS), standardisation, Platt calibration and fit metrics: our own small fitter.

export type Standardisation = { mean: number[]; std: number[] };
export type LogisticModel = { intercept: number; weights: number[] };

export function fitStandardisation(rows: number[][]): Standardisation {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j] += r[j];
  for (let j = 0; j < d; j++) mean[j] /= rows.length || 1;
  for (const r of rows) for (let j = 0; j < d; j++) std[j] += (r[j] - mean[j]) ** 2;
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j] / Math.max(1, rows.length - 1)) || 1;
  return { mean, std };
}

export function standardise(x: number[], s: Standardisation): number[] {
  return x.map((v, j) => (v - s.mean[j]) / s.std[j]);
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

function solve(a: number[][], b: number[]): number[] {
  // Gaussian elimination with partial pivoting; the Hessian is small (features + 1).
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    const piv = m[c][c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / piv;
      if (f !== 0) for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / (m[r][r] || 1e-12);
  }
  return x;
}

/**
 * Minimises mean log-loss + lambda/2 * |w|^2 (intercept not penalised) by Newton steps.
 * Rows must already be standardised; deterministic for the same input.
 */
export function fitLogistic(rows: number[][], y: number[], lambda: number, iterations = 25): LogisticModel {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const beta = new Array<number>(d + 1).fill(0);
  const ybar = y.reduce((a, b) => a + b, 0) / Math.max(1, n);
  beta[0] = Math.log(Math.max(1e-6, ybar) / Math.max(1e-6, 1 - ybar));
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(d + 1).fill(0);
    const h = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const x = rows[i];
      let z = beta[0];
      for (let j = 0; j < d; j++) z += beta[j + 1] * x[j];
      const p = sigmoid(z);
      const e = p - y[i];
      const wgt = Math.max(p * (1 - p), 1e-9);
      g[0] += e;
      h[0][0] += wgt;
      for (let j = 0; j < d; j++) {
        const xj = x[j];
        g[j + 1] += e * xj;
        h[0][j + 1] += wgt * xj;
        const hj = h[j + 1];
        for (let k = j; k < d; k++) hj[k + 1] += wgt * xj * x[k];
      }
    }
    for (let j = 0; j <= d; j++) {
      g[j] /= n;
      for (let k = j; k <= d; k++) {
        h[j][k] /= n;
        h[k][j] = h[j][k];
      }
    }
    for (let j = 1; j <= d; j++) {
      g[j] += lambda * beta[j];
      h[j][j] += lambda;
    }
    const step = solve(h, g);
    let maxStep = 0;
    for (let j = 0; j <= d; j++) {
      beta[j] -= step[j];
      maxStep = Math.max(maxStep, Math.abs(step[j]));
    }
    if (maxStep < 1e-8) break;
  }
  return { intercept: beta[0], weights: beta.slice(1) };
}

export function linear(m: LogisticModel, x: number[]): number {
  let z = m.intercept;
  for (let j = 0; j < m.weights.length; j++) z += m.weights[j] * x[j];
  return z;
}

/** Platt scaling: p = sigmoid(a * z + b) fitted on a later (validation) fold's raw scores z. */
export type Platt = { a: number; b: number };
export function fitPlatt(z: number[], y: number[]): Platt {
  const m = fitLogistic(z.map((v) => [v]), y, 0);
  return { a: m.weights[0], b: m.intercept };
}

export type Metrics = { n: number; base_rate: number; log_loss: number; brier: number; auc: number };

export function metrics(p: number[], y: number[]): Metrics {
  const n = p.length;
  let ll = 0;
  let br = 0;
  for (let i = 0; i < n; i++) {
    const q = Math.min(1 - 1e-12, Math.max(1e-12, p[i]));
    ll -= y[i] ? Math.log(q) : Math.log(1 - q);
    br += (p[i] - y[i]) ** 2;
  }
  // AUC by rank (Mann-Whitney) with ties averaged.
  const idx = p.map((_, i) => i).sort((a, b) => p[a] - p[b]);
  let rankSumPos = 0;
  let pos = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && p[idx[j + 1]] === p[idx[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (y[idx[k]]) {
      rankSumPos += rank;
      pos++;
    }
    i = j + 1;
  }
  const neg = n - pos;
  const auc = pos && neg ? (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg) : 0.5;
  const r = (x: number) => Math.round(x * 10000) / 10000;
  return { n, base_rate: r(pos / Math.max(1, n)), log_loss: r(ll / Math.max(1, n)), brier: r(br / Math.max(1, n)), auc: r(auc) };
}
