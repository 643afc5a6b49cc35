// Spec 02 §4 completion: which running analyses finished, and the one local credit given back.
import { expect, test } from "bun:test";
import type { AnalysisStatus } from "@core/contract/status";
import { addLocalCredit, finishedIds, localCreditDue } from "./completion";

const a = (id: number, status: AnalysisStatus = "IN_PROGRESS") => ({ id, status });

test("finished = was running, now gone or no longer running", () => {
  expect(finishedIds([a(1), a(2), a(3, "COMPLETED")], [a(2), a(1, "COMPLETED")])).toEqual([1]);
  expect(finishedIds([a(1), a(2)], [])).toEqual([1, 2]);
  expect(finishedIds([a(1)], [a(1, "FAILED")])).toEqual([1]);
  expect(finishedIds([], [a(1)])).toEqual([]);
});

test("one local credit back, only onto a known balance", () => {
  expect(addLocalCredit({ credits: 4 })).toEqual({ credits: 5 });
  expect(addLocalCredit(undefined)).toBeUndefined();
});

test("the local credit goes only onto a balance read before the finish was seen", () => {
  expect(localCreditDue("RELEASED", 1_000, 2_000)).toBe(true);
  // Read after the analysis was last seen running: it may already count the refund.
  expect(localCreditDue("RELEASED", 3_000, 2_000)).toBe(false);
  expect(localCreditDue("USED", 1_000, 2_000)).toBe(false);
});
