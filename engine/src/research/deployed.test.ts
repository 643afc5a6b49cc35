// The engine as deployed: refits every N days see only outcomes closed before them, the promotion gate, and the serving champion's age limit.
import { describe, expect, test } from "bun:test";
import type { Candle } from "@core/candles";
import type { SymbolData } from "../analysis/model/dataset";
import { mulberry32 } from "../backtest/stats";
import { deployedBlocks, promotes, runDeployed } from "./deployed";
import { buildPanel, clocksOf, type Geometry } from "./panel";
import { gbdtFamilyWith, outcomeKnownAt, splitBlock, purgeMs } from "./walkforward";

const H = 3_600_000;
const DAY = 86_400_000;
const GEOMETRIES: Geometry[] = [{ k: 1, m: 1.5, hours: 24 }];
const SMALL = gbdtFamilyWith({ trees: 6, learningRate: 0.1, maxLeaves: 4, minLeaf: 40, l2: 1, subsample: 0.8, seed: 5, maxBins: 16 });

function market(): SymbolData[] {
  return ["BTCUSDT", "ETHUSDT", "SOLUSDT", "XRPUSDT", "ADAUSDT", "DOGEUSDT"].map((symbol, si) => {
    const rand = mulberry32(7 + si);
    const h1: Candle[] = [];
    let c = 20 * (si + 1);
    let drift = 0;
    for (let i = 0; i < 260 * 24; i++) {
      drift = 0.99 * drift + 0.001 * (rand() - 0.5);
      const o = c;
      c = o * Math.exp(drift + 0.012 * (rand() - 0.5));
      h1.push({ t: Date.UTC(2024, 0, 1) + i * H, o, h: Math.max(o, c) * 1.003, l: Math.min(o, c) * 0.997, c, v: 1e6 });
    }
    return { symbol, h1, funding: [], perpSince: Date.UTC(2024, 0, 1) };
  });
}

const DATA = market();
const P = buildPanel(DATA, clocksOf(DATA, 6), GEOMETRIES);
const FROM = Date.UTC(2024, 5, 1);

describe("the backtest as deployed", () => {
  test("blocks: quarterly folds before --from, then one every N days; each refit trains only on outcomes closed before it", () => {
    const blocks = deployedBlocks(P, FROM, 30);
    const after = blocks.filter((b) => b.start >= FROM);
    expect(after[0].start).toBe(FROM);
    for (let i = 1; i < after.length; i++) expect(after[i].start - after[i - 1].start).toBe(30 * DAY);
    expect(blocks.filter((b) => b.start < FROM).every((b) => b.end <= FROM)).toBe(true);
    for (const b of after) {
      const { train } = splitBlock(P, b, purgeMs(P));
      expect(train.length).toBeGreaterThan(0);
      for (const row of train) expect(outcomeKnownAt(P, 0, P.t[row >> 1])).toBeLessThanOrEqual(b.start);
    }
  });

  test("every served model was trained only on outcomes closed before the block it serves, and decides only from --from on", () => {
    const r = runDeployed(
      P,
      [SMALL],
      { from: FROM, retrainDays: 30, blockDays: 7, selectDays: 30, minTrainEvals: 200 },
      { folders: ["synthetic"], stride: 6, blockDays: 7 },
      () => {},
    );
    expect(r.models.length).toBeGreaterThan(3);
    for (const m of r.models) expect(Date.parse(m.trained_through)).toBeLessThanOrEqual(Date.parse(m.from));
    expect(r.evaluations.length).toBeGreaterThan(0);
    expect(Math.min(...r.evaluations.map((e) => e.t))).toBeGreaterThanOrEqual(FROM);
  });

  test("the promotion gate: a challenger replaces the champion unless the champion's forward figure stands higher; an expired champion always goes", () => {
    expect(promotes(0.01, null, false)).toBe(true);
    expect(promotes(0.05, 0.02, false)).toBe(true);
    expect(promotes(0.02, 0.02, false)).toBe(true);
    expect(promotes(0.01, 0.02, false)).toBe(false);
    expect(promotes(null, 0.02, false)).toBe(false);
    expect(promotes(null, 0.02, true)).toBe(true);
    // A champion without enough forward signals has shown nothing a challenger must beat.
    expect(promotes(-0.5, -Infinity, false)).toBe(true);
  });
});
