// Purged monthly walk-forward: a training row's 48 h label window must close by the test month's start; rows inside it never influence that month.
import { describe, expect, test } from "bun:test";
import { INTERVAL_MS } from "@core/candles";
import { mulberry32 } from "../../backtest/stats";
import { EXPIRY_HOURS } from "../trade";
import type { Panel } from "./panel";
import { CLASSES, monthStart, nextMonth, panelMonths, purgedBefore, walkForward } from "./walkforward";

const H = INTERVAL_MS["1h"];
const LABEL_MS = EXPIRY_HOURS * H;
const JAN = Date.UTC(2024, 0, 1);
const FEB = Date.UTC(2024, 1, 1);
const MAR = Date.UTC(2024, 2, 1);
const APR = Date.UTC(2024, 3, 1);
const D = 3;
const COLUMNS = [0, 1, 2];
const LAMBDA = 1e-3;

function gauss(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Clocks every `strideH` hours over [from, to), one LONG and one SHORT row each; 3 features and labels that depend on them weakly. */
function makePanel(from: number, to: number, seed = 1, strideH = 1): { p: Panel; x: Float64Array; y: Int8Array } {
  const rand = mulberry32(seed);
  const t: number[] = [];
  const side: number[] = [];
  const x: number[] = [];
  const y: number[] = [];
  for (let clock = from; clock < to; clock += strideH * H) {
    for (const s of [1, -1]) {
      t.push(clock);
      side.push(s);
      const f = [gauss(rand), gauss(rand), gauss(rand)];
      x.push(...f);
      // class 0 more likely with f0 high, class 1 with f1 high, otherwise 2
      const z = [0.8 * f[0], 0.8 * f[1], 0.3];
      const e = z.map(Math.exp);
      const u = rand() * (e[0] + e[1] + e[2]);
      y.push(u < e[0] ? 0 : u < e[0] + e[1] ? 1 : 2);
    }
  }
  const n = t.length;
  const p: Panel = {
    symbols: ["AAAUSDT"],
    ks: [1],
    ms: [1],
    n,
    d: D,
    sym: new Int32Array(n),
    t: Float64Array.from(t),
    side: Int8Array.from(side),
    x: Float64Array.from(x),
    stopAtr: [new Float64Array(n).fill(1)],
    costR: [new Float64Array(n).fill(0.05)],
    y: [Int8Array.from(y)],
    grossR: [new Float32Array(n)],
    clocks: [...new Set(t)],
  };
  return { p, x: p.x, y: p.y[0] };
}

const rowsIn = (p: Panel, from: number, to: number) => {
  const out: number[] = [];
  for (let i = 0; i < p.n; i++) if (p.t[i] >= from && p.t[i] < to) out.push(i);
  return out;
};
const predsOf = (probs: Float64Array, rows: number[]) => rows.flatMap((i) => Array.from(probs.subarray(i * CLASSES, (i + 1) * CLASSES)));

describe("purgedBefore", () => {
  test("a label window ending exactly at the cutoff is allowed; one millisecond later is not", () => {
    for (const cutoff of [FEB, MAR, Date.UTC(2024, 11, 1)]) {
      expect(purgedBefore(cutoff - LABEL_MS, cutoff)).toBe(true);
      expect(purgedBefore(cutoff - LABEL_MS - 1, cutoff)).toBe(true);
      expect(purgedBefore(cutoff - LABEL_MS + 1, cutoff)).toBe(false);
      expect(purgedBefore(cutoff - H, cutoff)).toBe(false);
      expect(purgedBefore(cutoff, cutoff)).toBe(false);
    }
    expect(LABEL_MS).toBe(48 * 3_600_000);
  });

  test("month helpers", () => {
    expect(monthStart(Date.UTC(2024, 1, 29, 23, 59))).toBe(FEB);
    expect(nextMonth(Date.UTC(2024, 1, 29, 23, 59))).toBe(MAR);
    expect(nextMonth(Date.UTC(2024, 11, 5))).toBe(Date.UTC(2025, 0, 1));
  });
});

describe("walkForward", () => {
  const { p, x, y } = makePanel(JAN, APR);
  const base = walkForward(p, x, y, COLUMNS, LAMBDA);
  const feb = rowsIn(p, FEB, MAR);
  const mar = rowsIn(p, MAR, APR);

  test("the first month stays NaN; every later month is predicted with probabilities that sum to 1", () => {
    expect(panelMonths(p)).toEqual([JAN, FEB, MAR]);
    expect(base.months).toEqual([JAN, FEB, MAR]);
    for (const i of rowsIn(p, JAN, FEB)) {
      for (let c = 0; c < CLASSES; c++) expect(Number.isNaN(base.p[i * CLASSES + c])).toBe(true);
      expect(Number.isNaN(base.novelty[i])).toBe(true);
    }
    for (const i of [...feb, ...mar]) {
      const row = Array.from(base.p.subarray(i * CLASSES, (i + 1) * CLASSES));
      for (const v of row) expect(v).toBeGreaterThan(0);
      expect(row[0] + row[1] + row[2]).toBeCloseTo(1, 12);
      expect(Number.isFinite(base.novelty[i])).toBe(true);
      expect(base.novelty[i]).toBeGreaterThan(0);
    }
    // The fitted model found the planted signal (so the influence tests below compare real fits).
    const hi = feb.filter((i) => x[i * D] > 1);
    const lo = feb.filter((i) => x[i * D] < -1);
    const mean = (rows: number[]) => rows.reduce((a, i) => a + base.p[i * CLASSES], 0) / rows.length;
    expect(mean(hi)).toBeGreaterThan(mean(lo) + 0.1);
  });

  test("each month trains on exactly the rows whose label window closed before it", () => {
    const logged: string[] = [];
    walkForward(p, x, y, COLUMNS, LAMBDA, (m) => logged.push(m));
    const trainCounts = logged.map((m) => Number(/train (\d+)/.exec(m)![1]));
    const expected = [FEB, MAR].map((start) => {
      let c = 0;
      for (let i = 0; i < p.n; i++) if (p.t[i] + LABEL_MS <= start) c++;
      return c;
    });
    expect(trainCounts).toEqual(expected);
    // Hourly rows, two per hour: January minus its last 48 h (the boundary hour itself included).
    expect(expected[0]).toBe(2 * (31 * 24 - 48 + 1));
    expect(logged.map((m) => Number(/test (\d+)/.exec(m)![1]))).toEqual([feb.length, mar.length]);
  });

  test("rows in the last 48 h before a month do not influence that month's predictions", () => {
    for (const [start, month] of [
      [FEB, feb],
      [MAR, mar],
    ] as const) {
      const y2 = y.slice();
      const x2 = x.slice();
      let changed = 0;
      for (let i = 0; i < p.n; i++) {
        if (p.t[i] > start - LABEL_MS && p.t[i] < start) {
          y2[i] = (y2[i] + 1) % 3; // every label wrong
          for (let j = 0; j < D; j++) x2[i * D + j] = 50 * (j + 1); // and the features far outside the cloud
          changed++;
        }
      }
      expect(changed).toBe(2 * 47);
      const wf = walkForward(p, x2, y2, COLUMNS, LAMBDA);
      expect(predsOf(wf.p, month)).toEqual(predsOf(base.p, month));
      expect(Array.from(month, (i) => wf.novelty[i])).toEqual(Array.from(month, (i) => base.novelty[i]));
      if (start === FEB) {
        // The same rows are part of March's training, so the change was not a no-op.
        expect(predsOf(wf.p, mar)).not.toEqual(predsOf(base.p, mar));
      }
    }
  });

  test("rows whose label window closes exactly at the month start, and earlier rows, do influence it", () => {
    const boundary = y.slice();
    let atBoundary = 0;
    for (let i = 0; i < p.n; i++) {
      if (p.t[i] === FEB - LABEL_MS) {
        boundary[i] = (boundary[i] + 1) % 3;
        atBoundary++;
      }
    }
    expect(atBoundary).toBe(2);
    expect(predsOf(walkForward(p, x, boundary, COLUMNS, LAMBDA).p, feb)).not.toEqual(predsOf(base.p, feb));

    const earlier = y.slice();
    for (let i = 0; i < p.n; i++) if (p.t[i] < FEB - LABEL_MS) earlier[i] = 0;
    const wf = walkForward(p, x, earlier, COLUMNS, LAMBDA);
    const febP = predsOf(wf.p, feb);
    expect(febP).not.toEqual(predsOf(base.p, feb));
    // All-TP history makes TP the likeliest class everywhere in February.
    for (let r = 0; r < feb.length; r++) expect(febP[r * CLASSES]).toBeGreaterThan(0.5);
  });

  test("a month with fewer than 1,000 purged training rows is left unpredicted", () => {
    // A few hundred rows over three months (every 6 h): too little history for any fit.
    const small = makePanel(JAN, APR, 2, 6);
    expect(small.p.n).toBe(2 * 91 * 4);
    const wf = walkForward(small.p, small.x, small.y, COLUMNS, LAMBDA);
    expect(wf.months).toEqual([JAN, FEB, MAR]);
    expect(Array.from(wf.p).every(Number.isNaN)).toBe(true);
  });
});
