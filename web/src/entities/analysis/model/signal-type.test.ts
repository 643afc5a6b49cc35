// A signal's direction from any field, flag, levels or text, and confidence as a whole percent (spec 02 §3, §5).
import { expect, test } from "bun:test";
import { confidencePercent, inferSignalType } from "./signal-type";

test("type from any spelling, BUY/SELL mapped, else no_trade flag, TP/SL geometry, reasoning", () => {
  expect(inferSignalType({ signalType: "buy" })).toBe("LONG");
  expect(inferSignalType({ action: "SELL" })).toBe("SHORT");
  expect(inferSignalType({ signal_type: "NO_TRADE" })).toBe("NO_TRADE");
  expect(inferSignalType({ no_trade: true, take_profit: 1 })).toBe("NO_TRADE");
  expect(inferSignalType({ entry_price: 100, take_profit: 110, stop_loss: 95 })).toBe("LONG");
  expect(inferSignalType({ entry_price: 100, take_profit: 90, stop_loss: 105 })).toBe("SHORT");
  expect(inferSignalType({ reasoning: "Bias is SHORT below the range" })).toBe("SHORT");
  expect(inferSignalType({ reasoning: "LONG or SHORT unclear" })).toBeNull();
});

test("confidence 0..1 scaled to a whole percent, percent kept, clamped", () => {
  expect(confidencePercent(0.555)).toBe(56);
  expect(confidencePercent(72.4)).toBe(72);
  expect(confidencePercent(140)).toBe(100);
  expect(confidencePercent(null)).toBeNull();
});
