// Gradient-boosted regression trees, the apply half: the binning and scoring rules a fitted model runs by (the fit is research/fit/gbdt.ts).
//
// Conventions (all exact, so a fitted model scores raw rows with no binning step):
// - Binning rule: for one feature with ascending, distinct edges e[0] < e[1] < … < e[k-1], the bin of a value v is the number of
//   edges strictly below v, i.e. the smallest b with v <= e[b], or k when v > every edge. So a feature has k + 1 bins (0..k) and
//   "bin(v) <= b" holds exactly when "v <= e[b]"; a tree stores e[b] as its raw threshold and goes left when x[feature] <= threshold.
// - NaN: binMatrix puts NaN in the last bin (k) and `NaN <= t` is false, so NaN always goes right, in training and in scoring alike.
//   The trainer is built for finite inputs; y and weights must be finite (checked).
//   Edges are midpoints between adjacent distinct values of the binning sample (so unseen values between them split sensibly).
// - Float32 inputs: thresholds are float64; a row scores exactly as in training when its values carry the same float32 rounding.
// - Ties: equal split gains resolve to the lowest feature index, then the lowest bin; equal leaf gains to a fixed leaf order.
// - Subsample: each tree draws round(subsample × N) of the N training rows (at least 1) without replacement from the seeded PRNG.
// - minLeaf counts rows (unweighted), and during training that is rows of the tree's subsample.
// - Leaf value = −G / (H + l2) × learningRate, with the learning rate folded in, so a prediction is base + Σ tree leaf values.
//   Internal nodes also carry the value they would have had as a leaf (handy when inspecting trees; scoring never reads it).
// - With weights w: gradient = w·(prediction − y), hessian = w, base = weighted mean of y over the training rows.

export type Binning = { edges: Float64Array[] }; // per feature: strictly ascending edges; bin(v) = #edges < v (see the header)

export type Tree = { feature: number[]; threshold: number[]; left: number[]; right: number[]; value: number[] }; // leaf: feature -1

export type Gbdt = { base: number; learningRate: number; trees: Tree[]; features: number };

export const MAX_BINS = 255; // bins are stored as bytes

export function checkMatrix(x: ArrayLike<number>, n: number, d: number, who: string): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(d) || d < 1) throw new Error(`${who}: bad shape n=${n} d=${d}`);
  if (x.length < n * d) throw new Error(`${who}: matrix has ${x.length} values, expected ${n * d}`);
}

/** Bin of v under the rule in the header: number of edges strictly below v (NaN → last bin). */
export function binOf(edges: Float64Array, v: number): number {
  if (Number.isNaN(v)) return edges.length;
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (edges[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Row-major n×d byte matrix of bins under the header's rule. */
export function binMatrix(x: Float64Array | Float32Array, n: number, d: number, b: Binning): Uint8Array {
  checkMatrix(x, n, d, "binMatrix");
  if (b.edges.length !== d) throw new Error(`binMatrix: binning has ${b.edges.length} features, expected ${d}`);
  for (const e of b.edges) if (e.length >= MAX_BINS) throw new Error(`binMatrix: a feature has ${e.length + 1} bins, max ${MAX_BINS}`);
  const out = new Uint8Array(n * d);
  const edges = b.edges;
  for (let o = 0; o < n * d; o += d) for (let j = 0; j < d; j++) out[o + j] = binOf(edges[j], x[o + j]);
  return out;
}

// Sum in tree order from base, the same order training accumulates, so raw and binned paths agree bit for bit.
function scoreAt(m: Gbdt, x: ArrayLike<number>, o: number): number {
  let s = m.base;
  const trees = m.trees;
  for (let t = 0; t < trees.length; t++) {
    const { feature, threshold, left, right, value } = trees[t];
    let i = 0;
    for (let f = feature[0]; f !== -1; f = feature[i]) i = x[o + f] <= threshold[i] ? left[i] : right[i];
    s += value[i];
  }
  return s;
}

/** Score one row of raw feature values. */
export function predictRow(m: Gbdt, x: ArrayLike<number>): number {
  if (x.length < m.features) throw new Error(`predictRow: row has ${x.length} values, model needs ${m.features}`);
  return scoreAt(m, x, 0);
}

/** Score rows of a raw row-major n×d matrix: all n rows, or just `rows` (output in that order). */
export function predictMatrix(m: Gbdt, x: Float64Array | Float32Array, n: number, d: number, rows?: ArrayLike<number>): Float64Array {
  checkMatrix(x, n, d, "predictMatrix");
  if (d !== m.features) throw new Error(`predictMatrix: matrix has ${d} features, model needs ${m.features}`);
  const k = rows ? rows.length : n;
  const out = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    const r = rows ? rows[i] : i;
    if (!(r >= 0 && r < n)) throw new Error(`predictMatrix: row ${r} out of range`);
    out[i] = scoreAt(m, x, r * d);
  }
  return out;
}

/** Score binned rows by walking trees on bin indices (each raw threshold mapped back to its edge index); for checks and audits. */
export function predictBinned(m: Gbdt, bins: Uint8Array, n: number, d: number, b: Binning): Float64Array {
  checkMatrix(bins, n, d, "predictBinned");
  const thr = m.trees.map((t) =>
    t.feature.map((f, i) => {
      if (f === -1) return -1;
      const e = b.edges[f];
      const k = binOf(e, t.threshold[i]);
      if (e[k] !== t.threshold[i]) throw new Error(`predictBinned: threshold ${t.threshold[i]} of feature ${f} is not a bin edge`);
      return k;
    }),
  );
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let s = m.base;
    for (let t = 0; t < m.trees.length; t++) {
      const { feature, left, right, value } = m.trees[t];
      const bt = thr[t];
      let i = 0;
      for (let f = feature[0]; f !== -1; f = feature[i]) i = bins[r * d + f] <= bt[i] ? left[i] : right[i];
      s += value[i];
    }
    out[r] = s;
  }
  return out;
}
