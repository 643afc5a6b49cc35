// Lot filters: recorded decimals where the record has the pair (checked against Binance's published filters), the rule otherwise.
import { describe, expect, test } from "bun:test";
import { formatPrice } from "./display-format";
import { lotFilter, ruleStepDecimals, ruleTickDecimals } from "./lot-sizes";
import { RECORDED_SYMBOLS } from "./recorded-symbols";

describe("lotFilter", () => {
  test("recorded spot pairs match Binance's own filters", () => {
    expect(lotFilter("BTCUSDT", "spot", 42000)).toMatchObject({ priceDecimals: 2, qtyDecimals: 5, source: "recorded" });
    expect(lotFilter("DOGEUSDT", "spot", 0.09)).toMatchObject({ priceDecimals: 5, qtyDecimals: 0, step: 1, source: "recorded" });
    expect(lotFilter("PEPEUSDT", "spot", 0.0000013)).toMatchObject({ priceDecimals: 8, qtyDecimals: 0 });
  });

  test("every listed pair has a tick read from its recorded prices, none from the rule (PAXG 0.01, not 0.1)", () => {
    const ruled = RECORDED_SYMBOLS.filter((s) => lotFilter(s, "spot", 1).source === "rule");
    expect(ruled).toEqual([]);
    const paxg = lotFilter("PAXGUSDT", "spot", 3123.28);
    expect(paxg).toMatchObject({ priceDecimals: 2, tick: 0.01, source: "recorded" });
    // A copied level and the card show the same digits.
    expect((Math.round(3123.28 / paxg.tick) * paxg.tick).toFixed(paxg.priceDecimals)).toBe(formatPrice(3123.28).replace(",", ""));
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
