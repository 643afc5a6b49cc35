// Training labels agree with the shipped outcome rule: labelPath vs evaluateOutcome on random paths, stop-first ties, unknown outcomes, and the panel's label paths.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/candles";
import { INTERVAL_MS } from "@core/candles";
import { mulberry32 } from "../backtest/stats";
import { evaluateOutcome, type OutcomeStatus } from "../outcomes";
import { buildPanel, tradeFor } from "../research/panel";
import { labelPath, type Outcome, pathFrom } from "./label";
import { buildSnapshot } from "./snapshot";
import { EXPIRY_HOURS } from "./trade";

const H = INTERVAL_MS["1h"];
const T0 = Date.UTC(2024, 2, 1);
const MS = [1, 1.5, 2];
const STATUS: Record<Outcome, OutcomeStatus> = { TP: "TP_HIT", SL: "SL_HIT", EXPIRED: "EXPIRED" };

/**
 * Random walk on a 0.25 price grid (so levels are often touched exactly), with wicks and the occasional long
 * candle that spans both levels. Entry 100; risks are multiples of 0.25, so every level is exact in binary.
 */
function randomPath(rand: () => number, bars: number): Candle[] {
  const q = (x: number) => Math.round(x * 4) / 4;
  const out: Candle[] = [];
  let c = 100;
  for (let i = 0; i < bars; i++) {
    const o = c;
    c = q(o + (rand() - 0.5) * 1.5);
    const big = rand() < 0.04 ? 3 : 0;
    const h = q(Math.max(o, c) + rand() * 0.75) + big;
    const l = q(Math.min(o, c) - rand() * 0.75) - big;
    out.push({ t: T0 + i * H, o, h, l, c, v: 1 });
  }
  return out;
}

function signal(side: 1 | -1, entry: number, risk: number, m: number, t0: number) {
  return {
    type: side > 0 ? ("LONG" as const) : ("SHORT" as const),
    entry_price: entry,
    stop_loss: entry - side * risk,
    take_profit: entry + side * m * risk,
    created_at_market_ms: t0,
    timeframe: "1h",
  };
}

describe("labelPath agrees with evaluateOutcome", () => {
  test("2,000 random complete paths, both sides, m in [1, 1.5, 2]", () => {
    const rand = mulberry32(20240301);
    const seen: Record<string, number> = { TP: 0, SL: 0, EXPIRED: 0, bothInOneCandle: 0, exactTouch: 0, beyondHorizon: 0 };
    for (let n = 0; n < 2000; n++) {
      // Mostly exactly the horizon; some longer paths, whose extra candles both rules must ignore.
      const bars = rand() < 0.8 ? EXPIRY_HOURS : EXPIRY_HOURS + 1 + Math.floor(rand() * 12);
      if (bars > EXPIRY_HOURS) seen.beyondHorizon++;
      const path = randomPath(rand, bars);
      const risk = 0.25 * (2 + Math.floor(rand() * 30)); // 0.5 … 7.75
      const entry = 100;
      for (const side of [1, -1] as const) {
        const labels = labelPath(path, side, entry, risk, MS, EXPIRY_HOURS);
        expect(labels).not.toBeNull();
        MS.forEach((m, j) => {
          const sig = signal(side, entry, risk, m, path[0].t);
          const ref = evaluateOutcome(sig, path);
          const got = labels![j];
          expect(STATUS[got.outcome]).toBe(ref.outcome as OutcomeStatus);
          seen[got.outcome]++;
          if (got.outcome === "EXPIRED") {
            expect(got.bars).toBe(EXPIRY_HOURS);
            expect(got.grossR).toBeCloseTo((side * (path[EXPIRY_HOURS - 1].c - entry)) / risk, 12);
          } else {
            // Same exit candle as the shipped rule.
            expect(path[got.bars - 1].t).toBe(ref.closed_at_market_ms!);
            expect(got.grossR).toBe(got.outcome === "TP" ? m : -1);
            const k = path[got.bars - 1];
            const touchesTp = side > 0 ? k.h >= sig.take_profit : k.l <= sig.take_profit;
            const touchesSl = side > 0 ? k.l <= sig.stop_loss : k.h >= sig.stop_loss;
            if (touchesTp && touchesSl) seen.bothInOneCandle++;
            const level = got.outcome === "TP" ? sig.take_profit : sig.stop_loss;
            if (k.h === level || k.l === level) seen.exactTouch++;
          }
        });
      }
    }
    // The sample exercises every branch, including the tie and exact-touch edges.
    expect(seen.TP).toBeGreaterThan(500);
    expect(seen.SL).toBeGreaterThan(500);
    expect(seen.EXPIRED).toBeGreaterThan(500);
    expect(seen.bothInOneCandle).toBeGreaterThan(20);
    expect(seen.exactTouch).toBeGreaterThan(100);
    expect(seen.beyondHorizon).toBeGreaterThan(100);
  });

  test("incomplete paths: labels only when every target's outcome is already known", () => {
    const rand = mulberry32(7);
    let nulls = 0;
    let known = 0;
    for (let n = 0; n < 500; n++) {
      const path = randomPath(rand, 1 + Math.floor(rand() * (EXPIRY_HOURS - 1)));
      for (const side of [1, -1] as const) {
        const labels = labelPath(path, side, 100, 1, MS, EXPIRY_HOURS);
        const refs = MS.map((m) => evaluateOutcome(signal(side, 100, 1, m, path[0].t), path).outcome);
        if (labels === null) {
          nulls++;
          expect(refs).toContain("OPEN");
        } else {
          known++;
          expect(labels.map((l) => STATUS[l.outcome])).toEqual(refs);
        }
      }
    }
    expect(nulls).toBeGreaterThan(50);
    expect(known).toBeGreaterThan(50);
  });
});

describe("labelPath edges", () => {
  const k = (i: number, h: number, l: number, c: number): Candle => ({ t: T0 + i * H, o: c, h, l, c, v: 1 });

  test("stop first when one candle touches both", () => {
    // LONG 100, risk 5: the second candle spans 94 … 111 (stop 95 and every target).
    const path = [k(0, 102, 98, 101), k(1, 111, 94, 105), ...Array.from({ length: 46 }, (_, i) => k(2 + i, 106, 104, 105))];
    expect(labelPath(path, 1, 100, 5, MS, 48)).toEqual(MS.map(() => ({ outcome: "SL", grossR: -1, bars: 2 })));
    const mirror = [k(0, 102, 98, 99), k(1, 106, 89, 95), ...Array.from({ length: 46 }, (_, i) => k(2 + i, 96, 94, 95))];
    expect(labelPath(mirror, -1, 100, 5, MS, 48)).toEqual(MS.map(() => ({ outcome: "SL", grossR: -1, bars: 2 })));
    // Exactly at the levels counts as a touch.
    expect(labelPath([k(0, 105, 95, 100)], 1, 100, 5, [1], 48)).toEqual([{ outcome: "SL", grossR: -1, bars: 1 }]);
    expect(labelPath([k(0, 105, 95.5, 100)], 1, 100, 5, [1], 48)).toEqual([{ outcome: "TP", grossR: 1, bars: 1 }]);
  });

  test("a nearer target hit before the stop is TP while the farther one is SL", () => {
    const path = [k(0, 105.5, 99, 105), k(1, 106, 94, 95)];
    expect(labelPath(path, 1, 100, 5, [1, 1.5], 48)).toEqual([
      { outcome: "TP", grossR: 1, bars: 1 },
      { outcome: "SL", grossR: -1, bars: 2 },
    ]);
  });

  test("an incomplete path without a hit returns null; with every outcome known it returns labels", () => {
    const quiet = Array.from({ length: 47 }, (_, i) => k(i, 101, 99, 100));
    expect(labelPath(quiet, 1, 100, 5, MS, 48)).toBeNull();
    expect(labelPath(quiet, -1, 100, 5, MS, 48)).toBeNull();
    expect(labelPath([], 1, 100, 5, MS, 48)).toBeNull();
    // One target hit, another still open: not known yet.
    expect(labelPath([k(0, 106, 99, 105)], 1, 100, 5, [1, 2], 48)).toBeNull();
    // Stop hit early: known for every target even though the path is short.
    expect(labelPath([k(0, 101, 94, 95)], 1, 100, 5, MS, 48)).toEqual(MS.map(() => ({ outcome: "SL", grossR: -1, bars: 1 })));
    // The full horizon without a hit expires at the last close.
    const full = [...quiet, k(47, 101, 99, 101)];
    expect(labelPath(full, 1, 100, 5, [1], 48)).toEqual([{ outcome: "EXPIRED", grossR: 0.2, bars: 48 }]);
    expect(labelPath(full, -1, 100, 5, [1], 48)).toEqual([{ outcome: "EXPIRED", grossR: -0.2, bars: 48 }]);
  });
});

describe("panel label paths", () => {
  test("pathFrom starts at the candle opening at the issue time and holds at most `bars`", () => {
    const h1 = Array.from({ length: 100 }, (_, i) => ({ t: T0 + i * H, o: 1, h: 1, l: 1, c: 1, v: 1 }));
    const p = pathFrom(h1, T0 + 10 * H, 48);
    expect(p.length).toBe(48);
    expect(p[0].t).toBe(T0 + 10 * H);
    expect(p[47].t).toBe(T0 + 57 * H);
    // Mid-hour issue: the first candle opening at or after it.
    expect(pathFrom(h1, T0 + 10 * H + 1, 48)[0].t).toBe(T0 + 11 * H);
    expect(pathFrom(h1, T0 + 90 * H, 48).length).toBe(10);
    expect(pathFrom(h1, T0 + 200 * H, 48)).toEqual([]);
  });

  // pathFrom once took the next 48 candles by count, so with a gap a training label could see past the expiry.
  test("with a gap in the candles, the panel's label path still ends at issue + 48 h (agrees with evaluateOutcome)", () => {
    // Quiet hours 0 … 55 except a 5-hour gap at 20 … 24; a rally to 110 at hour 50 (after the 48 h expiry).
    const h1: Candle[] = [];
    for (let i = 0; i < 56; i++) {
      if (i >= 20 && i < 25) continue;
      h1.push(i === 50 ? { t: T0 + i * H, o: 100, h: 111, l: 100, c: 110, v: 1 } : { t: T0 + i * H, o: 100, h: 101, l: 99, c: 100, v: 1 });
    }
    const ref = evaluateOutcome(signal(1, 100, 5, 1, T0), h1);
    expect(ref.outcome).toBe("EXPIRED");
    const labels = labelPath(pathFrom(h1, T0, EXPIRY_HOURS), 1, 100, 5, [1], EXPIRY_HOURS);
    // Correct: the row is left out (its outcome looks unknown) or labelled as the shipped rule says; wrong: TP from hour 50.
    const got = labels === null ? "left out" : STATUS[labels[0].outcome];
    expect(["left out", ref.outcome]).toContain(got);
  });

  test("the research panel's labels equal the shipped outcome rule for the same trade; rows whose outcome is unknown are left out", () => {
    const rand = mulberry32(42);
    const hours = 336 + 120;
    const data = ["BTCUSDT", "ETHUSDT", "SOLUSDT"].map((symbol, s) => {
      const h1: Candle[] = [];
      let c = [60000, 3000, 100][s];
      for (let i = 0; i < hours; i++) {
        const o = c;
        c = o * Math.exp(0.01 * (rand() - 0.5) * (s + 1));
        h1.push({ t: T0 + i * H, o, h: Math.max(o, c) * (1 + 0.004 * rand()), l: Math.min(o, c) * (1 - 0.004 * rand()), c, v: 1e4 * rand() });
      }
      return { symbol, h1, funding: [] };
    });
    const end = T0 + hours * H; // the last candle closes here
    const clocks = data[0].h1.filter((k) => k.t % (2 * H) === 0).map((k) => k.t);
    // 48 h geometries, so the shipped rule's 48 one-hour bars are the same horizon.
    const geometries = [
      { k: 0.5, m: 1, hours: 48 },
      { k: 1.5, m: 2, hours: 48 },
    ];
    const p = buildPanel(data, clocks, geometries);
    const seen = { rows: 0, dropped: 0, classes: new Set<number>() };
    for (const at of clocks) {
      const snap = buildSnapshot(data, at);
      for (const r of snap.rows) {
        const h1 = data.find((s) => s.symbol === r.symbol)!.h1;
        const e = Array.from(p.t).findIndex((t, i) => t === at && p.symbols[p.sym[i]] === r.symbol);
        const refs = (["LONG", "SHORT"] as const).map((side) =>
          geometries.map((g) => {
            const tr = tradeFor(r, side, r.close, g, null);
            return { tr, out: evaluateOutcome(signal(side === "LONG" ? 1 : -1, tr.entry, tr.risk, tr.rr, at), h1) };
          }),
        );
        if (refs.flat().some((x) => x.out.outcome === "OPEN")) {
          expect(e).toBe(-1);
          expect(at + EXPIRY_HOURS * H).toBeGreaterThan(end);
          seen.dropped++;
          continue;
        }
        expect(e).toBeGreaterThanOrEqual(0);
        seen.rows++;
        refs.forEach((perSide, si) => {
          perSide.forEach(({ tr, out }, gi) => {
            const y = p.y[gi][2 * e + si];
            seen.classes.add(y);
            expect(STATUS[(["TP", "SL", "EXPIRED"] as const)[y]]).toBe(out.outcome);
            expect(p.costR[gi][2 * e + si]).toBeCloseTo(tr.costR, 5);
          });
        });
      }
    }
    expect(seen.rows).toBe(p.evals);
    expect(seen.rows).toBeGreaterThan(50);
    expect(seen.dropped).toBeGreaterThan(0);
    expect([...seen.classes].sort()).toEqual([0, 1, 2]);
  });
});
