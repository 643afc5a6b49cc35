// "This setup in history": bands by calibrated EV, pooled figures, and a pair's mean shrunk toward the pooled one.
import { describe, expect, test } from "bun:test";
import { historyView, SHRINK_N } from "../reasoning";
import { historyBand, type SetupHistory } from "./history";

const table: SetupHistory = {
  period: { from: "2024-03-01", to: "2024-09-06" },
  edges: [-0.2, -0.1, 0, 0.1],
  pooled: { "LONG|3": { n: 400, tp: 0.3, sl: 0.5, exp: 0.2, mean_r: -0.05, ci: [-0.12, 0.02] } },
  pairs: { "ETHUSDT|LONG|3": [10, 1.5] },
};

describe("setup history", () => {
  test("bands: below the first edge is 0, at or above the last is edges.length", () => {
    expect(historyBand(table.edges, -0.5)).toBe(0);
    expect(historyBand(table.edges, -0.2)).toBe(1);
    expect(historyBand(table.edges, 0.05)).toBe(3);
    expect(historyBand(table.edges, 0.3)).toBe(4);
  });

  test("a pair's few trades are shrunk toward the pooled mean; an unseen pair gets the pooled mean", () => {
    const eth = historyView(table, "ETHUSDT", "LONG", 0.05)!;
    expect(eth.band).toEqual({ from: 0, to: 0.1 });
    expect(eth.pooled.n).toBe(400);
    expect(eth.pair.n).toBe(10);
    expect(eth.pair.mean_r).toBeCloseTo((1.5 + SHRINK_N * -0.05) / (10 + SHRINK_N), 4);
    expect(historyView(table, "SOLUSDT", "LONG", 0.05)!.pair).toEqual({ n: 0, mean_r: -0.05 });
    // No pooled figures for that side and band: nothing to show rather than a made-up one.
    expect(historyView(table, "ETHUSDT", "SHORT", 0.05)).toBeNull();
    expect(historyView(null, "ETHUSDT", "LONG", 0.05)).toBeNull();
  });
});
