// A live analysis and the research row for the same pair and clock decide the same way: the same decision, expected R and levels, with the fold's own model version.
import { describe, expect, test } from "bun:test";
import type { SymbolData } from "../analysis/model/dataset";
import { delayedEntry, tradeFor } from "../analysis/model/geometry";
import { modelOf } from "../analysis/model/shipped";
import { buildAnalysisContext, createContextCache } from "../analysis/context";
import { confirmPhase, finalPhase, scanPhase } from "../analysis/phases";
import { buildSnapshot } from "../analysis/snapshot";
import { fundingInForce } from "../market/providers/funding";
import { createHistoricalProvider } from "../market/providers/historical";
import { mulberry32 } from "../backtest/stats";
import { MARKET_START, syntheticMarket } from "../learning/fixtures";
import { runCv, type Combo } from "./cv";
import { buildPanel, clocksOf, type Geometry } from "./panel";
import { versionOf } from "./versions";
import { gbdtFamilyWith, walkForward } from "./walkforward";

const H = 3_600_000;
const M5 = 300_000;
const GEOMETRIES: Geometry[] = [{ k: 1, m: 1.5, hours: 24 }];
const SMALL = gbdtFamilyWith({ trees: 8, learningRate: 0.1, maxLeaves: 4, minLeaf: 40, l2: 1, subsample: 0.8, seed: 3, maxBins: 16 });

/** The learning loop's synthetic market over 300 days, a funding record on two pairs, a perpetual on half. */
function market(): SymbolData[] {
  const rand = mulberry32(101);
  return syntheticMarket(MARKET_START, 300, 101).map((s, si) => ({
    ...s,
    funding: si < 2 ? Array.from({ length: 300 * 3 }, (_, k) => ({ t: MARKET_START + k * 8 * H, o: -0.0002 * rand(), h: 0, l: 0, c: 0, v: 0 })) : [],
    perpSince: si % 2 === 0 ? MARKET_START : null,
  }));
}

const DATA = market();
const P = buildPanel(DATA, clocksOf(DATA, 6), GEOMETRIES);
const COMBOS: Combo[] = [{ family: "gbdt", g: 0, wf: walkForward(P, 0, SMALL, undefined, 1500) }];
const CV = runCv(P, COMBOS, () => {}, { blockDays: 7, selectDays: 30, maxAgeDays: 3650 });

/** The live provider over the same candles, with a 5m close 10 minutes before the next hour at research's entry price. */
function liveAt(t: number, symbol: string) {
  const src = DATA.find((d) => d.symbol === symbol)!;
  const entry = delayedEntry(src.h1, t)!;
  const m5 = [{ t: t + H - 2 * M5, o: entry.price, h: entry.price, l: entry.price, c: entry.price, v: 1 }];
  const provider = createHistoricalProvider(DATA.map((d) => ({ ...d, m5: d.symbol === symbol ? m5 : [] })));
  provider.setNow(t + H - 1);
  return provider;
}

describe("live decides as research measured", () => {
  test("the same decision, expected R and levels for every pair of a fold's clocks", async () => {
    const fold = CV.folds.findLast((f) => (f.decisions.issued ?? 0) >= 10)!;
    const version = versionOf(P, fold.choice, fold.model, fold.start, { folders: ["synthetic"], stride: 6, blockDays: 7 });
    const model = modelOf(JSON.parse(JSON.stringify(version)));
    const end = CV.folds[CV.folds.indexOf(fold) + 1]?.start ?? Infinity;
    const inFold = CV.evaluations.filter((e) => e.t >= fold.start && e.t < end);
    const rows = [...inFold.filter((e) => e.issued).slice(0, 80), ...inFold.filter((e) => !e.issued).slice(0, 60)];
    expect(rows.some((e) => e.issued)).toBe(true);
    expect(rows.some((e) => e.issued && e.side === "SHORT")).toBe(true);
    for (const rec of rows) {
      const provider = liveAt(rec.t, rec.symbol);
      const ctx = await buildAnalysisContext(provider, rec.symbol, createContextCache(), rec.t + H - 1);
      expect(ctx.snapshot.at).toBe(rec.t);
      const scan = scanPhase(ctx, model);
      const d = finalPhase(ctx, scan, confirmPhase(ctx, scan, model), model).decision;
      expect(d.type).toBe(rec.issued ? rec.side : "NO_TRADE");
      expect(d.context!.side).toBe(rec.side);
      expect(d.context!.expected_r).toBeCloseTo(rec.ev, 4);
      expect(d.context!.model.version).toBe(version.version);
      if (!rec.issued) continue;
      const src = DATA.find((x) => x.symbol === rec.symbol)!;
      const row = buildSnapshot(DATA, rec.t).rows.find((r) => r.symbol === rec.symbol)!;
      const trade = tradeFor(row, rec.side, delayedEntry(src.h1, rec.t)!.price, version.geometry, fundingInForce(src.funding, rec.t));
      expect([d.entry_price, d.stop_loss, d.take_profit, d.rr_ratio]).toEqual([trade.entry, trade.stopLoss, trade.takeProfit, trade.rr]);
    }
  });

  test("a pair without a perpetual is never offered a SHORT, live or in research", () => {
    const noPerp = new Set(DATA.filter((d) => d.perpSince === null).map((d) => d.symbol));
    const issuedShorts = CV.evaluations.filter((e) => e.issued && e.side === "SHORT");
    expect(issuedShorts.length).toBeGreaterThan(0);
    for (const e of issuedShorts) expect(noPerp.has(e.symbol)).toBe(false);
  });
});
