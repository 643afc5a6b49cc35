// The refund rule: unused credits capped by the pack and by the balance, money in proportion, rounded to the cent.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { creditsForCents, PACK_IDS, PACKS, refundQuote } from "./packs";

test("a refund covers the pack's unused credits in proportion to its price", () => {
  expect(refundQuote(PACKS.standard, 40)).toEqual({ credits: 12, cents: 3599 });
  expect(refundQuote(PACKS.standard, 9)).toEqual({ credits: 9, cents: 2699 });
  expect(refundQuote(PACKS.trial, 1)).toEqual({ credits: 1, cents: 333 });
  expect(refundQuote(PACKS.trial, 0)).toEqual({ credits: 0, cents: 0 });
  expect(refundQuote(PACKS.pro, -3)).toEqual({ credits: 0, cents: 0 });
});

test("money returned pays for credits by the quote's own rounding: a quote's cents give back its credits, a cent more one more", () => {
  fc.assert(
    fc.property(fc.constantFrom(...PACK_IDS), fc.nat(60), (id, n) => {
      const pack = PACKS[id];
      const q = refundQuote(pack, n);
      expect(creditsForCents(pack, q.cents)).toBe(q.credits);
      if (q.credits < pack.credits) expect(creditsForCents(pack, q.cents + 1)).toBe(q.credits + 1);
    }),
  );
  expect(creditsForCents(PACKS.standard, 1200)).toBe(4);
  expect(creditsForCents(PACKS.standard, 3599)).toBe(12);
  expect(creditsForCents(PACKS.trial, 0)).toBe(0);
});
