// Features read only closed candles at the clock (truncation test), are deterministic, and roll 1h up correctly.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Candle } from "@core/candles";
import { loadCandleFile } from "@core/candles";
import { aggregate, closedAt, computeFeatures, FEATURE_WINDOW_H1 } from "./features";

const H = 3_600_000;
const dir = join(import.meta.dir, "../../data/market/spot/1h");
const eth = loadCandleFile(join(dir, "ETHUSDT.csv.gz"));
const btc = loadCandleFile(join(dir, "BTCUSDT.csv.gz"));
const NOW = Date.parse("2024-05-20T14:00:00Z");

describe("computeFeatures", () => {
  test("features at t are identical whether or not later candles are present", () => {
    const full = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: eth, btcH1: btc, funding: 0.0001 });
    const cut = (xs: Candle[]) => xs.filter((k) => k.t + H <= NOW);
    const truncated = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: cut(eth), btcH1: cut(btc), funding: 0.0001 });
    expect(full).not.toBeNull();
    expect(truncated).toEqual(full);
    // Only the last FEATURE_WINDOW_H1 candles matter, so older history cannot change them either.
    const minimal = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: cut(eth).slice(-FEATURE_WINDOW_H1), btcH1: cut(btc).slice(-FEATURE_WINDOW_H1), funding: 0.0001 });
    expect(minimal).toEqual(full);
  });

  test("the candle still open at `now` is not used", () => {
    const atHour = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: eth, btcH1: btc, funding: null });
    const midHour = computeFeatures({ symbol: "ETHUSDT", now: NOW + 30 * 60_000, h1: eth, btcH1: btc, funding: null });
    expect(midHour).toEqual(atHour);
    expect(atHour?.asOf).toBe(NOW - H);
    const next = computeFeatures({ symbol: "ETHUSDT", now: NOW + H, h1: eth, btcH1: btc, funding: null });
    expect(next?.asOf).toBe(NOW);
    expect(next?.close).toBe(eth.find((k) => k.t === NOW)?.c ?? -1);
  });

  test("deterministic and sensible on recorded ETH", () => {
    const a = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: eth, btcH1: btc, funding: null });
    const b = computeFeatures({ symbol: "ETHUSDT", now: NOW, h1: [...eth], btcH1: [...btc], funding: null });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    if (!a) throw new Error("features expected");
    expect(a.close).toBe(eth.find((k) => k.t === NOW - H)?.c ?? -1);
    expect(a.supportStop).toBeLessThanOrEqual(a.close);
    expect(a.resistanceStop).toBeGreaterThanOrEqual(a.close);
    expect(a.rsi1h).toBeGreaterThan(0);
    expect(a.rsi1h).toBeLessThan(100);
    expect(a.btcCorr).toBeGreaterThan(0.5);
    expect(a.atrPct).toBeGreaterThan(0);
  });

  test("null with fewer than the required closed candles", () => {
    const early = eth[FEATURE_WINDOW_H1 - 2].t + H;
    expect(computeFeatures({ symbol: "ETHUSDT", now: early, h1: eth, btcH1: btc, funding: null })).toBeNull();
    expect(computeFeatures({ symbol: "ETHUSDT", now: early + H, h1: eth, btcH1: btc, funding: null })).not.toBeNull();
  });
});

describe("roll-ups", () => {
  const c = (t: number, o: number, h: number, l: number, cl: number, v: number): Candle => ({ t: t * H, o, h, l, c: cl, v });
  test("4h buckets: partial first bucket dropped, unfinished last bucket dropped, gaps tolerated", () => {
    const h1 = [c(3, 1, 2, 0.5, 1.5, 1), c(4, 10, 12, 9, 11, 1), c(5, 11, 13, 10, 12, 2), c(7, 12, 15, 8, 14, 3), c(8, 14, 14, 13, 13, 1)];
    expect(aggregate(h1, 4 * H, 9 * H)).toEqual([{ t: 4 * H, o: 10, h: 15, l: 8, c: 14, v: 6 }]);
    expect(aggregate(h1, 4 * H, 12 * H)).toEqual([
      { t: 4 * H, o: 10, h: 15, l: 8, c: 14, v: 6 },
      { t: 8 * H, o: 14, h: 14, l: 13, c: 13, v: 1 },
    ]);
  });
  test("closedAt keeps candles with open time + 1h <= now", () => {
    const h1 = [c(0, 1, 1, 1, 1, 1), c(1, 1, 1, 1, 1, 1), c(2, 1, 1, 1, 1, 1)];
    expect(closedAt(h1, 2 * H).map((k) => k.t)).toEqual([0, H]);
    expect(closedAt(h1, 2 * H + 1).map((k) => k.t)).toEqual([0, H]);
  });
});
