// Credit totals of spec 02 §3: the usage answer's spellings (spent or used, refunded or returns), the ledger fallback's
// DEDUCTION and REFUND sums, and which of the two the cards show.
import { describe, expect, test } from "bun:test";
import type { CreditUsage } from "@core/contract/credits";
import { decodeCreditUsage as usageTotals, decodeTransactions } from "../api/decode-user";
import { pickCreditTotals, transactionTotals } from "./credit-usage";

describe("usage answer", () => {
  test("the contract's answer: used is net_used (kept for signals), not the credits held, which include the returned and the running", () => {
    const answer: CreditUsage = { used: 10, refunded: 8, net_used: 1, held: 1, credits: 7 };
    expect(usageTotals(answer)).toEqual({ used: 1, refunded: 8 });
  });

  test("the spec's other spelling (spent, returns): what was held less what came back", () => {
    expect(usageTotals({ spent: 5, returns: 2 })).toEqual({ used: 3, refunded: 2 });
    expect(usageTotals({ spent: 5, refunded: 2 })).toEqual({ used: 3, refunded: 2 });
    expect(usageTotals({ used: 5, returns: 2 })).toEqual({ used: 3, refunded: 2 });
  });

  test("one total present: the other is 0; zeros are totals, not missing", () => {
    expect(usageTotals({ used: 3 })).toEqual({ used: 3, refunded: 0 });
    expect(usageTotals({ returns: 1 })).toEqual({ used: 0, refunded: 1 });
    expect(usageTotals({ used: 0, refunded: 0 })).toEqual({ used: 0, refunded: 0 });
    expect(usageTotals({ net_used: 0 })).toEqual({ used: 0, refunded: 0 });
  });

  test("an answer with neither total (or none at all) is no totals", () => {
    expect(usageTotals({})).toBeNull();
    expect(usageTotals(null)).toBeNull();
  });
});

describe("ledger fallback", () => {
  test("used is the DEDUCTION sizes less the REFUNDs (a DEDUCTION is signed negative); other kinds do not count", () => {
    const rows = [
      { type: "GRANT", amount: 1 },
      { type: "DEDUCTION", amount: -1 },
      { type: "DEDUCTION", amount: -2 },
      { type: "REFUND", amount: 1 },
      { type: "PURCHASE", amount: 50 },
      { type: "ADJUSTMENT", amount: -3 },
    ];
    expect(transactionTotals(rows)).toEqual({ used: 2, refunded: 1 });
  });

  test("an unsigned ledger reads the same; an empty one is zeros", () => {
    expect(
      transactionTotals([
        { type: "DEDUCTION", amount: 2 },
        { type: "REFUND", amount: 1 },
      ]),
    ).toEqual({ used: 1, refunded: 1 });
    expect(transactionTotals([])).toEqual({ used: 0, refunded: 0 });
  });

  test("the ledger answer decoded: a bare array or an envelope, rows without an id, type or amount skipped", () => {
    const row = {
      id: 1,
      type: "DEDUCTION",
      amount: -1,
      balance_after: 2,
      created_at: "t",
      reference: null,
      reference_type: null,
      reference_id: null,
      note: null,
    };
    expect(decodeTransactions([row, { id: 2, type: "REFUND" }])).toEqual([row]);
    expect(transactionTotals(decodeTransactions({ items: [row, { ...row, id: 3, type: "REFUND", amount: 1 }] }))).toEqual({ used: 0, refunded: 1 });
    expect(decodeTransactions(null)).toEqual([]);
  });
});

describe("which totals the cards show", () => {
  const usage = { used: 4, refunded: 1 };
  const ledger = { used: 3, refunded: 1 };

  test("the usage call's, even when the ledger says otherwise", () => {
    expect(pickCreditTotals(false, usage, ledger)).toEqual(usage);
  });

  test("the ledger's only when the usage call failed; nothing yet while either is loading", () => {
    expect(pickCreditTotals(true, usage, ledger)).toEqual(ledger);
    expect(pickCreditTotals(true, null, undefined)).toBeNull();
    expect(pickCreditTotals(false, undefined, ledger)).toBeNull();
  });
});
