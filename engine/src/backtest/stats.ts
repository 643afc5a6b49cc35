// Backtest statistics: seeded block bootstrap intervals for means and ratios (blocks as long as outcomes overlap), profit factor, max drawdown.

const DAY = 86_400_000;

/**
 * The block length every interval, bar choice and shrinkage uses: at least twice the longest outcome horizon and at least
 * a week, because a 96 h outcome spans four days, a pair re-enters on overlapping paths, and regimes last weeks.
 */
export const ciBlockDays = (longestHorizonHours: number) => Math.max(7, Math.ceil((2 * longestHorizonHours) / 24));

/** The block a time falls in: consecutive `blockDays`-day windows from the epoch (so every report cuts the same blocks). */
export const blockOf = (t: number, blockDays: number) => Math.floor(t / (blockDays * DAY));

/** Seeded PRNG (mulberry32): tiny, fast and reproducible across runtimes. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type BootstrapOptions = { iterations?: number; level?: number; seed?: number };

type Blocks = { a: Float64Array; b: Float64Array; totalA: number; totalB: number };

/** Per-day sums of two columns, so each resample costs one draw per day instead of one per row. */
function sumByBlock(a: ArrayLike<number>, b: ArrayLike<number> | null, dayKey: ArrayLike<number>): Blocks {
  const index = new Map<number, number>();
  const sa: number[] = [];
  const sb: number[] = [];
  let totalA = 0;
  let totalB = 0;
  for (let i = 0; i < a.length; i++) {
    const vb = b ? b[i] : 1;
    // A NaN row would poison every resample that draws its day.
    if (!Number.isFinite(a[i]) || !Number.isFinite(vb)) continue;
    let k = index.get(dayKey[i]);
    if (k === undefined) {
      k = sa.length;
      index.set(dayKey[i], k);
      sa.push(0);
      sb.push(0);
    }
    sa[k] += a[i];
    sb[k] += vb;
    totalA += a[i];
    totalB += vb;
  }
  return { a: Float64Array.from(sa), b: Float64Array.from(sb), totalA, totalB };
}

/** Linear-interpolation quantile (the common "type 7") of an ascending array. */
function quantileSorted(s: Float64Array, q: number): number {
  if (s.length === 0) return NaN;
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo] + (h - lo) * (s[hi] - s[lo]);
}

/**
 * Percentile interval of Σa/Σb over resampled days. Resamples whose Σb is 0 (possible only for ratios) have no
 * value and are left out of the percentiles.
 */
function bootstrapRatio(blocks: Blocks, opts: BootstrapOptions = {}): { lo: number; hi: number } {
  const iterations = Math.floor(opts.iterations ?? 2000);
  const level = opts.level ?? 0.95;
  if (!(iterations >= 1)) throw new Error(`bootstrap: iterations must be >= 1, got ${opts.iterations}`);
  if (!(level > 0 && level < 1)) throw new Error(`bootstrap: level must be in (0, 1), got ${level}`);
  const nb = blocks.a.length;
  if (nb === 0) return { lo: NaN, hi: NaN };
  const rand = mulberry32(opts.seed ?? 1);
  const stats = new Float64Array(iterations);
  let kept = 0;
  for (let it = 0; it < iterations; it++) {
    let sa = 0;
    let sb = 0;
    for (let j = 0; j < nb; j++) {
      const k = (rand() * nb) | 0;
      sa += blocks.a[k];
      sb += blocks.b[k];
    }
    if (sb !== 0) stats[kept++] = sa / sb;
  }
  const sorted = stats.subarray(0, kept).sort();
  const tail = (1 - level) / 2;
  return { lo: quantileSorted(sorted, tail), hi: quantileSorted(sorted, 1 - tail) };
}

/**
 * Day-block bootstrap of a mean: observations on the same UTC day are resampled together, because pairs at the same
 * hour are not independent. Returns the point estimate (plain mean over all obs) and the percentile interval.
 * Defaults: 2000 iterations, level 0.95, seed 1. Each resample draws as many days as there are, with replacement, and
 * takes the pooled mean (sum/count) of their rows. Non-finite values are ignored; no values gives NaN and 0 blocks.
 * For a paired difference (e.g. chosen-side R minus opposite-side R on the same rows) pass the per-row differences.
 */
export function blockBootstrapMean(
  values: ArrayLike<number>,
  dayKey: ArrayLike<number>,
  opts?: BootstrapOptions,
): { mean: number; lo: number; hi: number; blocks: number } {
  if (values.length !== dayKey.length) throw new Error(`blockBootstrapMean: length mismatch (${values.length} vs ${dayKey.length})`);
  const blocks = sumByBlock(values, null, dayKey);
  const { lo, hi } = bootstrapRatio(blocks, opts);
  return { mean: blocks.totalB ? blocks.totalA / blocks.totalB : NaN, lo, hi, blocks: blocks.a.length };
}

/**
 * Day-block bootstrap of Σnum/Σden, e.g. signal rate = signals / evaluations with one row per evaluation or per day.
 * Same options and resampling as blockBootstrapMean; `value` is the ratio over all rows (NaN when Σden is 0).
 */
export function blockBootstrapRatio(
  num: ArrayLike<number>,
  den: ArrayLike<number>,
  dayKey: ArrayLike<number>,
  opts?: BootstrapOptions,
): { value: number; lo: number; hi: number; blocks: number } {
  if (num.length !== den.length || num.length !== dayKey.length) {
    throw new Error(`blockBootstrapRatio: length mismatch (${num.length}, ${den.length}, ${dayKey.length})`);
  }
  const blocks = sumByBlock(num, den, dayKey);
  const { lo, hi } = bootstrapRatio(blocks, opts);
  return { value: blocks.totalB ? blocks.totalA / blocks.totalB : NaN, lo, hi, blocks: blocks.a.length };
}

/** Gross gains over gross losses (as a positive number); null when nothing lost, where the ratio has no finite value. */
export function profitFactor(r: ArrayLike<number>): number | null {
  let gains = 0;
  let losses = 0;
  for (let i = 0; i < r.length; i++) {
    if (r[i] > 0) gains += r[i];
    else if (r[i] < 0) losses -= r[i];
  }
  return losses > 0 ? gains / losses : null;
}

/**
 * Largest peak-to-trough fall of the cumulative sum, >= 0. The peak starts at 0 (the starting equity), so losses
 * before the first gain count as drawdown.
 */
export function maxDrawdown(rInTimeOrder: ArrayLike<number>): number {
  let cum = 0;
  let peak = 0;
  let worst = 0;
  for (let i = 0; i < rInTimeOrder.length; i++) {
    cum += rInTimeOrder[i];
    if (cum > peak) peak = cum;
    if (peak - cum > worst) worst = peak - cum;
  }
  return worst;
}
