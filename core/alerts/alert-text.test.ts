// Alert wording: pair, side, stage and R with its sign.
import { expect, test } from "bun:test";
import { alertDetail, alertTitle, formatR } from "./alert-text";

test("R keeps its sign and two decimals; no R for an issued signal", () => {
  expect(formatR(1.849)).toBe("+1.85R");
  expect(formatR(-1)).toBe("−1.00R");
  expect(formatR(0)).toBe("0.00R");
  expect(formatR(null)).toBeNull();
  expect(alertTitle({ kind: "TP_HIT", symbol: "BTCUSDT", side: "LONG", r_multiple: 2 })).toBe("BTCUSDT LONG · Take profit hit");
  expect(alertDetail({ kind: "SL_HIT", symbol: "ETHUSDT", side: "SHORT", r_multiple: -1.02 })).toBe("Result −1.02R after costs.");
  expect(alertDetail({ kind: "ISSUED", symbol: "ETHUSDT", side: "SHORT", r_multiple: null })).toContain("New setup");
});
