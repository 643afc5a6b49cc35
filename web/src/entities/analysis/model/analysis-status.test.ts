// Status words of spec 02 §4: completed, in progress, and the failure statuses shown red.
import { expect, test } from "bun:test";
import { isCompletedStatus, isFailedStatus, isInProgressStatus } from "./analysis-status";

test("completed and in-progress families", () => {
  for (const s of ["COMPLETED", "final", "Finished", "done", "CLOSED", "success", "READY"]) expect(isCompletedStatus(s)).toBe(true);
  for (const s of ["IN_PROGRESS", "in-progress", "ON_HOLD", "open", "ACTIVE", "pending", "generating", "processing", "building", "running"])
    expect(isInProgressStatus(s)).toBe(true);
  expect(isInProgressStatus("FAILED")).toBe(false);
  expect(isCompletedStatus("FAILED")).toBe(false);
  expect(isInProgressStatus(null)).toBe(false);
  expect(isCompletedStatus(null)).toBe(false);
});

test("failure, error and cancel statuses", () => {
  for (const s of ["FAILED", "user_cancelled", "ERROR"]) expect(isFailedStatus(s)).toBe(true);
  expect(isFailedStatus("COMPLETED")).toBe(false);
  expect(isFailedStatus(null)).toBe(false);
});
