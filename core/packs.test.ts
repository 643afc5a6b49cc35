// The refund rule: unused credits capped by the pack and by the balance, money in proportion, rounded to the cent.
import { expect, test } from "bun:test";
import { PACKS, refundQuote } from "./packs";

test("a refund covers the pack's unused credits in proportion to its price", () => {
  expect(refundQuote(PACKS.standard, 40)).toEqual({ credits: 12, cents: 3599 });
  expect(refundQuote(PACKS.standard, 9)).toEqual({ credits: 9, cents: 2699 });
  expect(refundQuote(PACKS.trial, 1)).toEqual({ credits: 1, cents: 333 });
  expect(refundQuote(PACKS.trial, 0)).toEqual({ credits: 0, cents: 0 });
  expect(refundQuote(PACKS.pro, -3)).toEqual({ credits: 0, cents: 0 });
});
