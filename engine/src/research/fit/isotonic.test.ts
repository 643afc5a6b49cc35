// Calibration helpers against hand-computed answers: PAV fit, interpolation, equal-mass bins, ECE, Brier, storage form.
import { describe, expect, test } from "bun:test";
import { mulberry32 } from "../../backtest/stats";
import { applyIsotonic, brier, brierSkill, ece, reliabilityBins, type Isotonic } from "../../analysis/model/calibration";
import { compactIsotonic, fitIsotonic, isotonicFitted } from "./isotonic";

const isMonotone = (iso: Isotonic) => iso.x.every((v, i) => i === 0 || v > iso.x[i - 1]) && iso.y.every((v, i) => i === 0 || v >= iso.y[i - 1]);

describe("fitIsotonic (PAV)", () => {
  test("pools the two violating pairs of a small known set", () => {
    const score = [1, 2, 3, 4, 5, 6];
    const target = [1, 3, 2, 4, 3, 5];
    expect(Array.from(isotonicFitted(score, target))).toEqual([1, 2.5, 2.5, 3.5, 3.5, 5]);
    const iso = fitIsotonic(score, target);
    expect(iso.x).toEqual([1, 2.5, 4.5, 6]);
    expect(iso.y).toEqual([1, 2.5, 3.5, 5]);
  });

  test("input order does not matter", () => {
    const iso = fitIsotonic([6, 3, 1, 5, 2, 4], [5, 2, 1, 3, 3, 4]);
    expect(iso).toEqual({ x: [1, 2.5, 4.5, 6], y: [1, 2.5, 3.5, 5] });
  });

  test("equal scores share one fitted value", () => {
    const fit = isotonicFitted([1, 2, 2, 3], [0, 1, 0, 1]);
    expect(Array.from(fit)).toEqual([0, 0.5, 0.5, 1]);
    expect(fitIsotonic([1, 2, 2, 3], [0, 1, 0, 1]).x).toEqual([1, 2, 3]);
  });

  test("random weighted data: monotone knots, weighted mean preserved", () => {
    const rand = mulberry32(7);
    const n = 500;
    const score = Array.from({ length: n }, () => rand());
    const target = score.map((s) => (rand() < 0.2 + 0.6 * s ? 1 : 0));
    const weight = score.map(() => 0.1 + 3 * rand());
    const iso = fitIsotonic(score, target, weight);
    expect(iso.x.length).toBeGreaterThan(2);
    expect(isMonotone(iso)).toBe(true);

    const fit = isotonicFitted(score, target, weight);
    // Fitted values ordered like the scores.
    const order = score.map((_, i) => i).sort((a, b) => score[a] - score[b]);
    for (let k = 1; k < n; k++) expect(fit[order[k]]).toBeGreaterThanOrEqual(fit[order[k - 1]]);
    let swFit = 0;
    let swY = 0;
    for (let i = 0; i < n; i++) {
      swFit += weight[i] * fit[i];
      swY += weight[i] * target[i];
    }
    expect(swFit).toBeCloseTo(swY, 9);
  });

  test("integer weights act like duplicated rows", () => {
    const score = [0.1, 0.2, 0.3, 0.4, 0.5];
    const target = [0, 1, 0, 0, 1];
    const weight = [1, 3, 2, 1, 2];
    const dupS: number[] = [];
    const dupT: number[] = [];
    score.forEach((s, i) => {
      for (let k = 0; k < weight[i]; k++) {
        dupS.push(s);
        dupT.push(target[i]);
      }
    });
    const a = fitIsotonic(score, target, weight);
    const b = fitIsotonic(dupS, dupT);
    expect(a.x.length).toBe(b.x.length);
    for (const [i, v] of a.x.entries()) expect(v).toBeCloseTo(b.x[i], 12);
    for (const [i, v] of a.y.entries()) expect(v).toBeCloseTo(b.y[i], 12);
    // Weighting changes the answer, so this is not a trivially equal pair of fits.
    expect(fitIsotonic(score, target).y).not.toEqual(a.y);
  });

  test("drops non-finite pairs and non-positive weights", () => {
    const iso = fitIsotonic([1, NaN, 2, 3], [0, 1, 1, 1], [1, 1, 0, 1]);
    expect(iso).toEqual({ x: [1, 3], y: [0, 1] });
    expect(fitIsotonic([], [])).toEqual({ x: [], y: [] });
    expect(() => fitIsotonic([1, 2], [1])).toThrow();
  });
});

describe("applyIsotonic", () => {
  const iso: Isotonic = { x: [0.2, 0.4, 0.8], y: [0.1, 0.3, 0.5] };

  test("hits the knots and interpolates linearly between them", () => {
    expect(applyIsotonic(iso, 0.2)).toBeCloseTo(0.1, 12);
    expect(applyIsotonic(iso, 0.4)).toBeCloseTo(0.3, 12);
    expect(applyIsotonic(iso, 0.3)).toBeCloseTo(0.2, 12);
    expect(applyIsotonic(iso, 0.5)).toBeCloseTo(0.35, 12);
    expect(applyIsotonic(iso, 0.7)).toBeCloseTo(0.45, 12);
  });

  test("flat beyond the ends", () => {
    expect(applyIsotonic(iso, -5)).toBe(0.1);
    expect(applyIsotonic(iso, 0.1)).toBe(0.1);
    expect(applyIsotonic(iso, 0.9)).toBe(0.5);
    expect(applyIsotonic(iso, 100)).toBe(0.5);
  });

  test("single knot is constant, no knots or NaN score give NaN", () => {
    expect(applyIsotonic({ x: [0.5], y: [0.3] }, 0.1)).toBe(0.3);
    expect(applyIsotonic({ x: [0.5], y: [0.3] }, 0.9)).toBe(0.3);
    expect(applyIsotonic({ x: [], y: [] }, 0.5)).toBeNaN();
    expect(applyIsotonic(iso, NaN)).toBeNaN();
  });
});

describe("reliabilityBins and ece", () => {
  // 20 rows, 2 equal-mass bins. Low bin: mean p 0.2, 3 of 10 positive. High bin: mean p 0.8, 6 of 10 positive.
  const p = [0.1, 0.3, 0.15, 0.25, 0.2, 0.2, 0.1, 0.3, 0.2, 0.2, 0.7, 0.9, 0.8, 0.8, 0.75, 0.85, 0.8, 0.8, 0.6, 1.0];
  const y = [1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0];

  test("hand-computed two-bin set", () => {
    const bins = reliabilityBins(p, y, 2);
    expect(bins.length).toBe(2);
    expect(bins[0].n).toBe(10);
    expect(bins[0].predicted).toBeCloseTo(0.2, 12);
    expect(bins[0].observed).toBeCloseTo(0.3, 12);
    expect(bins[0].lo).toBe(0.1);
    expect(bins[0].hi).toBe(0.3);
    expect(bins[1].predicted).toBeCloseTo(0.8, 12);
    expect(bins[1].observed).toBeCloseTo(0.6, 12);
    expect(bins[1].lo).toBe(0.6);
    expect(bins[1].hi).toBe(1.0);
    // 0.5·|0.2−0.3| + 0.5·|0.8−0.6|
    expect(ece(p, y, 2)).toBeCloseTo(0.15, 12);
  });

  test("perfectly calibrated bins give ECE 0", () => {
    const pp = [...Array(10).fill(0.2), ...Array(10).fill(0.7)];
    const yy = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0];
    expect(ece(pp, yy, 2)).toBeCloseTo(0, 12);
    expect(ece(pp, yy, 2)).toBeLessThan(1e-12);
  });

  test("counts sum to N and equal-mass sizes differ by at most one", () => {
    const rand = mulberry32(3);
    for (const [N, B] of [
      [103, 10],
      [7, 3],
      [1000, 7],
      [20, 20],
      [9, 10],
    ]) {
      const pp = Array.from({ length: N }, () => Math.round(rand() * 20) / 20); // many ties
      const yy = pp.map(() => (rand() < 0.5 ? 1 : 0));
      const bins = reliabilityBins(pp, yy, B);
      expect(bins.reduce((s, b) => s + b.n, 0)).toBe(N);
      expect(bins.length).toBe(Math.min(N, B));
      const sizes = bins.map((b) => b.n);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      for (const b of bins) expect(b.lo).toBeLessThanOrEqual(b.hi);
      for (let k = 1; k < bins.length; k++) expect(bins[k].lo).toBeGreaterThanOrEqual(bins[k - 1].hi);
    }
  });

  test("default is 10 bins; empty input", () => {
    const pp = Array.from({ length: 50 }, (_, i) => i / 50);
    expect(
      reliabilityBins(
        pp,
        pp.map(() => 0),
      ).length,
    ).toBe(10);
    expect(reliabilityBins([], [])).toEqual([]);
    expect(ece([], [])).toBeNaN();
  });
});

describe("brier and brierSkill", () => {
  const p = [0.9, 0.2, 0.6, 0.5];
  const y = [1, 0, 0, 1];

  test("hand-computed", () => {
    // (0.01 + 0.04 + 0.36 + 0.25) / 4
    expect(brier(p, y)).toBeCloseTo(0.165, 12);
    expect(brier([0.5, 0.5, 0.5, 0.5], y)).toBeCloseTo(0.25, 12);
    // 1 − 0.165 / 0.25
    expect(brierSkill(p, [0.5, 0.5, 0.5, 0.5], y)).toBeCloseTo(0.34, 12);
    // Swapping roles gives a negative skill.
    expect(brierSkill([0.5, 0.5, 0.5, 0.5], p, y)).toBeCloseTo(1 - 0.25 / 0.165, 12);
    expect(brier([], [])).toBeNaN();
    expect(() => brier([0.1], [1, 0])).toThrow();
  });
});

describe("compactIsotonic", () => {
  test("rounds to 6 decimals and survives JSON", () => {
    const c = compactIsotonic({ x: [0.12345678, 0.5], y: [0.1000004, 0.3333333333] });
    expect(c).toEqual({ x: [0.123457, 0.5], y: [0.1, 0.333333] });
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });

  test("thins to at most maxKnots, keeps the ends, stays monotone", () => {
    const rand = mulberry32(11);
    const score = Array.from({ length: 5000 }, () => rand());
    const target = score.map((s) => s * s + 0.01 * rand());
    const iso = fitIsotonic(score, target);
    expect(iso.x.length).toBeGreaterThan(200);
    for (const maxKnots of [200, 17, 2]) {
      const c = compactIsotonic(iso, maxKnots);
      expect(c.x.length).toBeLessThanOrEqual(maxKnots);
      expect(c.x.length).toBe(c.y.length);
      expect(c.x[0]).toBeCloseTo(iso.x[0], 6);
      expect(c.y[0]).toBeCloseTo(iso.y[0], 6);
      expect(c.x[c.x.length - 1]).toBeCloseTo(iso.x[iso.x.length - 1], 6);
      expect(c.y[c.y.length - 1]).toBeCloseTo(iso.y[iso.y.length - 1], 6);
      expect(isMonotone(c)).toBe(true);
    }
    // Deterministic, and the thinned map stays close to the full one on this smooth target.
    expect(compactIsotonic(iso)).toEqual(compactIsotonic(iso));
    const c = compactIsotonic(iso);
    expect(c.x.length).toBe(200);
    for (let s = 0.05; s < 1; s += 0.05) expect(Math.abs(applyIsotonic(c, s) - applyIsotonic(iso, s))).toBeLessThan(0.02);
  });

  test("knots colliding after rounding merge into one", () => {
    const c = compactIsotonic({ x: [0.1, 0.2000001, 0.2000002, 0.3], y: [0, 0.2, 0.4, 1] });
    expect(c).toEqual({ x: [0.1, 0.2, 0.3], y: [0, 0.3, 1] });
    expect(() => compactIsotonic(c, 1)).toThrow();
  });
});
