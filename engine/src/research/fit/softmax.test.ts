// The softmax fitter recovers planted effects, shrinks with L2, stays finite and deterministic, and honours warm starts and weights.
import { describe, expect, test } from "bun:test";
import {
  logLoss,
  matrix,
  predictMatrix,
  predictRow,
  standardiseInPlace,
  standardiseRow,
  type Matrix,
  type SoftmaxModel,
} from "../../analysis/model/softmax";
import { fitSoftmax, fitStandardisation } from "./softmax";

// Inline so the test does not depend on another module's PRNG staying unchanged.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws a class from logits (last entry the reference) with one uniform number. */
function draw(logits: number[], u: number): number {
  const e = logits.map(Math.exp);
  let r = u * e.reduce((a, b) => a + b, 0);
  for (let k = 0; k < e.length - 1; k++) {
    if (r < e[k]) return k;
    r -= e[k];
  }
  return e.length - 1;
}

/** class0 = 0.3 + 2*x0, class1 = -0.2 - 1.5*x1, class2 = 0; x2 is noise. */
function planted(n: number, seed: number): { x: Matrix; y: Int32Array } {
  const rnd = mulberry32(seed);
  const data = new Float64Array(n * 3);
  const y = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x0 = rnd() * 2 - 1,
      x1 = rnd() * 2 - 1,
      x2 = rnd() * 2 - 1;
    data.set([x0, x1, x2], i * 3);
    y[i] = draw([0.3 + 2 * x0, -0.2 - 1.5 * x1, 0], rnd());
  }
  return { x: { rows: n, cols: 3, data }, y };
}

function maxDiff(a: SoftmaxModel, b: SoftmaxModel): number {
  let m = 0;
  for (let k = 0; k < a.classes; k++) {
    m = Math.max(m, Math.abs(a.intercepts[k] - b.intercepts[k]));
    for (let j = 0; j < a.weights[k].length; j++) m = Math.max(m, Math.abs(a.weights[k][j] - b.weights[k][j]));
  }
  return m;
}

const data30k = planted(30_000, 7);

describe("softmax fitter", () => {
  test("recovers planted effects and ignores a noise feature", () => {
    const m = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0 });
    const truth = [
      [0.3, 2, 0, 0],
      [-0.2, 0, -1.5, 0],
    ];
    for (let k = 0; k < 2; k++) {
      expect(Math.abs(m.intercepts[k] - truth[k][0])).toBeLessThan(0.25);
      expect(Math.abs(m.weights[k][0] - truth[k][1])).toBeLessThan(0.25);
      expect(Math.abs(m.weights[k][1] - truth[k][2])).toBeLessThan(0.25);
      expect(Math.abs(m.weights[k][2])).toBeLessThan(0.15);
    }
    // The reference class is stored explicitly as zeros.
    expect(m.intercepts[2]).toBe(0);
    expect(m.weights[2]).toEqual([0, 0, 0]);
  });

  test("L2 shrinks weights toward 0 without flipping signs", () => {
    const free = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0 });
    const shrunk = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 1 });
    const norm = (m: SoftmaxModel) => m.weights.flat().reduce((s, v) => s + v * v, 0);
    expect(norm(shrunk)).toBeLessThan(0.5 * norm(free));
    // The planted effects: smaller in size, same sign.
    for (const [k, j] of [
      [0, 0],
      [1, 1],
    ]) {
      expect(Math.sign(shrunk.weights[k][j])).toBe(Math.sign(free.weights[k][j]));
      expect(Math.abs(shrunk.weights[k][j])).toBeLessThan(Math.abs(free.weights[k][j]));
      expect(Math.abs(shrunk.weights[k][j])).toBeGreaterThan(0.05);
    }
  });

  test("the fit is a stationary point of the stated objective (weighted mean NLL + lambda/2 |W|^2)", () => {
    const { x, y } = planted(5000, 13);
    const lambda = 0.05;
    const sampleWeight = Float64Array.from({ length: x.rows }, (_, i) => 0.5 + (i % 3));
    const m = fitSoftmax(x, y, 3, { lambda, sampleWeight });
    const p = predictMatrix(m, x);
    const wSum = sampleWeight.reduce((a, b) => a + b, 0);
    // Gradient by class k < 2 and column j (0 = intercept), computed independently of the fitter.
    const g = [new Array(4).fill(0), new Array(4).fill(0)];
    for (let i = 0; i < x.rows; i++) {
      for (let k = 0; k < 2; k++) {
        const r = (sampleWeight[i] * (p[i * 3 + k] - (y[i] === k ? 1 : 0))) / wSum;
        g[k][0] += r;
        for (let j = 0; j < 3; j++) g[k][j + 1] += r * x.data[i * 3 + j];
      }
    }
    for (let k = 0; k < 2; k++) {
      expect(Math.abs(g[k][0])).toBeLessThan(1e-8);
      for (let j = 0; j < 3; j++) expect(Math.abs(g[k][j + 1] + lambda * m.weights[k][j])).toBeLessThan(1e-8);
    }
  });

  test("huge lambda with useless features predicts the class frequencies", () => {
    const rnd = mulberry32(3);
    const n = 5000;
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < n; i++) {
      rows.push([rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1]);
      const u = rnd();
      y.push(u < 0.5 ? 0 : u < 0.8 ? 1 : 2);
    }
    const freq = [0, 1, 2].map((k) => y.filter((v) => v === k).length / n);
    const x = matrix(rows);
    const m = fitSoftmax(x, y, 3, { lambda: 1e6 });
    const p = predictMatrix(m, x);
    for (const i of [0, 1234, n - 1]) for (let k = 0; k < 3; k++) expect(Math.abs(p[i * 3 + k] - freq[k])).toBeLessThan(0.01);
  });

  test("deterministic: the same data gives the identical model", () => {
    const a = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0.01 });
    const b = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0.01 });
    expect(a).toEqual(b);
  });

  test("perfectly separable data stays finite, and the line search recovers from a confidently wrong start", () => {
    const rnd = mulberry32(5);
    const rows: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const v = rnd() * 2 - 1;
      if (Math.abs(Math.abs(v) - 1 / 3) < 0.02) continue; // a clear margin, so the data is separable
      rows.push([v, rnd() * 2 - 1]);
      y.push(v < -1 / 3 ? 0 : v > 1 / 3 ? 1 : 2);
    }
    const x = matrix(rows);
    const m = fitSoftmax(x, y, 3, { lambda: 1e-3 });
    for (const v of [...m.intercepts, ...m.weights.flat()]) expect(Number.isFinite(v)).toBe(true);
    const p = predictMatrix(m, x);
    for (const v of p) expect(Number.isFinite(v)).toBe(true);
    let correct = 0;
    for (let i = 0; i < y.length; i++) {
      const row = [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]];
      if (row.indexOf(Math.max(...row)) === y[i]) correct++;
    }
    expect(correct / y.length).toBeGreaterThan(0.99);
    // Far outside the data the logits are large, yet the probabilities stay a proper distribution.
    const far = predictRow(m, [1e6, 0]);
    expect(far.every(Number.isFinite)).toBe(true);
    expect(far[1]).toBeCloseTo(1, 12);
    // From a confidently wrong start the probabilities saturate and the Hessian nearly vanishes: undamped
    // Newton jumps to ~1e14 here; halving keeps every step downhill and lands on the same optimum.
    const wrong: SoftmaxModel = {
      classes: 3,
      intercepts: [0, 0, 0],
      weights: [
        [20, 0],
        [-20, 0],
        [0, 0],
      ],
    };
    const fromWrong = fitSoftmax(x, y, 3, { lambda: 1e-3, warmStart: wrong });
    expect(maxDiff(fromWrong, m)).toBeLessThan(1e-6);
  });

  test("warm start from the solution converges at once to the same model", () => {
    const cold = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0.01 });
    const warm = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0.01, warmStart: cold });
    expect(cold.iterations!).toBeGreaterThan(2);
    expect(warm.iterations!).toBeLessThanOrEqual(2);
    expect(maxDiff(cold, warm)).toBeLessThan(1e-9);
  });

  test("sample weight 2 equals duplicating the row", () => {
    const n = 4000;
    const { x, y } = planted(n, 11);
    const dupRows = n + n / 2;
    const dup = new Float64Array(dupRows * 3);
    const dupY = new Int32Array(dupRows);
    dup.set(x.data);
    dupY.set(y);
    // Duplicate every even row.
    for (let i = 0, r = n; i < n; i += 2, r++) {
      dup.set(x.data.subarray(i * 3, i * 3 + 3), r * 3);
      dupY[r] = y[i];
    }
    const sampleWeight = Float64Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 2 : 1));
    const weighted = fitSoftmax(x, y, 3, { lambda: 0.01, sampleWeight });
    const duplicated = fitSoftmax({ rows: dupRows, cols: 3, data: dup }, dupY, 3, { lambda: 0.01 });
    const unweighted = fitSoftmax(x, y, 3, { lambda: 0.01 });
    expect(maxDiff(weighted, duplicated)).toBeLessThan(1e-6);
    // The weights do change the answer, so the comparison above is not vacuous.
    expect(maxDiff(weighted, unweighted)).toBeGreaterThan(1e-3);
  });

  test("logLoss on a hand-computed example, clipping a zero probability", () => {
    const p = Float64Array.from([0.7, 0.2, 0.1, 0.1, 0.1, 0.8, 0, 0.5, 0.5]);
    // (-ln 0.7 - ln 0.8 - ln 1e-12) / 3 = (0.356675 + 0.223144 + 27.631021) / 3
    expect(logLoss(p, [0, 2, 0], 3)).toBeCloseTo(9.403613, 5);
    expect(logLoss(p, [0, 2, 1], 3)).toBeCloseTo((0.356675 + 0.223144 + Math.LN2) / 3, 5);
  });

  test("standardisation: mean 0, sample std 1, a constant column left unscaled", () => {
    const x = matrix([
      [1, 5, 10],
      [3, 5, 20],
      [5, 5, 60],
    ]);
    const s = fitStandardisation(x);
    expect(s.mean).toEqual([3, 5, 30]);
    expect(s.std[0]).toBeCloseTo(2, 12);
    expect(s.std[1]).toBe(1);
    expect(Array.from(standardiseRow([5, 7, 30], s))).toEqual([1, 2, 0]);
    standardiseInPlace(x, s);
    expect(Array.from(x.data.subarray(0, 3))).toEqual(Array.from(standardiseRow([1, 5, 10], s)));
    expect(x.data[0]).toBe(-1);
    expect(() => matrix([[1, 2], [3]])).toThrow();
  });

  test("predictMatrix matches predictRow and rows sum to 1", () => {
    const m = fitSoftmax(data30k.x, data30k.y, 3, { lambda: 0.01 });
    const p = predictMatrix(m, data30k.x);
    for (const i of [0, 17, 29_999]) {
      const r = predictRow(m, data30k.x.data.subarray(i * 3, i * 3 + 3));
      expect(r[0] + r[1] + r[2]).toBeCloseTo(1, 12);
      expect(Array.from(p.subarray(i * 3, i * 3 + 3))).toEqual(r);
    }
  });
});
