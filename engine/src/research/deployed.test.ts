// The engine as deployed: refits every N days see only outcomes closed before them, the promotion gate, and the serving champion's age limit.
import { describe, expect, test } from "bun:test";
import type { SymbolData } from "../analysis/model/dataset";
import { MARKET_START, syntheticMarket } from "../learning/fixtures";
import { deployedBlocks, promotes, runDeployed } from "./deployed";
import { buildPanel, clocksOf, type Geometry } from "./panel";
import { gbdtFamilyWith, outcomeKnownAt, splitBlock, purgeMs } from "./walkforward";

const DAY = 86_400_000;
const GEOMETRIES: Geometry[] = [{ k: 1, m: 1.5, hours: 24 }];
const SMALL = gbdtFamilyWith({ trees: 6, learningRate: 0.1, maxLeaves: 4, minLeaf: 40, l2: 1, subsample: 0.8, seed: 5, maxBins: 16 });

/** The learning loop's synthetic market, every pair with a perpetual from the start. */
const market = (): SymbolData[] => syntheticMarket(MARKET_START, 260, 7).map((s) => ({ ...s, perpSince: MARKET_START }));

const DATA = market();
const P = buildPanel(DATA, clocksOf(DATA, 6), GEOMETRIES);
const FROM = MARKET_START + 120 * DAY;

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
    expect(r.models.length).toBeGreaterThanOrEqual(3);
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
