// The stat cards' day windows and trend (the server computes the cards; the web only shows them).
import { expect, test } from "bun:test";
import { last7Days, trendPercent } from "./stats";

const NOW = Date.parse("2025-06-10T12:00:00Z");

test("last 7 UTC days, oldest first", () => {
  expect(last7Days(NOW)).toEqual(["2025-06-04", "2025-06-05", "2025-06-06", "2025-06-07", "2025-06-08", "2025-06-09", "2025-06-10"]);
});

test("trend: last 7 vs previous 7", () => {
  expect(trendPercent(6, 4)).toBe(50);
  expect(trendPercent(1, 3)).toBe(-66.7);
  expect(trendPercent(0, 0)).toBe(0);
  expect(trendPercent(3, 0)).toBeNull();
});
