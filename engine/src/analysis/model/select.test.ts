// Selection: LONG/SHORT rows pair into evaluations; decide takes the side with the higher calibrated EV and issues only above τ + margin and inside the training cloud.
import { describe, expect, test } from "bun:test";
import { mulberry32 } from "../../backtest/stats";
import type { Panel } from "./panel";
import { decide, evaluationsOf, fitCalibrator, MARGIN_R, RATE_BAND, type Calibrator, type Labels } from "./select";

const T1 = Date.UTC(2024, 5, 1);
const T2 = T1 + 3_600_000;

/** A panel holding only what selection reads (symbol, clock, side); the rest is filler. */
function panelOf(rows: [sym: number, t: number, side: 1 | -1][]): Panel {
  const n = rows.length;
  return {
    symbols: ["AAAUSDT", "BBBUSDT", "CCCUSDT", "DDDUSDT"],
    ks: [1],
    ms: [1],
    n,
    d: 1,
    sym: Int32Array.from(rows.map((r) => r[0])),
    t: Float64Array.from(rows.map((r) => r[1])),
    side: Int8Array.from(rows.map((r) => r[2])),
    x: new Float64Array(n),
    stopAtr: [new Float64Array(n).fill(1)],
    costR: [new Float64Array(n)],
    y: [new Int8Array(n)],
    grossR: [new Float32Array(n)],
    clocks: [...new Set(rows.map((r) => r[1]))],
  };
}

const identity = { x: [0, 1], y: [0, 1] };
const calibrator = (tau: number, ev = { x: [-10, 10], y: [-10, 10] }): Calibrator => ({
  tp: identity,
  sl: identity,
  exp: identity,
  expiryR: { long: 0.2, short: -0.1 },
  ev,
  tau,
  inner: { rate: 0.2, meanR: 0.1, evaluations: 100 },
});

describe("evaluationsOf", () => {
  test("pairs LONG and SHORT of the same (symbol, clock) as [long, short]; unpaired rows are dropped", () => {
    const p = panelOf([
      [0, T1, 1], // 0
      [0, T1, -1], // 1
      [1, T1, -1], // 2: no LONG for (1, T1)
      [0, T2, -1], // 3: SHORT listed first
      [0, T2, 1], // 4
      [1, T2, 1], // 5: no SHORT for (1, T2)
      [2, T1, 1], // 6
      [2, T1, -1], // 7: not among the rows asked about below
      [3, T1, 1], // 8: same symbol, different clocks
      [3, T2, -1], // 9
    ]);
    expect(evaluationsOf(p, [0, 1, 2, 3, 4, 5, 6, 8, 9])).toEqual([
      [0, 1],
      [4, 3],
    ]);
    expect(evaluationsOf(p, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([
      [0, 1],
      [4, 3],
      [6, 7],
    ]);
    expect(evaluationsOf(p, [2, 5, 8, 9])).toEqual([]);
    expect(evaluationsOf(p, [])).toEqual([]);
  });
});

describe("decide", () => {
  // Evaluation 0 (rows 0, 1): LONG is better. Evaluation 1 (rows 2, 3): SHORT is better.
  const p = panelOf([
    [0, T1, 1],
    [0, T1, -1],
    [1, T1, 1],
    [1, T1, -1],
  ]);
  // Unnormalised on purpose for row 0: (1, 0.6, 0.4) normalises to (0.5, 0.3, 0.2).
  const probs = Float64Array.from([1, 0.6, 0.4, 0.2, 0.6, 0.2, 0.2, 0.6, 0.2, 0.5, 0.3, 0.2]);
  const labels: Labels = { y: new Int8Array(4), grossR: new Float32Array(4), costR: Float64Array.from([0.05, 0.05, 0.05, 0.05]), rr: 1.5 };
  // EV = pTP·1.5 − pSL + pEXP·E[R|exp] − 0.05 with E[R|exp] = +0.2 (long) / −0.1 (short)
  const evLong0 = 0.5 * 1.5 - 0.3 + 0.2 * 0.2 - 0.05; // 0.44
  const evShort0 = 0.2 * 1.5 - 0.6 + 0.2 * -0.1 - 0.05; // −0.37
  const evLong1 = 0.2 * 1.5 - 0.6 + 0.2 * 0.2 - 0.05; // −0.31
  const evShort1 = 0.5 * 1.5 - 0.3 + 0.2 * -0.1 - 0.05; // 0.38
  const calm = new Float64Array(4).fill(0.5);

  test("picks the side with the higher calibrated EV (hand-computed)", () => {
    const [a, b] = decide(p, probs, calm, labels, calibrator(0.1), [0, 1, 2, 3]);
    expect(a).toMatchObject({ long: 0, short: 1, chosen: 0, opposite: 1, novel: false, issued: true });
    expect(a.scored.ev).toBeCloseTo(evLong0, 12);
    expect(a.scored.evRaw).toBeCloseTo(evLong0, 12);
    expect([a.scored.pTp, a.scored.pSl, a.scored.pExp].map((v) => +v.toFixed(12))).toEqual([0.5, 0.3, 0.2]);
    expect(a.oppositeScored.ev).toBeCloseTo(evShort0, 12);
    expect(b).toMatchObject({ long: 2, short: 3, chosen: 3, opposite: 2, novel: false, issued: true });
    expect(b.scored.ev).toBeCloseTo(evShort1, 12);
    expect(b.oppositeScored.ev).toBeCloseTo(evLong1, 12);
  });

  test("each side is charged its own costs", () => {
    const same = Float64Array.from([0.4, 0.4, 0.2, 0.4, 0.4, 0.2]);
    const q = panelOf([
      [0, T1, 1],
      [0, T1, -1],
    ]);
    const cal = { ...calibrator(-1), expiryR: { long: 0, short: 0 } };
    const cheaperShort: Labels = { y: new Int8Array(2), grossR: new Float32Array(2), costR: Float64Array.from([0.1, 0.05]), rr: 1.5 };
    expect(decide(q, same, calm, cheaperShort, cal, [0, 1])[0].chosen).toBe(1);
    const cheaperLong: Labels = { ...cheaperShort, costR: Float64Array.from([0.05, 0.1]) };
    expect(decide(q, same, calm, cheaperLong, cal, [0, 1])[0].chosen).toBe(0);
    // A tie goes to LONG.
    const tie: Labels = { ...cheaperShort, costR: Float64Array.from([0.05, 0.05]) };
    expect(decide(q, same, calm, tie, cal, [0, 1])[0].chosen).toBe(0);
  });

  test("issues only when EV − margin clears τ (strictly)", () => {
    const issued = (tau: number) => decide(p, probs, calm, labels, calibrator(tau), [0, 1, 2, 3]).map((d) => d.issued);
    expect(MARGIN_R).toBe(0.02);
    expect(issued(0.1)).toEqual([true, true]);
    // 0.44 clears 0.41 with the margin; 0.38 does not.
    expect(issued(0.41)).toEqual([true, false]);
    // 0.44 is above τ = 0.43 but not by the margin.
    expect(issued(0.43)).toEqual([false, false]);
    // Exactly at the bar is not enough; just under it is.
    const ev = decide(p, probs, calm, labels, calibrator(0), [0, 1])[0].scored.ev;
    expect(issued(ev - MARGIN_R)).toEqual([false, false]);
    expect(issued(ev - MARGIN_R - 1e-9)).toEqual([true, false]);
    // Whatever τ is, the side judged is the better one.
    expect(decide(p, probs, calm, labels, calibrator(-0.5), [0, 1, 2, 3]).map((d) => d.chosen)).toEqual([0, 3]);
  });

  test("the bar reads the calibrated EV, not the raw one", () => {
    // Calibration says nothing with raw EV above 0 realises more than 0.01 R.
    const flat = calibrator(0, { x: [-1, 0], y: [-1, 0.01] });
    const [a] = decide(p, probs, calm, labels, flat, [0, 1]);
    expect(a.scored.evRaw).toBeCloseTo(evLong0, 12);
    expect(a.scored.ev).toBeCloseTo(0.01, 12);
    expect(a.issued).toBe(false);
  });

  test("never issues when the chosen side's novelty is above 1 (or unknown)", () => {
    const run = (nov: number[]) => decide(p, probs, Float64Array.from(nov), labels, calibrator(0.1), [0, 1, 2, 3]);
    expect(run([1.0001, 0.5, 0.5, 0.5]).map((d) => [d.novel, d.issued])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(run([0.5, 0.5, 0.5, 7]).map((d) => [d.novel, d.issued])).toEqual([
      [false, true],
      [true, false],
    ]);
    // Exactly 1 is still inside; NaN counts as novel; the opposite side's novelty does not matter.
    expect(run([1, 0.5, 0.5, 1]).map((d) => d.issued)).toEqual([true, true]);
    expect(run([Number.NaN, 0.5, 0.5, 0.5]).map((d) => [d.novel, d.issued])[0]).toEqual([true, false]);
    expect(run([0.5, 50, 50, 0.5]).map((d) => d.issued)).toEqual([true, true]);
  });
});

describe("fitCalibrator", () => {
  test("expiry R per side from expired rows, rows without predictions ignored, τ reproduces its rate", () => {
    const rand = mulberry32(11);
    const rows: [number, number, 1 | -1][] = [];
    const probs: number[] = [];
    const y: number[] = [];
    const gross: number[] = [];
    const rr = 2;
    for (let e = 0; e < 1500; e++) {
      for (const side of [1, -1] as const) {
        rows.push([e % 4, T1 + Math.floor(e / 4) * 3_600_000, side]);
        // Calibrated by construction: the label is drawn from the probabilities.
        const a = rand() ** 2;
        const b = rand() * (1 - a);
        const pr = [a, b, 1 - a - b];
        probs.push(...pr);
        const u = rand();
        const cls = u < pr[0] ? 0 : u < pr[0] + pr[1] ? 1 : 2;
        y.push(cls);
        gross.push(cls === 0 ? rr : cls === 1 ? -1 : side > 0 ? 0.3 * rand() : -0.3 * rand());
      }
    }
    // The first evaluation has no out-of-fold prediction: its rows must not count anywhere.
    probs.fill(Number.NaN, 0, 6);
    y[0] = 2;
    y[1] = 2;
    gross[0] = 1000;
    gross[1] = -1000;
    const p = panelOf(rows);
    const labels: Labels = { y: Int8Array.from(y), grossR: Float32Array.from(gross), costR: new Float64Array(rows.length).fill(0.05), rr };
    const all = rows.map((_, i) => i);
    const cal = fitCalibrator(p, Float64Array.from(probs), labels, all);

    const meanExpired = (side: number) => {
      const xs = all.filter((i) => i >= 2 && y[i] === 2 && rows[i][2] === side).map((i) => labels.grossR[i]);
      return xs.reduce((s, v) => s + v, 0) / xs.length;
    };
    expect(cal.expiryR.long).toBeCloseTo(meanExpired(1), 9);
    expect(cal.expiryR.short).toBeCloseTo(meanExpired(-1), 9);
    expect(cal.inner.evaluations).toBe(1499);

    expect(cal.tau).toBeGreaterThan(0);
    expect(cal.inner.rate).toBeGreaterThanOrEqual(RATE_BAND[0]);
    expect(cal.inner.rate).toBeLessThanOrEqual(RATE_BAND[1]);
    const decisions = decide(p, Float64Array.from(probs), new Float64Array(rows.length), labels, cal, all.slice(2));
    const issued = decisions.filter((d) => d.issued);
    expect(issued.length / decisions.length).toBeCloseTo(cal.inner.rate, 12);
    const meanR = issued.reduce((s, d) => s + labels.grossR[d.chosen] - labels.costR[d.chosen], 0) / issued.length;
    expect(meanR).toBeCloseTo(cal.inner.meanR, 6);
  });
});
