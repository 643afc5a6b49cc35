// The analysis decoder folds spec 02 §3's other spellings into the contract's shape (a contract-shaped answer is covered
// by test/contract.test.ts, which holds that it decodes to itself).
import { describe, expect, test } from "bun:test";
import { decodeAnalyses, decodeAnalysis, decodeLatestReasoning } from "./decode-analysis";

describe("decodeAnalysis", () => {
  test("the id's three spellings, signal_type, an unknown status read as running", () => {
    expect(decodeAnalysis({ request_id: 4, status: "COMPLETED", signal_type: "SELL" })).toMatchObject({
      id: 4,
      status: "COMPLETED",
      final_signal_type: "SHORT",
    });
    expect(decodeAnalysis({ analysis_request_id: 5, status: "weird" })).toMatchObject({ id: 5, status: "IN_PROGRESS" });
    expect(decodeAnalysis({ status: "COMPLETED" })).toBeNull();
    expect(decodeAnalyses({ history: [{ id: 1 }, { id: 2, final_signal: { id: 9, type: "LONG" } }] })[1]).toMatchObject({
      final_signal_id: 9,
      final_signal_type: "LONG",
    });
  });
  test("latest reasoning: blank criteria dropped", () => {
    expect(decodeLatestReasoning({ data: { reason: "x", confirmation_criteria: ["a", " ", 3] } })).toMatchObject({
      reason: "x",
      confirmation_criteria: ["a"],
    });
  });
});
