// Every setup a trader can be offered is placeable: positive levels, a stop within its geometry's bound, the target on the far side — over every listed pair at many clocks, both sides, and as a property of the trade builder.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { RECORDED_SYMBOLS } from "@core/market/symbols";
import { createReplayProvider } from "../market/providers/replay";
import { buildAnalysisContext, createContextCache } from "./context";
import { perpListed } from "./model/geometry";
import { modelOf, shippedVersions } from "./model/shipped";
import { buildTrade, costsFor, isPlaceable, MAX_STOP_FRACTION, sigmaUnit } from "./trade";

describe("levels a trader can place", () => {
  test("property: a placeable trade has every level above zero and its stop within the bound; a wild σ is refused, never priced below zero", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-8, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.constantFrom(24, 48, 96),
        fc.constantFrom("LONG" as const, "SHORT" as const),
        fc.double({ min: 0, max: 2e9, noNaN: true }),
        (entry, sigma, hours, side, volume) => {
          const t = buildTrade(side, entry, sigmaUnit(entry, sigma, hours), { k: 1, m: 1.5 }, costsFor(side, volume, null, hours));
          if (!isPlaceable(t)) return;
          expect(t.stopLoss).toBeGreaterThan(0);
          expect(t.takeProfit).toBeGreaterThan(0);
          expect(t.risk).toBeLessThanOrEqual(MAX_STOP_FRACTION * t.entry);
          expect(side === "LONG" ? t.takeProfit > t.entry && t.stopLoss < t.entry : t.takeProfit < t.entry && t.stopLoss > t.entry).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    // JUVUSDT's case: hourly σ 7 % at 96 h is a 68 % stop; its SHORT target would be below zero. It is no candidate.
    const wild = buildTrade("SHORT", 1.2, sigmaUnit(1.2, 0.07, 96), { k: 1, m: 1.5 }, costsFor("SHORT", 1e6, null, 96));
    expect(wild.takeProfit).toBeLessThanOrEqual(0);
    expect(isPlaceable(wild)).toBe(false);
  });

  test("every listed pair at many replay clocks, both sides, under every shipped version: a candidate's levels are placeable", {
    timeout: 120_000,
  }, async () => {
    let clock = 0;
    const provider = createReplayProvider({ now: () => clock });
    const clocks = [];
    for (let t = Date.parse("2024-02-01T00:00:00Z"); t < Date.parse("2024-09-01T00:00:00Z"); t += 15 * 86_400_000) clocks.push(t);
    for (let t = Date.parse("2025-01-20T00:00:00Z"); t < Date.parse("2025-06-15T00:00:00Z"); t += 15 * 86_400_000) clocks.push(t + 7 * 3_600_000);
    const models = shippedVersions().map(modelOf);
    let candidates = 0;
    let refused = 0;
    for (const at of clocks) {
      clock = at;
      const ctx = await buildAnalysisContext(provider, "BTCUSDT", createContextCache(), at);
      for (const row of ctx.snapshot.rows) {
        expect(RECORDED_SYMBOLS).toContain(row.symbol);
        for (const model of models) {
          const s = model.score(row, ctx.snapshot.regime, row.close, null, perpListed(provider.perpSince(row.symbol), at));
          for (const side of [s.LONG, s.SHORT]) {
            if (side.candidate) {
              candidates++;
              expect(isPlaceable(side.trade)).toBe(true);
              expect(side.trade.stopLoss).toBeGreaterThan(0);
              expect(side.trade.takeProfit).toBeGreaterThan(0);
            } else refused++;
          }
        }
      }
    }
    expect(candidates).toBeGreaterThan(10_000);
    expect(refused).toBeGreaterThan(0);
  });
});
