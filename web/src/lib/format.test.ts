// Display rules: price precision by magnitude (spec 02 §5) and signed percents.
import { expect, test } from "bun:test";
import { formatDateUtc, formatPrice, formatRatioPercent, formatSignedPercent, formatUsd, priceDecimals } from "./format";

test("price decimals: 2 at >= 100, 3 at >= 1, else 5", () => {
  expect([priceDecimals(100), priceDecimals(99.99), priceDecimals(1), priceDecimals(0.99), priceDecimals(-250)]).toEqual([2, 3, 3, 5, 2]);
});

test("formatPrice", () => {
  expect(formatPrice(67234.5)).toBe("67,234.50");
  expect(formatPrice(100)).toBe("100.00");
  expect(formatPrice(2.34567)).toBe("2.346");
  expect(formatPrice(1)).toBe("1.000");
  expect(formatPrice(0.123456)).toBe("0.12346");
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
