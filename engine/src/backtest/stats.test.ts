// Backtest statistics: bootstrap interval behaviour (coverage, width, day correlation, seeds), ratio, PF, drawdown.
import { describe, expect, test } from "bun:test";
import { blockBootstrapMean, blockBootstrapRatio, blockOf, ciBlockDays, maxDrawdown, mulberry32, profitFactor } from "./stats";

/** Standard normal draws from the seeded PRNG (Box–Muller). */
function normals(n: number, seed: number): number[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()));
}

/** `days` days of `perDay` independent rows each, mean 0.2. */
function independentDays(days: number, perDay: number, seed: number) {
  const values = normals(days * perDay, seed).map((z) => 0.2 + z);
  const dayKey = values.map((_, i) => Math.floor(i / perDay));
  return { values, dayKey };
}

describe("mulberry32", () => {
  test("reference values and range", () => {
    // Seed 1 starts 0.6270739405881613 in the reference JavaScript mulberry32; the next two pin the sequence.
    const rand = mulberry32(1);
    expect([rand(), rand(), rand()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    const r2 = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const v = r2();
      expect(v >= 0 && v < 1).toBe(true);
    }
  });
});

describe("blockBootstrapMean", () => {
  test("point estimate is the plain mean, and the interval contains it", () => {
    const { values, dayKey } = independentDays(60, 5, 1);
    const res = blockBootstrapMean(values, dayKey);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(res.mean).toBeCloseTo(mean, 12);
    expect(res.blocks).toBe(60);
    expect(res.lo).toBeLessThan(res.mean);
    expect(res.hi).toBeGreaterThan(res.mean);
  });

  test("narrows with more independent days", () => {
    const few = independentDays(30, 5, 2);
    const many = independentDays(300, 5, 3);
    const a = blockBootstrapMean(few.values, few.dayKey);
    const b = blockBootstrapMean(many.values, many.dayKey);
    // Width scales like 1/sqrt(days): expect about sqrt(10) ≈ 3.2 times narrower.
    expect(b.hi - b.lo).toBeLessThan(0.5 * (a.hi - a.lo));
  });

  test("duplicated rows within a day widen the interval versus treating rows as independent", () => {
    const perDay = 10;
    const dayValues = normals(80, 4);
    const values = dayValues.flatMap((v) => Array(perDay).fill(v));
    const byDay = blockBootstrapMean(
      values,
      values.map((_, i) => Math.floor(i / perDay)),
    );
    const byRow = blockBootstrapMean(
      values,
      values.map((_, i) => i),
    );
    expect(byDay.blocks).toBe(80);
    expect(byRow.blocks).toBe(800);
    expect(byDay.mean).toBeCloseTo(byRow.mean, 12);
    // Ten perfect copies per day: the honest interval is about sqrt(10) times wider.
    expect(byDay.hi - byDay.lo).toBeGreaterThan(2 * (byRow.hi - byRow.lo));
  });

  test("deterministic for a seed, different for another; level widens", () => {
    const { values, dayKey } = independentDays(50, 3, 5);
    const a = blockBootstrapMean(values, dayKey, { seed: 9 });
    const b = blockBootstrapMean(values, dayKey, { seed: 9 });
    const c = blockBootstrapMean(values, dayKey, { seed: 10 });
    expect(a).toEqual(b);
    expect(c.lo === a.lo && c.hi === a.hi).toBe(false);
    expect(blockBootstrapMean(values, dayKey)).toEqual(blockBootstrapMean(values, dayKey, { seed: 1, iterations: 2000, level: 0.95 }));
    const narrow = blockBootstrapMean(values, dayKey, { level: 0.5 });
    expect(narrow.hi - narrow.lo).toBeLessThan(a.hi - a.lo);
  });

  test("empty input gives NaN fields and no blocks; bad options throw", () => {
    const res = blockBootstrapMean([], []);
    expect(res.blocks).toBe(0);
    expect(res.mean).toBeNaN();
    expect(res.lo).toBeNaN();
    expect(res.hi).toBeNaN();
    expect(() => blockBootstrapMean([1], [1], { level: 1 })).toThrow();
    expect(() => blockBootstrapMean([1], [1, 2])).toThrow();
  });

  test("a single day gives a zero-width interval at its mean; non-finite rows ignored", () => {
    const res = blockBootstrapMean([1, 2, 6, NaN], [7, 7, 7, 7]);
    expect(res).toEqual({ mean: 3, lo: 3, hi: 3, blocks: 1 });
  });

  test("2000 iterations over 300 days is fast", () => {
    const { values, dayKey } = independentDays(300, 24, 6);
    blockBootstrapMean(values, dayKey); // warm-up
    const t0 = performance.now();
    blockBootstrapMean(values, dayKey);
    expect(performance.now() - t0).toBeLessThan(100);
  });
});

describe("blockBootstrapRatio", () => {
  test("same ratio every day: degenerate interval at that ratio", () => {
    const res = blockBootstrapRatio([1, 0, 2, 3, 0], [4, 0, 8, 8, 4], [1, 1, 2, 3, 3]);
    // day 1: 1/4, day 2: 2/8, day 3: 3/12
    expect(res).toEqual({ value: 0.25, lo: 0.25, hi: 0.25, blocks: 3 });
  });

  test("two days with rates 0 and 1: resamples are 0, 0.5 or 1 with odds 1:2:1", () => {
    // Two rows per day; day A has no signals in 10 evaluations, day B signals on all 10.
    const num = [0, 0, 5, 5];
    const den = [5, 5, 5, 5];
    const day = [100, 100, 200, 200];
    const wide = blockBootstrapRatio(num, den, day);
    expect(wide).toEqual({ value: 0.5, lo: 0, hi: 1, blocks: 2 });
    // The central 40% lies inside the 50% mass at 0.5.
    const mid = blockBootstrapRatio(num, den, day, { level: 0.4 });
    expect(mid.lo).toBe(0.5);
    expect(mid.hi).toBe(0.5);
  });

  test("rows grouped by day: a busy day weighs by its evaluations, not as one row", () => {
    // Plain sum ratio over all rows is 3/12, not the mean of per-row rates.
    const res = blockBootstrapRatio([1, 1, 1, 0], [1, 1, 1, 9], [1, 1, 1, 2]);
    expect(res.value).toBeCloseTo(0.25, 12);
    expect(res.blocks).toBe(2);
    expect(blockBootstrapRatio([], [], []).blocks).toBe(0);
    expect(blockBootstrapRatio([], [], []).value).toBeNaN();
  });
});

describe("profitFactor and maxDrawdown", () => {
  test("profit factor on hand-computed numbers", () => {
    // gains 2 + 1.5 = 3.5, losses 1 + 0.5 = 1.5
    expect(profitFactor([2, -1, 1.5, -0.5, 0])).toBeCloseTo(3.5 / 1.5, 12);
    expect(profitFactor([1, 2, 0])).toBeNull();
    expect(profitFactor([])).toBeNull();
    expect(profitFactor([-1, -2])).toBe(0);
  });

  test("max drawdown on hand-computed numbers", () => {
    // cumulative 1, 3, 2, 0, 1, -2, 2: peak 3 → trough -2
    expect(maxDrawdown([1, 2, -1, -2, 1, -3, 4])).toBe(5);
    // Losing from the start counts: peak is the starting 0.
    expect(maxDrawdown([-1, -1, 2])).toBe(2);
    expect(maxDrawdown([1, 2, 3])).toBe(0);
    expect(maxDrawdown([])).toBe(0);
    // A later, deeper fall from a new high wins over an earlier one.
    expect(maxDrawdown([2, -1, 5, -3, -1])).toBe(4);
  });
});

describe("blocks as long as the outcomes overlap", () => {
  /**
   * 400 days of 20 rows a day whose common daily level is the sum of the last four days' shocks (an MA(3): what 96 h
   * outcomes entered every day share), plus row noise. The true mean is 0, so an honest 95 % interval covers 0 about
   * 95 % of the time; autocorrelation reaches 3 days, so day blocks are too short and 8-day blocks are not.
   */
  function regimeSeries(seed: number) {
    const z = normals(400 * 21 + 3, seed);
    const values: number[] = [];
    const t: number[] = [];
    for (let d = 0; d < 400; d++) {
      const level = 0.25 * (z[d] + z[d + 1] + z[d + 2] + z[d + 3]);
      for (let k = 0; k < 20; k++) {
        values.push(level + z[403 + d * 20 + k]);
        t.push(d * 86_400_000 + k * 3_600_000);
      }
    }
    return { values, t };
  }

  test("day blocks under-cover an autocorrelated series; blocks of ciBlockDays(96 h) cover it", () => {
    let dayCover = 0;
    let weekCover = 0;
    const sims = 120;
    for (let s = 0; s < sims; s++) {
      const { values, t } = regimeSeries(1000 + s);
      const day = blockBootstrapMean(
        values,
        t.map((x) => blockOf(x, 1)),
        { iterations: 400, seed: s + 1 },
      );
      const week = blockBootstrapMean(
        values,
        t.map((x) => blockOf(x, ciBlockDays(96))),
        { iterations: 400, seed: s + 1 },
      );
      if (day.lo <= 0 && day.hi >= 0) dayCover++;
      if (week.lo <= 0 && week.hi >= 0) weekCover++;
    }
    expect(ciBlockDays(96)).toBe(8);
    expect(ciBlockDays(24)).toBe(7);
    expect(dayCover / sims).toBeLessThan(0.75);
    expect(weekCover / sims).toBeGreaterThan(0.85);
    expect(weekCover).toBeGreaterThan(dayCover);
  });
});
