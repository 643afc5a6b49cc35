// The sizer's input rules mirror the server's bounds.
import { expect, test } from "bun:test";
import { accountError, parseAmount, parseInputs, riskError } from "./sizer-inputs";

test("amounts: grouping and spaces are read, anything else is not a number", () => {
  expect(["10,000", " 2.5 ", "1_000", ".5", "abc", "-3", "1e3", ""].map(parseAmount)).toEqual([10000, 2.5, 1000, 0.5, null, null, null, null]);
});

test("bounds: account in (0, 1e9], risk in (0, 10]", () => {
  expect([accountError(""), accountError("0"), accountError("1000000000"), accountError("1000000001")]).toEqual([
    null,
    "Enter a size above 0, up to 1,000,000,000 USDT.",
    null,
    "Enter a size above 0, up to 1,000,000,000 USDT.",
  ]);
  expect([riskError("0"), riskError("10"), riskError("10.5"), riskError("")].map((e) => e === null)).toEqual([false, true, false, false]);
  expect(parseInputs("10,000", "1")).toEqual({ account: 10000, risk: 1 });
  expect(parseInputs("", "1")).toBeNull();
  expect(parseInputs("5000", "11")).toBeNull();
});
