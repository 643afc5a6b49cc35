// The research pipeline on synthetic eras: no look-ahead, purging across eras and gaps, block-clustered bars, shrinkage, and a live analysis deciding exactly as research.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import type { SymbolData } from "../analysis/model/dataset";
import { calibrateScore, shrink } from "../analysis/model/calibrated";
import { mulberry32 } from "../backtest/stats";
import { fitScoreCalibration } from "./calibrate";
import { chooseTau, runCv, type Combo } from "./cv";
import { buildPanel, clocksOf, type Geometry } from "./panel";
import { blocksOf, gbdtFamilyWith, purgeMs, splitBlock, walkForward } from "./walkforward";

const H = 3_600_000;
const GEOMETRIES: Geometry[] = [
  { k: 1, m: 1.5, hours: 24 },
  { k: 1, m: 1.5, hours: 48 },
];
const SMALL = gbdtFamilyWith({ trees: 8, learningRate: 0.1, maxLeaves: 4, minLeaf: 40, l2: 1, subsample: 0.8, seed: 3, maxBins: 16 });

/** Random walks with a little momentum, in two eras (2019 and 2024) and, for GAPUSDT, a 30-hour outage in each. */
function eras(): SymbolData[] {
  const symbols = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "ADAUSDT", "GAPUSDT"];
  return symbols.map((symbol, si) => {
    const rand = mulberry32(11 + si);
    const h1: Candle[] = [];
    for (const start of [Date.UTC(2019, 0, 1), Date.UTC(2024, 0, 1)]) {
      let c = 100 * (si + 1);
      let drift = 0;
      for (let i = 0; i < 150 * 24; i++) {
        drift = 0.995 * drift + 0.0006 * (rand() - 0.5);
        const o = c;
        c = o * Math.exp(drift + 0.01 * (rand() - 0.5));
        if (symbol === "GAPUSDT" && i >= 1500 && i < 1530) continue;
        h1.push({
          t: start + i * H,
          o,
          h: Math.max(o, c) * (1 + 0.003 * rand()),
          l: Math.min(o, c) * (1 - 0.003 * rand()),
          c,
          v: 1000 + 1000 * rand(),
        });
      }
    }
    // Half the pairs have a perpetual from the second era on, so SHORTs are offered there and only there.
    return { symbol, h1, funding: [], perpSince: si % 2 === 0 ? Date.UTC(2024, 0, 1) : null };
  });
}

function pipeline(data: SymbolData[]) {
  const p = buildPanel(data, clocksOf(data, 6), GEOMETRIES);
  const combos: Combo[] = GEOMETRIES.map((_, g) => ({ family: "gbdt", g, wf: walkForward(p, g, SMALL, undefined, 300) }));
  return { p, combos, cv: runCv(p, combos, () => {}, { blockDays: 7, selectDays: 20, maxAgeDays: 3650 }) };
}

const DATA = eras();
const FULL = pipeline(DATA);

describe("v3 walk-forward", () => {
  test("truncating the future changes no past decision", () => {
    const cutAt = Date.UTC(2024, 3, 20);
    const cut = pipeline(DATA.map((s) => ({ ...s, h1: s.h1.filter((k) => k.t < cutAt) })));
    const key = (e: { t: number; symbol: string }) => `${e.symbol}|${e.t}`;
    const before = new Map(FULL.cv.evaluations.map((e) => [key(e), e]));
    const common = cut.cv.evaluations.filter((e) => before.has(key(e)));
    expect(common.length).toBeGreaterThan(500);
    expect(common.some((e) => e.issued)).toBe(true);
    for (const e of common) {
      const f = before.get(key(e))!;
      expect([e.issued, e.side, e.ev, e.r]).toEqual([f.issued, f.side, f.ev, f.r]);
    }
  });

  test("every training row's outcome closed before its block, across the gap between eras", () => {
    const { p } = FULL;
    const purge = purgeMs(p);
    const first2024 = blocksOf(p).find((b) => b.start >= Date.UTC(2024, 0, 1))!;
    const { train, test } = splitBlock(p, first2024, purge);
    expect(train.length).toBeGreaterThan(0);
    // The first block of the second era learns from the first era only, and nothing it learns from reaches into it.
    for (const i of train) expect(p.t[i >> 1] + purge).toBeLessThanOrEqual(first2024.start);
    for (const i of train) expect(new Date(p.t[i >> 1]).getUTCFullYear()).toBe(2019);
    for (const i of test) expect(p.t[i >> 1]).toBeGreaterThanOrEqual(first2024.start);
  });

  test("no evaluation of a pair reads features across its outage", () => {
    const { p } = FULL;
    const gap = p.symbols.indexOf("GAPUSDT");
    for (const start of [Date.UTC(2019, 0, 1), Date.UTC(2024, 0, 1)]) {
      const [from, to] = [start + 1500 * H, start + 1530 * H];
      for (let e = 0; e < p.evals; e++) {
        if (p.sym[e] !== gap) continue;
        // Features need 336 unbroken hours; the 48 h label must not reach into the outage either.
        expect(p.t[e] >= from && p.t[e] < to + 336 * H).toBe(false);
        expect(p.t[e] < from && p.t[e] + 24 * H > from && p.t[e] + 48 * H > from).toBe(false);
      }
    }
  });
});

describe("the bar", () => {
  test("a cut reaches only rows the rule can issue; the rest count in the rate", () => {
    // 60 rows the rule may issue (EV falling from 0.8; R best over the top 20), 20 it refuses whatever the bar (novel) and
    // 20 whose shrunk EV is 0 (the bar is never below 0): those two groups carry the best R of all and must not be cut into.
    const allowed = Array.from({ length: 60 }, (_, i) => ({ ev: 0.8 - i / 100, r: i < 5 ? 0.5 : i < 20 ? 1.2 : -1, block: i % 7 }));
    const refused = Array.from({ length: 20 }, (_, i) => ({ ev: -Infinity, r: 5, block: i % 7 }));
    const zero = Array.from({ length: 20 }, (_, i) => ({ ev: 0, r: 5, block: i % 7 }));
    const pick = chooseTau([...refused, ...zero, ...allowed], 0);
    expect(pick.rate).toBeCloseTo(0.2, 10);
    expect(pick.meanR).toBeCloseTo(1.025, 10);
    expect(pick.tau).toBeCloseTo(0.8 - 19 / 100, 6);
    // When only refused rows could fill the band's floor, there is no bar at all.
    const none = chooseTau([...Array.from({ length: 99 }, (_, i) => ({ ev: 0, r: 1, block: i })), { ev: 0.5, r: 1, block: 0 }], 0);
    expect(none.tau).toBe(Infinity);
  });

  test("the bar is chosen on the inner mean marked down by its block-clustered uncertainty", () => {
    // The top 5 rows earn most on average but scatter widely; the top 30 earn less, steadily, one row a day.
    const top = [6, -2, 6, -2, 2];
    const rows = Array.from({ length: 100 }, (_, i) => ({ ev: 1 - i / 100, r: i < 5 ? top[i] : i < 30 ? 0.9 : -1, block: i }));
    expect(chooseTau(rows, 0).rate).toBeCloseTo(0.05, 10);
    const marked = chooseTau(rows, 1);
    expect(marked.rate).toBeCloseTo(0.3, 10);
    expect(marked.lower).toBeLessThan(marked.meanR);
  });

  test("a bar whose inner signals lost money issues nothing", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ ev: 1 - i / 100, r: -0.2, block: i }));
    expect(chooseTau(rows, 0).tau).toBe(Infinity);
  });

  test("each quarter's decisions are tallied by the rule's reasons and add up to its evaluations", () => {
    for (const f of FULL.cv.folds) {
      const inQuarter = FULL.cv.evaluations.filter((e) => new Date(e.t).toISOString().slice(0, 7) >= f.quarter);
      const next = FULL.cv.folds[FULL.cv.folds.indexOf(f) + 1]?.quarter ?? "9999";
      const rows = inQuarter.filter((e) => new Date(e.t).toISOString().slice(0, 7) < next);
      const total = Object.values(f.decisions).reduce((a, b) => a + b, 0);
      expect(total).toBe(rows.length);
      expect(f.decisions.issued ?? 0).toBe(rows.filter((e) => e.issued).length);
    }
  });
});

describe("expected R shrinkage", () => {
  test("shrinks toward zero by z standard errors and never across it", () => {
    expect(shrink(0.2, 0.05, 1)).toBeCloseTo(0.15, 10);
    expect(shrink(-0.2, 0.05, 1)).toBeCloseTo(-0.15, 10);
    expect(shrink(0.03, 0.05, 1)).toBe(0);
    expect(shrink(-0.03, 0.05, 1)).toBe(0);
  });

  test("a noisy top bin is shrunk more than a quiet middle", () => {
    const rand = mulberry32(5);
    const n = 20_000;
    const score = Float64Array.from({ length: n }, (_, i) => i / n);
    // The top 2 % earn +0.3 R on average but swing ±3 R; the rest earn +0.05 R with ±0.2 R.
    const r = Float64Array.from({ length: n }, (_, i) => (i >= 0.98 * n ? 0.3 + 6 * (rand() - 0.5) : 0.05 + 0.4 * (rand() - 0.5)));
    const cls = Int8Array.from(r, (x) => (x > 0 ? 0 : 1));
    const day = Float64Array.from({ length: n }, (_, i) => i % 400);
    const cal = fitScoreCalibration(
      Array.from({ length: n }, (_, i) => i),
      score,
      cls,
      r,
      day,
    );
    const top = calibrateScore(cal, 0.999);
    const mid = calibrateScore(cal, 0.5);
    expect(top.se).toBeGreaterThan(mid.se * 3);
    expect(top.ev - top.evShrunk).toBeGreaterThan(mid.ev - mid.evShrunk);
    expect(top.evShrunk).toBeLessThan(top.ev);
    expect(mid.pTp + mid.pSl + mid.pExp).toBeCloseTo(1, 10);
  });
});
