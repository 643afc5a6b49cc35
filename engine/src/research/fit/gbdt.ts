// Gradient-boosted regression trees, the fit half: a small deterministic histogram trainer (squared error, leaf-wise growth).
// The binning and scoring rules it fits to are in the apply half, analysis/model/gbdt.ts, which the live engine imports.
import { checkMatrix, MAX_BINS, type Binning, type Gbdt, type Tree } from "../../analysis/model/gbdt";

export type GbdtOptions = {
  trees: number;
  learningRate: number;
  maxLeaves: number;
  minLeaf: number;
  l2: number;
  subsample: number;
  seed: number;
  maxBins?: number; // ≤ 255, default 64; used by fitBinning callers, and fitGbdt checks the Binning does not exceed it
};

const DEFAULT_BINS = 64;

// Seeded PRNG so the same inputs and seed give bit-identical subsamples on every platform.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function checkMaxBins(maxBins: number, who: string): void {
  if (!Number.isInteger(maxBins) || maxBins < 2 || maxBins > MAX_BINS) throw new Error(`${who}: maxBins must be an integer in 2..${MAX_BINS}`);
}

// An edge e with a <= e < b, so a goes left and b goes right; the midpoint generalises better than a itself between sampled values.
function between(a: number, b: number): number {
  const m = a * 0.5 + b * 0.5;
  return m >= a && m < b ? m : a;
}

// Greedy equal-count cuts over the distinct sorted values; a heavy value (e.g. many zeros) gets its own bin instead of swallowing neighbours.
function quantileEdges(s: Float64Array, maxBins: number): Float64Array {
  const uniq: number[] = [];
  const cnt: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (uniq.length > 0 && s[i] === uniq[uniq.length - 1]) cnt[cnt.length - 1]++;
    else {
      uniq.push(s[i]);
      cnt.push(1);
    }
  }
  const out: number[] = [];
  if (uniq.length <= maxBins) {
    for (let t = 0; t + 1 < uniq.length; t++) out.push(between(uniq[t], uniq[t + 1]));
    return Float64Array.from(out);
  }
  let rest = s.length;
  let binsLeft = maxBins;
  let acc = 0;
  for (let t = 0; t + 1 < uniq.length && binsLeft > 1; t++) {
    acc += cnt[t];
    const target = rest / binsLeft;
    if (acc >= target || cnt[t + 1] >= target) {
      out.push(between(uniq[t], uniq[t + 1]));
      rest -= acc;
      binsLeft--;
      acc = 0;
    }
  }
  return Float64Array.from(out);
}

// m of n row indices, ascending, by seeded selection sampling: a fixed stride would alias with periodic row layouts (e.g. time × symbol panels).
function sampleIndex(n: number, m: number): Int32Array {
  const out = new Int32Array(m);
  const rand = mulberry32(0x5eed);
  for (let i = 0, k = 0; i < n && k < m; i++) if (m === n || rand() * (n - i) < m - k) out[k++] = i;
  return out;
}

/** Quantile edges per feature (at most maxBins − 1 edges, so at most maxBins bins) from a fixed-seed (hence deterministic) sample of sampleRows rows. */
export function fitBinning(x: Float64Array | Float32Array, n: number, d: number, maxBins = DEFAULT_BINS, sampleRows = 200_000): Binning {
  checkMatrix(x, n, d, "fitBinning");
  checkMaxBins(maxBins, "fitBinning");
  const m = Math.min(n, Math.max(1, Math.floor(sampleRows)));
  const pick = sampleIndex(n, m);
  const vals = new Float64Array(m);
  const edges: Float64Array[] = [];
  for (let j = 0; j < d; j++) {
    let k = 0;
    for (let i = 0; i < m; i++) {
      const v = x[pick[i] * d + j];
      if (!Number.isNaN(v)) vals[k++] = v;
    }
    edges.push(quantileEdges(vals.subarray(0, k).sort(), maxBins));
  }
  return { edges };
}

// ---- training ----

type Ctx = {
  bins: Uint8Array;
  d: number;
  S: number; // histogram slot stride: 2 = [g, count] (unweighted: hessian is the count), 3 = [g, h, count]
  nb: Int32Array; // bins per feature
  off: Int32Array; // start of each feature's slots in a histogram
  edges: Float64Array[];
  grad: Float64Array; // by row id
  hess: Float64Array | null; // by row id, weighted fits only
  rows: Int32Array; // this tree's subsample, partitioned in place so each leaf owns a contiguous range
  scratch: Int32Array;
  minLeaf: number;
  l2: number;
  lr: number;
  maxLeaves: number;
};

type Leaf = {
  node: number;
  start: number;
  end: number;
  hist: Float64Array | null;
  G: number;
  H: number;
  C: number;
  gain: number; // best split gain; 0 when no allowed split improves the loss
  feat: number;
  bin: number;
  GL: number;
  HL: number;
};

function newLeaf(node: number, start: number, end: number, G: number, H: number): Leaf {
  return { node, start, end, hist: null, G, H, C: end - start, gain: 0, feat: -1, bin: -1, GL: 0, HL: 0 };
}

function buildHist(c: Ctx, hist: Float64Array, start: number, end: number): void {
  hist.fill(0);
  const { rows, bins, grad, off, d, hess } = c;
  if (hess === null) {
    for (let k = start; k < end; k++) {
      const r = rows[k];
      const g = grad[r];
      const o = r * d;
      for (let j = 0; j < d; j++) {
        const s = off[j] + 2 * bins[o + j];
        hist[s] += g;
        hist[s + 1] += 1;
      }
    }
    return;
  }
  for (let k = start; k < end; k++) {
    const r = rows[k];
    const g = grad[r];
    const h = hess[r];
    const o = r * d;
    for (let j = 0; j < d; j++) {
      const s = off[j] + 3 * bins[o + j];
      hist[s] += g;
      hist[s + 1] += h;
      hist[s + 2] += 1;
    }
  }
}

// Best split of one leaf from its histogram; only splits leaving ≥ minLeaf rows on both sides are considered.
function findBest(c: Ctx, lf: Leaf): void {
  lf.gain = 0;
  lf.feat = -1;
  const h = lf.hist;
  const { S, l2, minLeaf, nb, off, d } = c;
  const { G, H, C } = lf;
  if (h === null || C < 2 * minLeaf || !(H + l2 > 0)) return;
  const parent = (G * G) / (H + l2);
  for (let j = 0; j < d; j++) {
    let gl = 0;
    let hl = 0;
    let cl = 0;
    let o = off[j];
    for (let b = 0; b < nb[j] - 1; b++, o += S) {
      gl += h[o];
      hl += h[o + 1]; // for S = 2 this slot is the count, which is the hessian
      cl += h[o + S - 1];
      if (cl < minLeaf) continue;
      if (C - cl < minLeaf) break;
      const hl2 = hl + l2;
      const hr2 = H - hl + l2;
      if (!(hl2 > 0 && hr2 > 0)) continue;
      const gr = G - gl;
      const gain = (gl * gl) / hl2 + (gr * gr) / hr2 - parent;
      if (gain > lf.gain) {
        lf.gain = gain;
        lf.feat = j;
        lf.bin = b;
        lf.GL = gl;
        lf.HL = hl;
      }
    }
  }
}

// Stable partition (left rows keep their order, then right rows) so rows stay ascending and bins reads stay cache-friendly.
function partition(c: Ctx, start: number, end: number, f: number, b: number): number {
  const { rows, scratch, bins, d } = c;
  let l = start;
  let r = 0;
  for (let k = start; k < end; k++) {
    const row = rows[k];
    if (bins[row * d + f] <= b) rows[l++] = row;
    else scratch[r++] = row;
  }
  rows.set(scratch.subarray(0, r), l);
  return l;
}

function leafValue(c: Ctx, G: number, H: number): number {
  const den = H + c.l2;
  return den > 0 ? (-G / den) * c.lr : 0;
}

function addNode(c: Ctx, t: Tree, binThr: number[], G: number, H: number): number {
  t.feature.push(-1);
  t.threshold.push(0);
  t.left.push(-1);
  t.right.push(-1);
  t.value.push(leafValue(c, G, H));
  binThr.push(-1);
  return t.feature.length - 1;
}

// Split leaf p; histograms: build only the smaller child's, derive the larger one's by subtracting from the parent's buffer in place.
function splitLeaf(c: Ctx, t: Tree, binThr: number[], p: Leaf, free: Float64Array[], wantHist: boolean): [Leaf, Leaf] {
  const f = p.feat;
  const b = p.bin;
  const mid = partition(c, p.start, p.end, f, b);
  const ln = addNode(c, t, binThr, p.GL, p.HL);
  const rn = addNode(c, t, binThr, p.G - p.GL, p.H - p.HL);
  t.feature[p.node] = f;
  t.threshold[p.node] = c.edges[f][b];
  t.left[p.node] = ln;
  t.right[p.node] = rn;
  binThr[p.node] = b;
  const L = newLeaf(ln, p.start, mid, p.GL, p.HL);
  const R = newLeaf(rn, mid, p.end, p.G - p.GL, p.H - p.HL);
  const parentHist = p.hist as Float64Array;
  p.hist = null;
  const twoMin = 2 * c.minLeaf;
  if (!wantHist || (L.C < twoMin && R.C < twoMin)) {
    free.push(parentHist); // neither child can split (or the leaf budget is spent): no histograms needed
    return [L, R];
  }
  const small = L.C <= R.C ? L : R;
  const large = small === L ? R : L;
  small.hist = free.pop() as Float64Array;
  buildHist(c, small.hist, small.start, small.end);
  const sh = small.hist;
  for (let i = 0; i < parentHist.length; i++) parentHist[i] -= sh[i];
  large.hist = parentHist;
  for (const lf of [small, large]) {
    findBest(c, lf);
    if (lf.gain <= 0) {
      free.push(lf.hist as Float64Array);
      lf.hist = null;
    }
  }
  return [L, R];
}

type Grown = { tree: Tree; binThr: number[]; leaves: Leaf[] };

// Leaf-wise (best-first) growth over the subsample held in c.rows[0, m).
function growTree(c: Ctx, m: number, pool: Float64Array[]): Grown {
  const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
  const binThr: number[] = [];
  const free = pool.slice();
  const hist = free.pop() as Float64Array;
  buildHist(c, hist, 0, m);
  // Totals from feature 0's histogram so children (G − G_L) stay consistent with the histogram sums.
  let G = 0;
  let H = 0;
  for (let b = 0, o = c.off[0]; b < c.nb[0]; b++, o += c.S) {
    G += hist[o];
    H += hist[o + 1];
  }
  const root = newLeaf(addNode(c, tree, binThr, G, H), 0, m, G, H);
  root.hist = hist;
  findBest(c, root);
  const leaves = [root];
  while (leaves.length < c.maxLeaves) {
    let bi = -1;
    let bg = 0;
    for (let i = 0; i < leaves.length; i++) {
      if (leaves[i].gain > bg) {
        bg = leaves[i].gain;
        bi = i;
      }
    }
    if (bi < 0) break;
    const [l, r] = splitLeaf(c, tree, binThr, leaves[bi], free, leaves.length + 1 < c.maxLeaves);
    leaves[bi] = l;
    leaves.push(r);
  }
  return { tree, binThr, leaves };
}

// Per-tree subsample without replacement (selection sampling keeps rows in input order) and gradients of the sampled rows.
function sample(
  c: Ctx,
  train: Int32Array,
  rest: Int32Array,
  rate: number,
  rand: () => number,
  pred: Float64Array,
  y: ArrayLike<number>,
  w: ArrayLike<number> | null,
): [number, number] {
  const N = train.length;
  const all = rate >= 1;
  let need = all ? N : Math.max(1, Math.round(rate * N));
  let k = 0;
  let u = 0;
  const { rows, grad, hess } = c;
  for (let i = 0; i < N; i++) {
    const r = train[i];
    if (all || (need > 0 && rand() * (N - i) < need)) {
      rows[k++] = r;
      need--;
      if (w === null || hess === null) grad[r] = pred[r] - y[r];
      else {
        grad[r] = w[r] * (pred[r] - y[r]);
        hess[r] = w[r];
      }
    } else rest[u++] = r;
  }
  return [k, u];
}

// Add the new tree to the running predictions: sampled rows by their leaf range, the others by walking the tree on bins.
function updatePred(c: Ctx, g: Grown, pred: Float64Array, rest: Int32Array, nRest: number): void {
  const { feature, left, right, value } = g.tree;
  const binThr = g.binThr;
  for (const lf of g.leaves) {
    const v = value[lf.node];
    for (let k = lf.start; k < lf.end; k++) pred[c.rows[k]] += v;
  }
  const { bins, d } = c;
  for (let k = 0; k < nRest; k++) {
    const r = rest[k];
    let i = 0;
    for (let f = feature[0]; f !== -1; f = feature[i]) i = bins[r * d + f] <= binThr[i] ? left[i] : right[i];
    pred[r] += value[i];
  }
}

function checkOptions(o: GbdtOptions): void {
  const bad = (what: string) => {
    throw new Error(`fitGbdt: ${what}`);
  };
  if (!Number.isInteger(o.trees) || o.trees < 0) bad("trees must be an integer ≥ 0");
  if (!(o.learningRate > 0) || !Number.isFinite(o.learningRate)) bad("learningRate must be > 0");
  if (!Number.isInteger(o.maxLeaves) || o.maxLeaves < 1) bad("maxLeaves must be an integer ≥ 1");
  if (!Number.isInteger(o.minLeaf) || o.minLeaf < 1) bad("minLeaf must be an integer ≥ 1");
  if (!(o.l2 >= 0) || !Number.isFinite(o.l2)) bad("l2 must be ≥ 0");
  if (!(o.subsample > 0 && o.subsample <= 1)) bad("subsample must be in (0, 1]");
  if (!Number.isFinite(o.seed)) bad("seed must be a finite number");
  if (o.maxBins !== undefined) checkMaxBins(o.maxBins, "fitGbdt");
}

// Validates inputs once up front (an out-of-range bin would silently corrupt another feature's histogram) and returns the row set.
function checkInputs(
  bins: Uint8Array,
  n: number,
  d: number,
  b: Binning,
  y: ArrayLike<number>,
  rows: Int32Array | number[] | null,
  w: ArrayLike<number> | null,
  maxBins: number | undefined,
): Int32Array {
  checkMatrix(bins, n, d, "fitGbdt");
  if (b.edges.length !== d) throw new Error(`fitGbdt: binning has ${b.edges.length} features, expected ${d}`);
  const nb = b.edges.map((e) => e.length + 1);
  for (const k of nb) if (k > (maxBins ?? MAX_BINS)) throw new Error(`fitGbdt: binning has a feature with ${k} bins, more than maxBins`);
  for (let o = 0; o < n * d; o += d)
    for (let j = 0; j < d; j++) if (bins[o + j] >= nb[j]) throw new Error(`fitGbdt: bin out of range at row ${o / d}, feature ${j}`);
  if (y.length < n) throw new Error(`fitGbdt: y has ${y.length} values, expected ${n}`);
  if (w && w.length < n) throw new Error(`fitGbdt: weights have ${w.length} values, expected ${n}`);
  const train = rows === null ? Int32Array.from({ length: n }, (_, i) => i) : Int32Array.from(rows);
  if (train.length === 0) throw new Error("fitGbdt: no training rows");
  for (let k = 0; k < train.length; k++) {
    const r = train[k];
    if (!(r >= 0 && r < n) || (rows !== null && rows[k] !== r)) throw new Error(`fitGbdt: training row ${rows?.[k]} out of range`);
    if (!Number.isFinite(y[r])) throw new Error(`fitGbdt: y[${r}] is not finite`);
    if (w && !(w[r] >= 0 && Number.isFinite(w[r]))) throw new Error(`fitGbdt: weight[${r}] must be finite and ≥ 0`);
  }
  return train;
}

function baseOf(train: Int32Array, y: ArrayLike<number>, w: ArrayLike<number> | null): number {
  let s = 0;
  let sw = 0;
  for (let k = 0; k < train.length; k++) {
    const r = train[k];
    const wr = w ? w[r] : 1;
    s += wr * y[r];
    sw += wr;
  }
  if (!(sw > 0)) throw new Error("fitGbdt: training weights sum to zero");
  return s / sw;
}

/** Fit squared-error boosted trees on the binned rows `rows` (null = all n). Same inputs and seed → bit-identical model. */
export function fitGbdt(
  bins: Uint8Array,
  n: number,
  d: number,
  b: Binning,
  y: ArrayLike<number>,
  rows: Int32Array | number[] | null,
  opts: GbdtOptions,
  weights?: ArrayLike<number> | null,
): Gbdt {
  checkOptions(opts);
  const w = weights ?? null;
  const train = checkInputs(bins, n, d, b, y, rows, w, opts.maxBins);
  const base = baseOf(train, y, w);
  const S = w ? 3 : 2;
  const nb = Int32Array.from(b.edges, (e) => e.length + 1);
  const B = Math.max(...nb);
  const off = Int32Array.from({ length: d }, (_, j) => j * B * S);
  const N = train.length;
  const c: Ctx = {
    bins,
    d,
    S,
    nb,
    off,
    edges: b.edges,
    grad: new Float64Array(n),
    hess: w ? new Float64Array(n) : null,
    rows: new Int32Array(N),
    scratch: new Int32Array(N),
    minLeaf: opts.minLeaf,
    l2: opts.l2,
    lr: opts.learningRate,
    maxLeaves: opts.maxLeaves,
  };
  const pool = Array.from({ length: opts.maxLeaves }, () => new Float64Array(d * B * S));
  const pred = new Float64Array(n);
  for (let k = 0; k < N; k++) pred[train[k]] = base;
  const rest = new Int32Array(N);
  const rand = mulberry32(opts.seed);
  const trees: Tree[] = [];
  for (let t = 0; t < opts.trees; t++) {
    const [m, nRest] = sample(c, train, rest, opts.subsample, rand, pred, y, w);
    const g = growTree(c, m, pool);
    if (t + 1 < opts.trees) updatePred(c, g, pred, rest, nRest);
    trees.push(g.tree);
  }
  return { base, learningRate: opts.learningRate, trees, features: d };
}

// ---- scoring ----
