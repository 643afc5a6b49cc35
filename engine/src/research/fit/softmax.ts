// Multinomial (softmax) logistic regression with L2, the fit half: damped Newton steps, our own small deterministic fitter.
import type { Matrix, SoftmaxModel, Standardisation } from "../../analysis/model/softmax";

export function fitStandardisation(x: Matrix): Standardisation {
  const { rows: n, cols: d, data } = x;
  const mean = new Float64Array(d);
  const ss = new Float64Array(d);
  for (let i = 0, o = 0; i < n; i++, o += d) for (let j = 0; j < d; j++) mean[j] += data[o + j];
  for (let j = 0; j < d; j++) mean[j] /= n || 1;
  // Two passes rather than sum-of-squares so large offsets do not cancel catastrophically.
  for (let i = 0, o = 0; i < n; i++, o += d) {
    for (let j = 0; j < d; j++) {
      const v = data[o + j] - mean[j];
      ss[j] += v * v;
    }
  }
  // A constant column would divide by zero; leaving it unscaled keeps it harmless (it only shifts the intercept).
  const std = Array.from(ss, (v) => Math.sqrt(v / Math.max(1, n - 1)) || 1);
  return { mean: Array.from(mean), std };
}
export type FitOptions = { lambda: number; maxIter?: number; tolerance?: number; sampleWeight?: Float64Array; warmStart?: SoftmaxModel };

/**
 * The fitted parameters live in one flat vector `beta` of B = classes - 1 blocks of D = cols + 1 values
 * (intercept first); the reference class is implicit with all zeros, which removes the softmax's redundancy.
 */
type Problem = {
  n: number;
  d: number;
  D: number;
  B: number;
  x: Float64Array;
  y: Int32Array;
  w: Float64Array | null;
  wSum: number;
  lambda: number;
};

// Rows per Hessian chunk: small enough that the transposed chunk stays in cache, large enough to amortise loop set-up.
const CHUNK = 512;

function prepare(x: Matrix, y: Int32Array | number[], classes: number, opts: FitOptions): Problem {
  const { rows: n, cols: d } = x;
  if (!Number.isInteger(classes) || classes < 2) throw new Error(`fitSoftmax: classes must be an integer >= 2, got ${classes}`);
  if (y.length !== n) throw new Error(`fitSoftmax: ${y.length} labels for ${n} rows`);
  if (x.data.length !== n * d) throw new Error("fitSoftmax: matrix data length does not match rows * cols");
  if (!(opts.lambda >= 0)) throw new Error(`fitSoftmax: lambda must be >= 0, got ${opts.lambda}`);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = y[i];
    if (!Number.isInteger(v) || v < 0 || v >= classes) throw new Error(`fitSoftmax: label ${v} at row ${i} is not in [0, ${classes})`);
    labels[i] = v;
  }
  const w = opts.sampleWeight ?? null;
  let wSum = n;
  if (w) {
    if (w.length !== n) throw new Error(`fitSoftmax: ${w.length} sample weights for ${n} rows`);
    wSum = 0;
    for (let i = 0; i < n; i++) {
      if (!(w[i] >= 0) || !Number.isFinite(w[i])) throw new Error(`fitSoftmax: sample weight ${w[i]} at row ${i}`);
      wSum += w[i];
    }
  }
  if (!(wSum > 0)) throw new Error("fitSoftmax: no rows (or all sample weights zero)");
  return { n, d, D: d + 1, B: classes - 1, x: x.data, y: labels, w, wSum, lambda: opts.lambda };
}

function initialBeta(p: Problem, warm: SoftmaxModel | undefined): Float64Array {
  const { n, d, D, B, y, w } = p;
  const beta = new Float64Array(B * D);
  if (warm) {
    if (warm.classes !== B + 1 || warm.intercepts.length !== B + 1 || warm.weights.some((r) => r.length !== d)) {
      throw new Error("fitSoftmax: warm start model does not match the data's classes and columns");
    }
    // Re-express against the reference class in case the given model did not keep it at zero.
    const ref = warm.weights[B];
    for (let k = 0; k < B; k++) {
      beta[k * D] = warm.intercepts[k] - warm.intercepts[B];
      for (let j = 0; j < d; j++) beta[k * D + 1 + j] = warm.weights[k][j] - ref[j];
    }
    return beta;
  }
  // Base-rate intercepts: the all-noise model is then already optimal and Newton only has to learn real effects.
  const freq = new Float64Array(B + 1);
  for (let i = 0; i < n; i++) freq[y[i]] += w ? w[i] : 1;
  const ref = Math.max(freq[B] / p.wSum, 1e-6);
  for (let k = 0; k < B; k++) beta[k * D] = Math.log(Math.max(freq[k] / p.wSum, 1e-6) / ref);
  return beta;
}

/** Logits of the B non-reference classes for row offset `o` into `z`; returns their max together with the reference's 0. */
function rowLogits(beta: Float64Array, x: Float64Array, o: number, d: number, B: number, z: Float64Array): number {
  const D = d + 1;
  let max = 0;
  for (let k = 0; k < B; k++) {
    const bo = k * D + 1;
    let s = beta[bo - 1];
    for (let j = 0; j < d; j++) s += beta[bo + j] * x[o + j];
    z[k] = s;
    if (s > max) max = s;
  }
  return max;
}

function penalty(p: Problem, beta: Float64Array): number {
  let s = 0;
  for (let k = 0; k < p.B; k++) for (let j = 1; j < p.D; j++) s += beta[k * p.D + j] ** 2;
  return 0.5 * p.lambda * s;
}

/** The objective being minimised: weighted mean negative log-likelihood plus the L2 penalty. */
function penalisedLoss(p: Problem, beta: Float64Array): number {
  const { n, d, B, x, y, w } = p;
  const z = new Float64Array(B);
  let nll = 0;
  for (let i = 0, o = 0; i < n; i++, o += d) {
    const max = rowLogits(beta, x, o, d, B, z);
    let sum = Math.exp(-max);
    for (let k = 0; k < B; k++) sum += Math.exp(z[k] - max);
    const yi = y[i];
    nll += (w ? w[i] : 1) * (max + Math.log(sum) - (yi < B ? z[yi] : 0));
  }
  return nll / p.wSum + penalty(p, beta);
}

type Scratch = { z: Float64Array; prob: Float64Array; cols: Float64Array; a: Float64Array; b: Float64Array; Q: number };

function makeScratch(p: Problem): Scratch {
  const Q = (p.B * (p.B + 1)) / 2;
  const cols = new Float64Array(p.D * CHUNK);
  // Column 0 is the intercept's constant 1 and is never overwritten.
  cols.fill(1, 0, CHUNK);
  return { z: new Float64Array(p.B), prob: new Float64Array(p.B), cols, a: new Float64Array(Q * CHUNK), b: new Float64Array(Q * CHUNK), Q };
}

/**
 * One chunk of rows: adds to the gradient, writes each row's Hessian weights w*p_k*(δ_kl - p_l) per block pair
 * (k <= l) into s.a and the rows transposed into s.cols, and returns the chunk's weighted negative log-likelihood.
 */
function chunkRows(p: Problem, beta: Float64Array, r0: number, len: number, s: Scratch, grad: Float64Array): number {
  const { d, D, B, x, y, w } = p;
  const { z, prob, cols, a } = s;
  let nll = 0;
  for (let r = 0; r < len; r++) {
    const i = r0 + r;
    const o = i * d;
    const max = rowLogits(beta, x, o, d, B, z);
    let sum = Math.exp(-max);
    for (let k = 0; k < B; k++) {
      prob[k] = Math.exp(z[k] - max);
      sum += prob[k];
    }
    const yi = y[i];
    const wi = w ? w[i] : 1;
    nll += wi * (max + Math.log(sum) - (yi < B ? z[yi] : 0));
    const inv = 1 / sum;
    for (let k = 0; k < B; k++) prob[k] *= inv;
    for (let k = 0; k < B; k++) {
      const rk = wi * (prob[k] - (yi === k ? 1 : 0));
      const go = k * D;
      grad[go] += rk;
      for (let j = 0; j < d; j++) grad[go + 1 + j] += rk * x[o + j];
    }
    for (let k = 0, q = 0; k < B; k++) {
      const wp = wi * prob[k];
      for (let l = k; l < B; l++, q++) a[q * CHUNK + r] = wp * ((k === l ? 1 : 0) - prob[l]);
    }
    for (let j = 0; j < d; j++) cols[(j + 1) * CHUNK + r] = x[o + j];
  }
  return nll;
}

/**
 * Upper triangle of sum_r a_q[r] * x_r x_r^T for the three block pairs of a 3-class model, fused so each
 * product of two columns is read once; accumulators stay in registers and two output columns share each load.
 */
function hessianChunk3(s: Scratch, len: number, D: number, S: Float64Array): void {
  const { cols, a, b } = s;
  const DD = D * D;
  for (let j = 0; j < D; j++) {
    const oj = j * CHUNK;
    for (let r = 0; r < len; r++) {
      const xj = cols[oj + r];
      b[r] = a[r] * xj;
      b[CHUNK + r] = a[CHUNK + r] * xj;
      b[2 * CHUNK + r] = a[2 * CHUNK + r] * xj;
    }
    let m = j;
    for (; m + 1 < D; m += 2) {
      const om = m * CHUNK;
      const om1 = om + CHUNK;
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        t0 = 0,
        t1 = 0,
        t2 = 0;
      for (let r = 0; r < len; r++) {
        const b0 = b[r],
          b1 = b[CHUNK + r],
          b2 = b[2 * CHUNK + r];
        const u = cols[om + r],
          v = cols[om1 + r];
        s0 += b0 * u;
        s1 += b1 * u;
        s2 += b2 * u;
        t0 += b0 * v;
        t1 += b1 * v;
        t2 += b2 * v;
      }
      const o = j * D + m;
      S[o] += s0;
      S[DD + o] += s1;
      S[2 * DD + o] += s2;
      S[o + 1] += t0;
      S[DD + o + 1] += t1;
      S[2 * DD + o + 1] += t2;
    }
    if (m < D) {
      const om = m * CHUNK;
      let s0 = 0,
        s1 = 0,
        s2 = 0;
      for (let r = 0; r < len; r++) {
        const u = cols[om + r];
        s0 += b[r] * u;
        s1 += b[CHUNK + r] * u;
        s2 += b[2 * CHUNK + r] * u;
      }
      const o = j * D + m;
      S[o] += s0;
      S[DD + o] += s1;
      S[2 * DD + o] += s2;
    }
  }
}

/** Any number of classes: one dot product per block pair, slower than the fused 3-class kernel but general. */
function hessianChunkAny(s: Scratch, len: number, D: number, S: Float64Array): void {
  const { cols, a, b, Q } = s;
  const DD = D * D;
  for (let j = 0; j < D; j++) {
    const oj = j * CHUNK;
    for (let q = 0; q < Q; q++) for (let r = 0; r < len; r++) b[q * CHUNK + r] = a[q * CHUNK + r] * cols[oj + r];
    for (let m = j; m < D; m++) {
      const om = m * CHUNK;
      for (let q = 0; q < Q; q++) {
        const bq = q * CHUNK;
        let acc = 0;
        for (let r = 0; r < len; r++) acc += b[bq + r] * cols[om + r];
        S[q * DD + j * D + m] += acc;
      }
    }
  }
}

/** Gradient and per-block-pair Hessian sums (unnormalised) at beta; returns the penalised loss at beta. */
function accumulate(p: Problem, beta: Float64Array, s: Scratch, grad: Float64Array, S: Float64Array): number {
  grad.fill(0);
  S.fill(0);
  let nll = 0;
  for (let r0 = 0; r0 < p.n; r0 += CHUNK) {
    const len = Math.min(CHUNK, p.n - r0);
    nll += chunkRows(p, beta, r0, len, s, grad);
    if (s.Q === 3) hessianChunk3(s, len, p.D, S);
    else hessianChunkAny(s, len, p.D, S);
  }
  return nll / p.wSum + penalty(p, beta);
}

/** Full penalised Hessian of size (B*D)^2 from the block-pair upper triangles, normalised like the objective. */
function assembleHessian(p: Problem, S: Float64Array): Float64Array {
  const { D, B, wSum, lambda } = p;
  const P = B * D;
  const DD = D * D;
  const h = new Float64Array(P * P);
  for (let k = 0, q = 0; k < B; k++) {
    for (let l = k; l < B; l++, q++) {
      for (let j = 0; j < D; j++) {
        for (let m = j; m < D; m++) {
          const v = S[q * DD + j * D + m] / wSum;
          // Each block is a scalar-weighted sum of x x^T, hence symmetric itself; the block (l, k) is its transpose.
          const r1 = k * D + j,
            c1 = l * D + m,
            r2 = k * D + m,
            c2 = l * D + j;
          h[r1 * P + c1] = v;
          h[r2 * P + c2] = v;
          h[c1 * P + r1] = v;
          h[c2 * P + r2] = v;
        }
      }
    }
  }
  for (let k = 0; k < B; k++) for (let j = 1; j < D; j++) h[(k * D + j) * (P + 1)] += lambda;
  return h;
}

/**
 * Solves h x = g by Cholesky. Pivots are floored so a (near-)singular Hessian, e.g. an unpenalised fit on
 * separable data, still yields a descent direction that the line search can shorten.
 */
function solveSpd(h: Float64Array, g: Float64Array, P: number): Float64Array {
  let scale = 0;
  for (let i = 0; i < P; i++) scale = Math.max(scale, Math.abs(h[i * (P + 1)]));
  const floor = (scale || 1) * 1e-12;
  for (let j = 0; j < P; j++) {
    let s = h[j * P + j];
    for (let k = 0; k < j; k++) s -= h[j * P + k] * h[j * P + k];
    const ljj = Math.sqrt(Math.max(s, floor));
    h[j * P + j] = ljj;
    for (let i = j + 1; i < P; i++) {
      let t = h[i * P + j];
      for (let k = 0; k < j; k++) t -= h[i * P + k] * h[j * P + k];
      h[i * P + j] = t / ljj;
    }
  }
  const x = Float64Array.from(g);
  for (let i = 0; i < P; i++) {
    let t = x[i];
    for (let k = 0; k < i; k++) t -= h[i * P + k] * x[k];
    x[i] = t / h[i * P + i];
  }
  for (let i = P - 1; i >= 0; i--) {
    let t = x[i];
    for (let k = i + 1; k < P; k++) t -= h[k * P + i] * x[k];
    x[i] = t / h[i * P + i];
  }
  return x;
}

function maxAbs(v: Float64Array, scale = 1): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i] * scale));
  return m;
}

/** Halves the step until the objective does not increase; null when 20 halvings could not achieve that. */
function lineSearch(p: Problem, beta: Float64Array, dir: Float64Array, loss0: number): { next: Float64Array; t: number } | null {
  const next = new Float64Array(beta.length);
  for (let h = 0, t = 1; h <= 20; h++, t /= 2) {
    for (let i = 0; i < beta.length; i++) next[i] = beta[i] - t * dir[i];
    if (penalisedLoss(p, next) <= loss0) return { next, t };
  }
  return null;
}

function toModel(p: Problem, beta: Float64Array, iterations: number): SoftmaxModel {
  const { d, D, B } = p;
  const intercepts: number[] = [];
  const weights: number[][] = [];
  for (let k = 0; k < B; k++) {
    intercepts.push(beta[k * D]);
    weights.push(Array.from(beta.subarray(k * D + 1, (k + 1) * D)));
  }
  intercepts.push(0);
  weights.push(new Array<number>(d).fill(0));
  return { classes: B + 1, intercepts, weights, iterations };
}

/**
 * Minimises (1/sum w) * sum_i w_i * -log p(y_i | x_i) + lambda/2 * |W|^2 (intercepts not penalised).
 * Columns should be standardised so one lambda means the same for every feature; deterministic for the same input.
 */
export function fitSoftmax(x: Matrix, y: Int32Array | number[], classes: number, opts: FitOptions): SoftmaxModel {
  const p = prepare(x, y, classes, opts);
  const maxIter = opts.maxIter ?? 30;
  const tol = opts.tolerance ?? 1e-7;
  let beta = initialBeta(p, opts.warmStart);
  const s = makeScratch(p);
  const grad = new Float64Array(p.B * p.D);
  const S = new Float64Array(s.Q * p.D * p.D);
  let it = 0;
  while (it < maxIter) {
    it++;
    const loss0 = accumulate(p, beta, s, grad, S);
    for (let k = 0; k < p.B; k++) {
      for (let j = 0; j < p.D; j++) grad[k * p.D + j] = grad[k * p.D + j] / p.wSum + (j > 0 ? p.lambda * beta[k * p.D + j] : 0);
    }
    const dir = solveSpd(assembleHessian(p, S), grad, p.B * p.D);
    if (maxAbs(dir) < tol) {
      // Already converged: the loss differences are at rounding level, so a comparison could wrongly reject it.
      for (let i = 0; i < beta.length; i++) beta[i] -= dir[i];
      break;
    }
    const found = lineSearch(p, beta, dir, loss0);
    if (!found) break;
    beta = found.next;
    if (maxAbs(dir, found.t) < tol) break;
  }
  return toModel(p, beta, it);
}
