// Display rules: price precision by magnitude (spec 02 §5), signed percents and R, UTC moments and month ranges.
import { expect, test } from "bun:test";
import {
  creditsWord,
  formatUtcClock,
  formatUtcDayTime,
  formatDateUtc,
  formatMonthRange,
  formatPercentNumber,
  formatPrice,
  formatRatioPercent,
  formatSignedPercent,
  formatSignedR,
  formatUsd,
  formatUtcMinute,
  priceDecimals,
} from "./format";

test("price decimals: 2 at >= 100, 3 at >= 1, else 5", () => {
  expect([priceDecimals(100), priceDecimals(99.99), priceDecimals(1), priceDecimals(0.99), priceDecimals(-250)]).toEqual([2, 3, 3, 5, 2]);
});

test("formatPrice", () => {
  expect(formatPrice(67234.5)).toBe("67,234.50");
  expect(formatPrice(100)).toBe("100.00");
  expect(formatPrice(2.34567)).toBe("2.346");
  expect(formatPrice(1)).toBe("1.000");
  expect(formatPrice(0.123456)).toBe("0.12346");
  expect(formatPrice(0.0012345)).toBe("0.00123");
  // A sub-cent coin keeps its digits (PEPE's header once read "0.00001"): 4 significant, as its 8-decimal tick.
  expect(formatPrice(0.00001234)).toBe("0.00001234");
  expect(formatPrice(0.0000001234)).toBe("0.0000001234");
  expect(formatPrice(0)).toBe("0.00000");
  expect(formatPrice(null)).toBe("—");
  expect(formatPrice(Number.NaN)).toBe("—");
});

test("formatSignedPercent", () => {
  expect(formatSignedPercent(1.234)).toBe("+1.23%");
  expect(formatSignedPercent(-0.5)).toBe("-0.50%");
  expect(formatSignedPercent(0)).toBe("0.00%");
  expect(formatSignedPercent(-0.001)).toBe("0.00%");
  expect(formatSignedPercent(0.01234, 4)).toBe("+0.0123%");
  expect(formatSignedPercent(undefined)).toBe("—");
});

test("ratio percent, money and UTC date", () => {
  expect(formatRatioPercent(0.5432)).toBe("54.3%");
  expect(formatUsd(129.99)).toBe("$129.99");
  expect(formatUsd(0)).toBe("$0.00");
  expect(formatDateUtc("2025-09-25T23:30:00Z")).toBe("Sep 25, 2025");
});

test("signed R with a true minus; zero after rounding has no sign", () => {
  expect(formatSignedR(0.0412)).toBe("+0.04R");
  expect(formatSignedR(-0.12)).toBe("−0.12R");
  expect(formatSignedR(-0.001)).toBe("0.00R");
  expect(formatSignedR(0.5, 1)).toBe("+0.5R");
  expect(formatSignedR(null)).toBe("—");
});

test("percent numbers, UTC minutes, month ranges", () => {
  expect(formatPercentNumber(0.24)).toBe("0.24%");
  expect(formatPercentNumber(0.1, 1)).toBe("0.1%");
  expect(formatPercentNumber(undefined)).toBe("—");
  expect(formatUtcMinute("2024-09-07T14:05:59.000Z")).toBe("2024-09-07 14:05 UTC");
  expect(formatUtcMinute("2024-09-07T23:30:00+02:00")).toBe("2024-09-07 21:30 UTC");
  expect(formatUtcMinute("soon")).toBe("—");
  expect(formatMonthRange("2024-03-01T00:00:00.000Z", "2024-09-05T12:00:00.000Z")).toBe("Mar–Sep 2024");
  expect(formatMonthRange("2023-11-01T00:00:00Z", "2024-02-10T00:00:00Z")).toBe("Nov 2023–Feb 2024");
  expect(formatMonthRange("2024-03-01T00:00:00Z", "2024-03-20T00:00:00Z")).toBe("Mar 2024");
  expect(formatMonthRange(null, "2024-03-20T00:00:00Z")).toBeNull();
});

test("credits in words and the one UTC 24-hour clock", () => {
  expect(`1 ${creditsWord(1)}`).toBe("1 credit");
  expect(`0 ${creditsWord(0)}`).toBe("0 credits");
  expect(`5 ${creditsWord(5)}`).toBe("5 credits");
  expect(formatUtcClock("2024-11-15T21:05:09Z")).toBe("21:05 UTC");
  expect(formatUtcClock("2024-11-15T00:05:09Z", { seconds: true })).toBe("00:05:09 UTC");
  expect(formatUtcDayTime("2024-11-15T21:05:09Z")).toBe("Nov 15, 21:05 UTC");
  expect(formatUtcDayTime(null)).toBe("—");
});
