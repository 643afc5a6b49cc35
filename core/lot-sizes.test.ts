// Lot filters: recorded decimals where the record has the pair (checked against Binance's published filters), the rule otherwise.
import { describe, expect, test } from "bun:test";
import { lotFilter, ruleStepDecimals, ruleTickDecimals } from "./lot-sizes";

describe("lotFilter", () => {
  test("recorded spot pairs match Binance's own filters", () => {
    expect(lotFilter("BTCUSDT", "spot", 42000)).toMatchObject({ priceDecimals: 2, qtyDecimals: 5, source: "recorded" });
    expect(lotFilter("DOGEUSDT", "spot", 0.09)).toMatchObject({ priceDecimals: 5, qtyDecimals: 0, step: 1, source: "recorded" });
    expect(lotFilter("PEPEUSDT", "spot", 0.0000013)).toMatchObject({ priceDecimals: 8, qtyDecimals: 0 });
  });

  test("a perpetual uses its own record, else the spot record and says the perpetual may be coarser", () => {
    expect(lotFilter("BTCUSDT", "perp", 60000)).toMatchObject({ priceDecimals: 1, qtyDecimals: 3, source: "recorded" });
    const sol = lotFilter("SOLUSDT", "perp", 100);
    expect(sol).toMatchObject({ priceDecimals: 2, qtyDecimals: 3, source: "recorded-spot" });
    expect(sol.note).toContain("may be coarser");
  });

  test("a pair without a record follows the stated rule", () => {
    const f = lotFilter("ZZZUSDT", "spot", 42283.58);
    expect(f).toMatchObject({ source: "rule", priceDecimals: 0, qtyDecimals: 5 });
    expect(f.note).toContain("No record of this pair");
    expect([ruleTickDecimals(0.08956), ruleStepDecimals(0.08956)]).toEqual([6, 0]);
    expect([ruleTickDecimals(2281.87), ruleStepDecimals(2281.87)]).toEqual([1, 4]);
    expect([ruleTickDecimals(101.72), ruleStepDecimals(101.72)]).toEqual([2, 3]);
  });
});
