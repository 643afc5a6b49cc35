// Training labels and backtest outcomes are the tracker's: label paths cut at gaps and the horizon, and the panel's labels and R equal evaluateOutcome's.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/market/candles";
import { INTERVAL_MS } from "@core/market/candles";
import { mulberry32 } from "../backtest/stats";
import { evaluateOutcome, type OutcomeStatus } from "../outcomes";
import { delayedEntry, ENTRY_DELAY_HOURS, tradeFor } from "./model/geometry";
import { buildPanel } from "../research/panel";
import { type Outcome, pathFrom, signalOf, tradeOutcome } from "./label";
import { buildSnapshot } from "./snapshot";
import { costsFor, EXPIRY_HOURS } from "./trade";

const H = INTERVAL_MS["1h"];
const T0 = Date.UTC(2024, 2, 1);
const STATUS: Record<Outcome, OutcomeStatus> = { TP: "TP_HIT", SL: "SL_HIT", EXPIRED: "EXPIRED" };

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
    const trade = {
      side: "LONG",
      entry: 100,
      stopLoss: 95,
      takeProfit: 105,
      risk: 5,
      rr: 1,
      stopAtr: 1,
      costR: 0,
      costs: costsFor("LONG", 1e9),
    } as const;
    const label = tradeOutcome(h1, T0, { ...trade, expiryHours: EXPIRY_HOURS });
    // Correct: the row is left out (its outcome looks unknown) or labelled as the shipped rule says; wrong: TP from hour 50.
    const got = label === null ? "left out" : STATUS[label.outcome];
    expect(["left out", ref.outcome]).toContain(got);
  });

  test("the research panel's labels equal the shipped outcome rule for the same trade, entered an hour after the clock; rows whose outcome is unknown are left out", () => {
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
        const entry = delayedEntry(h1, at)!;
        expect(entry.from).toBe(at + ENTRY_DELAY_HOURS * H);
        const refs = (["LONG", "SHORT"] as const).map((side) =>
          geometries.map((g) => {
            const tr = tradeFor(r, side, entry.price, g, null);
            return { tr, out: evaluateOutcome(signalOf(tr, entry.from), h1) };
          }),
        );
        if (refs.flat().some((x) => x.out.outcome === "OPEN")) {
          expect(e).toBe(-1);
          expect(entry.from + EXPIRY_HOURS * H).toBeGreaterThan(end);
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
            expect(p.r[gi][2 * e + si]).toBeCloseTo(out.r_multiple!, 4);
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
