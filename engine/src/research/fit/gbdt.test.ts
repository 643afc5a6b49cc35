// The GBDT trainer bins exactly as documented, finds planted splits, matches hand-computed leaves, honours minLeaf, is deterministic, and scores raw rows like binned ones.
import { describe, expect, test } from "bun:test";
import { type Binning, binMatrix, binOf, type Gbdt, predictBinned, predictMatrix, predictRow, type Tree } from "../../analysis/model/gbdt";
import { fitBinning, fitGbdt, type GbdtOptions } from "./gbdt";

// Inline so the test does not depend on another module's PRNG staying unchanged.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uniform(n: number, d: number, seed: number, lo = 0, hi = 1): Float64Array {
  const r = mulberry32(seed);
  return Float64Array.from({ length: n * d }, () => lo + (hi - lo) * r());
}

const OPTS: GbdtOptions = { trees: 50, learningRate: 0.1, maxLeaves: 8, minLeaf: 20, l2: 1, subsample: 1, seed: 7 };

function fit(
  x: Float64Array | Float32Array,
  n: number,
  d: number,
  y: ArrayLike<number>,
  opts: Partial<GbdtOptions> = {},
  rows: number[] | null = null,
) {
  const b = fitBinning(x, n, d, opts.maxBins ?? 64);
  const bins = binMatrix(x, n, d, b);
  const m = fitGbdt(bins, n, d, b, y, rows, { ...OPTS, ...opts });
  return { b, bins, m };
}

// Leaf node index of raw row r in a tree.
function leafOf(t: Tree, x: ArrayLike<number>, o: number): number {
  let i = 0;
  while (t.feature[i] !== -1) i = x[o + t.feature[i]] <= t.threshold[i] ? t.left[i] : t.right[i];
  return i;
}

function splitFeatures(m: Gbdt): number[] {
  return m.trees.flatMap((t) => t.feature.filter((f) => f !== -1));
}

describe("binning", () => {
  test("edges are strictly ascending, at most maxBins − 1, and bin(v) = number of edges < v", () => {
    const n = 5000;
    const x = uniform(n, 2, 1, -3, 3);
    const b = fitBinning(x, n, 2, 16);
    const bins = binMatrix(x, n, 2, b);
    for (const e of b.edges) {
      expect(e.length).toBeLessThanOrEqual(15);
      expect(e.length).toBeGreaterThan(10);
      for (let k = 1; k < e.length; k++) expect(e[k]).toBeGreaterThan(e[k - 1]);
    }
    for (let i = 0; i < n * 2; i++) {
      const e = b.edges[i % 2];
      expect(bins[i]).toBe(e.filter((v) => v < x[i]).length);
    }
  });

  test("few distinct values get one bin each; constant features get none; NaN lands in the last bin", () => {
    const x = Float64Array.from([0, 5, 1, 5, 2, 5, 1, 5, 0, 5, 2, 5]); // feature 0 ∈ {0,1,2}, feature 1 constant
    const b = fitBinning(x, 6, 2);
    expect(Array.from(b.edges[0])).toEqual([0.5, 1.5]);
    expect(b.edges[1].length).toBe(0);
    expect(Array.from(binMatrix(x, 6, 2, b))).toEqual([0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 2, 0]);
    expect(binOf(b.edges[0], Number.NaN)).toBe(2);
    expect(binOf(b.edges[0], 0.5)).toBe(0); // a value equal to an edge goes to the lower bin, like x <= threshold goes left
  });

  test("a heavy repeated value does not swallow its neighbours and the sample is deterministic", () => {
    const n = 20000;
    const r = mulberry32(3);
    const x = Float64Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 0 : r() - 0.5));
    const b1 = fitBinning(x, n, 1, 32, 5000);
    const b2 = fitBinning(x, n, 1, 32, 5000);
    expect(Array.from(b1.edges[0])).toEqual(Array.from(b2.edges[0]));
    const bins = binMatrix(x, n, 1, b1);
    const zeroBin = binOf(b1.edges[0], 0);
    let inZeroBin = 0;
    for (let i = 0; i < n; i++) if (bins[i] === zeroBin) inZeroBin++;
    expect(inZeroBin).toBeLessThan(n * 0.5 + n * 0.05); // the zeros plus at most a sliver of neighbours
  });
});

describe("fitGbdt", () => {
  test("hand-computed: 8 rows, 1 tree, 2 leaves, l2 = 0, lr = 1 → leaf values are the mean residual of each side", () => {
    const y = [1, 2, 3, 4, 10, 11, 12, 13];
    const x = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const opts = { trees: 1, learningRate: 1, maxLeaves: 2, minLeaf: 1, l2: 0 };
    const { m } = fit(x, 8, 1, y, opts);
    expect(m.base).toBe(7);
    expect(m.trees.length).toBe(1);
    const t = m.trees[0];
    // Residuals −6 −5 −4 −3 | 3 4 5 6: the best cut is between 4 and 5 (gain 18²/4 + 18²/4 = 162 beats 15²/3 + 15²/5 = 120).
    expect(t.feature).toEqual([0, -1, -1]);
    expect(t.threshold[0]).toBe(4.5);
    expect(t.value[t.left[0]]).toBe(-4.5);
    expect(t.value[t.right[0]]).toBe(4.5);
    expect(Array.from(predictMatrix(m, x, 8, 1))).toEqual([2.5, 2.5, 2.5, 2.5, 11.5, 11.5, 11.5, 11.5]);
    // With l2 = 2 and lr = 0.5 each leaf shrinks to −G/(H + l2) × lr = ∓18/6 × 0.5.
    const shrunk = fit(x, 8, 1, y, { ...opts, l2: 2, learningRate: 0.5 }).m.trees[0];
    expect(shrunk.value[shrunk.left[0]]).toBe(-1.5);
    expect(shrunk.value[shrunk.right[0]]).toBe(1.5);
  });

  test("step y = [x0 > 0.3]: first split on feature 0 at the edge nearest 0.3, predictions close to the truth", () => {
    const n = 4000;
    const d = 3;
    const x = uniform(n, d, 11);
    const y = Array.from({ length: n }, (_, i) => (x[i * d] > 0.3 ? 1 : 0));
    const { b, m } = fit(x, n, d, y, { trees: 100, learningRate: 0.3 });
    const e = Array.from(b.edges[0]);
    const nearest = e.reduce((p, q) => (Math.abs(q - 0.3) < Math.abs(p - 0.3) ? q : p));
    expect(m.trees[0].feature[0]).toBe(0);
    expect(m.trees[0].threshold[0]).toBe(nearest);
    const lo = Math.max(...e.filter((v) => v < 0.3));
    const hi = Math.min(...e.filter((v) => v >= 0.3));
    // Rows in the one bin straddling 0.3 are indistinguishable, and chasing their residual spills a little onto other rows; elsewhere the fit is tight.
    const p = predictMatrix(m, x, n, d);
    const errs: number[] = [];
    for (let i = 0; i < n; i++) if (x[i * d] <= lo || x[i * d] > hi) errs.push(Math.abs(p[i] - y[i]));
    expect(errs.reduce((s, v) => s + v, 0) / errs.length).toBeLessThan(0.01);
    expect(errs.filter((v) => v > 0.05).length).toBeLessThan(errs.length * 0.01);
    expect(Math.max(...errs)).toBeLessThan(0.2);
  });

  test("irrelevant features: every split lands on the informative one", () => {
    const n = 4000;
    const d = 6;
    const x = uniform(n, d, 5);
    const y = Array.from({ length: n }, (_, i) => Math.sin(6 * x[i * d + 3]));
    const { m } = fit(x, n, d, y, { trees: 10, maxLeaves: 4 });
    expect(m.trees[0].feature[0]).toBe(3);
    expect(new Set(splitFeatures(m))).toEqual(new Set([3]));
  });

  test("minLeaf is respected: no leaf holds fewer training rows", () => {
    const n = 3000;
    const d = 4;
    const x = uniform(n, d, 9);
    const r = mulberry32(10);
    const y = Array.from({ length: n }, (_, i) => x[i * d] * 3 + x[i * d + 1] ** 2 + r());
    const minLeaf = 150;
    const { m } = fit(x, n, d, y, { trees: 20, maxLeaves: 31, minLeaf });
    let smallest = n;
    for (const t of m.trees) {
      const counts = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const leaf = leafOf(t, x, i * d);
        counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
      }
      for (const c of counts.values()) smallest = Math.min(smallest, c);
      expect(counts.size).toBe(t.feature.filter((f) => f === -1).length); // every leaf is reached
    }
    expect(smallest).toBeGreaterThanOrEqual(minLeaf);
    expect(smallest).toBeLessThan(2 * minLeaf); // the constraint actually binds
  });

  test("determinism: same seed → identical JSON; a different seed with subsample < 1 → different trees", () => {
    const n = 3000;
    const d = 5;
    const x = uniform(n, d, 21);
    const y = Array.from({ length: n }, (_, i) => x[i * d] - x[i * d + 2] * x[i * d + 4]);
    const opts = { subsample: 0.5, trees: 30 };
    const a = JSON.stringify(fit(x, n, d, y, { ...opts, seed: 1 }).m);
    expect(JSON.stringify(fit(x, n, d, y, { ...opts, seed: 1 }).m)).toBe(a);
    expect(JSON.stringify(fit(x, n, d, y, { ...opts, seed: 2 }).m)).not.toBe(a);
  });

  test("JSON round-trip scores identically", () => {
    const n = 2000;
    const d = 4;
    const x = uniform(n, d, 31, -2, 2);
    const y = Array.from({ length: n }, (_, i) => Math.abs(x[i * d + 1]) + x[i * d + 3]);
    const { m } = fit(x, n, d, y, { subsample: 0.7 });
    const back = JSON.parse(JSON.stringify(m)) as Gbdt;
    expect(Array.from(predictMatrix(back, x, n, d))).toEqual(Array.from(predictMatrix(m, x, n, d)));
    const row = Array.from(x.subarray(5 * d, 6 * d));
    expect(predictRow(back, row)).toBe(predictRow(m, row));
  });

  test("additive y = x0 + x1² fits held-out rows with R² > 0.9", () => {
    const n = 8000;
    const d = 4;
    const x = uniform(n, d, 41, -1, 1);
    const y = Array.from({ length: n }, (_, i) => x[i * d] + x[i * d + 1] ** 2);
    const train = Array.from({ length: 6000 }, (_, i) => i);
    const held = Array.from({ length: 2000 }, (_, i) => 6000 + i);
    const { m } = fit(x, n, d, y, { trees: 200, maxLeaves: 15, subsample: 0.8 }, train);
    const p = predictMatrix(m, x, n, d, held);
    const mean = held.reduce((s, r) => s + y[r], 0) / held.length;
    let sse = 0;
    let sst = 0;
    held.forEach((r, k) => {
      sse += (y[r] - p[k]) ** 2;
      sst += (y[r] - mean) ** 2;
    });
    expect(1 - sse / sst).toBeGreaterThan(0.9);
  });

  test("raw-threshold scoring equals the binned path for every training row (Float64 and Float32 inputs)", () => {
    const n = 5000;
    const d = 5;
    const x64 = uniform(n, d, 51, -5, 5);
    const y = Array.from({ length: n }, (_, i) => Math.sin(x64[i * d]) + x64[i * d + 1] * x64[i * d + 2]);
    for (const x of [x64, Float32Array.from(x64)]) {
      const { b, bins, m } = fit(x, n, d, y, { trees: 60, maxLeaves: 15, subsample: 0.6, maxBins: 255 });
      const raw = predictMatrix(m, x, n, d);
      const binned = predictBinned(m, bins, n, d, b);
      expect(Array.from(raw)).toEqual(Array.from(binned));
      const row = new Float64Array(d);
      for (let i = 0; i < n; i += 97) {
        row.set(x.subarray(i * d, (i + 1) * d));
        expect(predictRow(m, row)).toBe(raw[i]);
      }
    }
  });

  test("a row subset fits exactly as the extracted sub-matrix would, and base is the subset mean", () => {
    const n = 3000;
    const d = 3;
    const x = uniform(n, d, 61);
    const y = Array.from({ length: n }, (_, i) => x[i * d] * 2 + (x[i * d + 1] > 0.5 ? 1 : 0));
    const b = fitBinning(x, n, d);
    const bins = binMatrix(x, n, d, b);
    const rows = Array.from({ length: 1000 }, (_, i) => 3 * i + 1);
    const opts = { ...OPTS, subsample: 0.5 };
    const a = fitGbdt(bins, n, d, b, y, rows, opts);
    const subBins = new Uint8Array(rows.length * d);
    for (const [k, r] of rows.entries()) subBins.set(bins.subarray(r * d, (r + 1) * d), k * d);
    const sub = fitGbdt(
      subBins,
      rows.length,
      d,
      b,
      rows.map((r) => y[r]),
      null,
      opts,
    );
    expect(JSON.stringify(a)).toBe(JSON.stringify(sub));
    expect(a.base).toBeCloseTo(rows.reduce((s, r) => s + y[r], 0) / rows.length, 12);
  });

  test("integer weights act like duplicated rows", () => {
    const n = 600;
    const d = 2;
    const x = uniform(n, d, 71);
    const y = Array.from({ length: n }, (_, i) => x[i * d] + 0.5 * x[i * d + 1]);
    const w = Array.from({ length: n }, (_, i) => 1 + (i % 3));
    const dupX: number[] = [];
    const dupY: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < w[i]; k++) {
        dupX.push(x[i * d], x[i * d + 1]);
        dupY.push(y[i]);
      }
    }
    const b: Binning = fitBinning(x, n, d);
    const opts = { ...OPTS, minLeaf: 1, trees: 5 };
    const weighted = fitGbdt(binMatrix(x, n, d, b), n, d, b, y, null, opts, w);
    const dx = Float64Array.from(dupX);
    const dup = fitGbdt(binMatrix(dx, dupY.length, d, b), dupY.length, d, b, dupY, null, opts);
    expect(weighted.base).toBeCloseTo(dup.base, 12);
    weighted.trees.forEach((t, k) => {
      expect(t.feature).toEqual(dup.trees[k].feature);
      expect(t.threshold).toEqual(dup.trees[k].threshold);
      for (const [i, v] of t.value.entries()) expect(v).toBeCloseTo(dup.trees[k].value[i], 10);
    });
  });

  test("rejects bad inputs", () => {
    const x = uniform(10, 2, 1);
    const b = fitBinning(x, 10, 2);
    const bins = binMatrix(x, 10, 2, b);
    const y = new Float64Array(10);
    expect(() => fitGbdt(bins, 10, 2, b, y, null, { ...OPTS, subsample: 0 })).toThrow();
    expect(() => fitGbdt(bins, 10, 2, b, y, [0, 10], OPTS)).toThrow();
    expect(() => fitGbdt(bins, 10, 2, b, [Number.NaN, ...y.slice(1)], null, OPTS)).toThrow();
    expect(() => fitGbdt(bins, 10, 2, b, y, null, { ...OPTS, maxBins: 2 })).toThrow(); // binning has more bins than allowed
    expect(() => fitBinning(x, 10, 2, 256)).toThrow();
  });
});
