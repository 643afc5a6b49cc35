// The variant ledger: every look is a row, a deterministic re-run is not a new look, and the headline widens with every variant tried.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mulberry32 } from "../backtest/stats";
import { type EvaluationRecord, summarise } from "../backtest/summary";
import { deflated, readLedger, recordVariant } from "./variants";

const rand = mulberry32(3);
const evals: EvaluationRecord[] = Array.from({ length: 3000 }, (_, i) => {
  const r = 0.05 + (rand() - 0.5) * 2;
  return {
    t: Date.UTC(2024, 0, 1) + i * 6 * 3_600_000,
    symbol: "BTCUSDT",
    issued: i % 3 === 0,
    side: "LONG",
    ev: 0.1,
    r,
    rOpposite: -r,
    rLong: r,
    rTrend: r,
    rSideMean: 0,
  };
});
const { summary } = summarise(evals, [], { blockDays: 9 });

describe("variant ledger", () => {
  test("each variant judged is a row; re-running the same rule to the same figures adds none", () => {
    const file = join(mkdtempSync(join(tmpdir(), "tw-var-")), "variants.jsonl");
    recordVariant(file, "a", "rule a", "c1", summary);
    recordVariant(file, "a", "rule a", "c2", summary);
    expect(readLedger(file).map((v) => v.variant)).toEqual(["a"]);
    recordVariant(file, "a", "rule a", "c3", { ...summary, expectancy_r: summary.expectancy_r + 0.01 });
    recordVariant(file, "b", "rule b", "c3", summary);
    expect(readLedger(file).map((v) => v.variant)).toEqual(["a", "a", "b"]);
  });

  test("the deflated intervals widen with the number of variants tried", () => {
    const one = deflated(evals, 9, 1);
    const ten = deflated(evals, 9, 10);
    expect(ten.level).toBeGreaterThan(one.level);
    expect(ten.expectancy_r_ci[1] - ten.expectancy_r_ci[0]).toBeGreaterThan(one.expectancy_r_ci[1] - one.expectancy_r_ci[0]);
  });
});
