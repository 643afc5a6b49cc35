// Outcome wording of issued signals: open, take profit, stop loss and expiry with their R after fees.
import { expect, test } from "bun:test";
import { outcomeView } from "./signal-outcome";

test("outcomes read as the trader expects, with R after fees once closed", () => {
  expect(outcomeView("OPEN", null)).toEqual({ text: "Open", tone: "muted" });
  expect(outcomeView("TP_HIT", 1.9)).toEqual({ text: "TP hit · +1.90R", tone: "pos" });
  expect(outcomeView("SL_HIT", -1.1)).toEqual({ text: "SL hit · −1.10R", tone: "neg" });
  expect(outcomeView("expired", 0.12)).toEqual({ text: "Expired · +0.12R", tone: "pos" });
  expect(outcomeView(null, null)).toBeNull();
  expect(outcomeView("SOMETHING", 1)).toBeNull();
});
