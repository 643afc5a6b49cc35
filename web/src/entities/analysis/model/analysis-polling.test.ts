// Polling intervals of spec 02 §7 for the active list, the analysis detail and its reasoning.
import { expect, test } from "bun:test";
import { activePollMs, detailPollMs, reasoningPollMs } from "./analysis-polling";

test("active list: 8 s while one runs in a visible tab, otherwise 5 s", () => {
  expect(activePollMs(["IN_PROGRESS"], true)).toBe(8000);
  expect(activePollMs(["IN_PROGRESS"], false)).toBe(5000);
  expect(activePollMs([], true)).toBe(5000);
  expect(activePollMs(["COMPLETED"], true)).toBe(5000);
});

test("detail: 10 s with next_run_at, 8 s without or before data, off when settled", () => {
  expect(detailPollMs({ status: "IN_PROGRESS", next_run_at: "2025-01-01T00:00:00Z" })).toBe(10000);
  expect(detailPollMs({ status: "IN_PROGRESS", next_run_at: null })).toBe(8000);
  expect(detailPollMs(null)).toBe(8000);
  expect(detailPollMs({ status: "COMPLETED", next_run_at: null })).toBe(false);
  expect(detailPollMs({ status: "FAILED", next_run_at: null })).toBe(false);
});

test("reasoning by remaining time: 12 / 7 / 4 / 5 s", () => {
  expect(reasoningPollMs(61)).toBe(12000);
  expect(reasoningPollMs(60)).toBe(7000);
  expect(reasoningPollMs(16)).toBe(7000);
  expect(reasoningPollMs(15)).toBe(4000);
  expect(reasoningPollMs(1)).toBe(4000);
  expect(reasoningPollMs(0)).toBe(5000);
  expect(reasoningPollMs(null)).toBe(5000);
});
