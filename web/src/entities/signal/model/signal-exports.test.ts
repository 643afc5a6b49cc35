// Export formats of a known signal, written out in full by hand.
import { describe, expect, test } from "bun:test";
import { decodeSignal } from "@web/entities/signal/api/decode-signal";
import { SAMPLE_CONTEXT } from "@web/lib/test-signal-context";
import { cornixText, plainText, tradingViewAlert } from "./signal-exports";
import { sizerView, tradeOf } from "./sizer-view";

const signal = (over: Record<string, unknown> = {}) =>
  decodeSignal({
    id: 42,
    symbol: "SOLUSDT",
    type: "LONG",
    // As the engine stores it: the context's P(target first).
    confidence: 0.3821,
    entry_price: 100,
    take_profit: 110,
    stop_loss: 95,
    rr_ratio: 2,
    timeframe: "1h",
    context: SAMPLE_CONTEXT,
    ...over,
  })!;

const trade = (s = signal()) => tradeOf(s)!;

describe("exports", () => {
  test("plain text", () => {
    expect(plainText(signal(), trade())).toBe(
      [
        "SOLUSDT LONG · Binance spot",
        "Entry: 100.00",
        "Take profit: 110.00",
        "Stop loss: 95.00",
        "Risk/reward: 2.00",
        "Timeframe: 1h · Confidence: 38%",
        "Expires: 2024-09-07 14:00 UTC",
        "Tradewind signal #42",
      ].join("\n"),
    );
  });

  test("TradingView alert JSON, with the sized quantity", () => {
    expect(JSON.parse(tradingViewAlert(signal(), trade(), 19.105))).toEqual({
      ticker: "SOLUSDT",
      exchange: "BINANCE",
      market: "spot",
      action: "buy",
      side: "long",
      entry: 100,
      take_profit: 110,
      stop_loss: 95,
      quantity: 19.105,
      rr: 2,
      timeframe: "1h",
      confidence: 0.38,
      expires_at: "2024-09-07T14:00:00.000Z",
      signal_id: 42,
      source: "Tradewind",
    });
    expect(JSON.parse(tradingViewAlert(signal(), trade())).quantity).toBeUndefined();
  });

  test("Cornix text for spot, and for a perpetual SHORT with its leverage line", () => {
    expect(cornixText(signal(), trade())).toBe(
      "#SOL/USDT\nExchange: Binance\nSignal Type: Regular (Long)\n\nEntry Targets:\n1) 100.00\n\nTake-Profit Targets:\n1) 110.00\n\nStop Targets:\n1) 95.00",
    );
    const short = signal({
      symbol: "BTCUSDT",
      type: "SHORT",
      entry_price: 60000.04,
      take_profit: 57600,
      stop_loss: 61200,
      context: { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp", venue_label: "Binance USDT-M perpetual" },
    });
    expect(cornixText(short, trade(short), 1.37)).toBe(
      "#BTC/USDT\nExchange: Binance Futures\nSignal Type: Regular (Short)\nLeverage: Isolated (2X)\n\nEntry Targets:\n1) 60000.0\n\nTake-Profit Targets:\n1) 57600.0\n\nStop Targets:\n1) 61200.0",
    );
  });

  test("NO_TRADE and signals missing a level have nothing to size or export", () => {
    expect(tradeOf(signal({ type: "NO_TRADE", no_trade: true, entry_price: null }))).toBeNull();
    expect(tradeOf(signal({ stop_loss: null }))).toBeNull();
  });
});

describe("sizerView", () => {
  test("the known LONG: figures as the screen shows them", () => {
    const v = sizerView(trade(), "SOLUSDT", 10_000, 1, "Binance spot");
    expect([v.quantity, v.notional, v.loss, v.gain]).toEqual(["19.105 SOL", "1,910.50 USDT", "−100.00 USDT", "+186.24 USDT"]);
    // 99.99557 / 10 000 and 186.23554 / 10 000
    expect([v.lossShare, v.gainShare, v.lotText]).toEqual(["1.00% of account", "1.86% of account", "Lot step 0.001 SOL · tick 0.01 USDT"]);
    expect(v.costs).toBe("Costs included: 0.120% per side (fee + slippage, Binance spot).");
    expect(v.warnings).toEqual([]);
    expect(v.notes[0]).toBe("Spot: the notional must not exceed the account size (no margin).");
    expect(v.notes.at(-1)).toContain("recorded Binance spot");
  });

  test("warnings: rounds to zero with the smallest lot above the risk; capped by the account", () => {
    // BTC perpetual (lot 0.001): 0.5 / (1000 + 0.0012 × 121 000 = 1145.2) = 0.00044 → 0; one lot loses 1.1452 USDT = 1.15 %
    const perp = { ...SAMPLE_CONTEXT, side: "SHORT", venue: "perp" };
    const tiny = sizerView(
      trade(signal({ symbol: "BTCUSDT", type: "SHORT", entry_price: 60000, stop_loss: 61000, take_profit: 58000, context: perp })),
      "BTCUSDT",
      100,
      0.5,
      "Binance USDT-M perpetual",
    );
    expect([tiny.quantity, tiny.loss, tiny.lotText]).toEqual(["0.000 BTC", "−0.00 USDT", "Lot step 0.001 BTC · tick 0.1 USDT"]);
    expect(tiny.warnings).toEqual([
      "Quantity rounds to 0: the risk buys less than one lot step (0.001 BTC).",
      "One lot would lose 1.15 USDT at the stop (1.15% of the account), above your 0.50%.",
    ]);
    expect(tiny.notes[0]).toBe("Implied leverage 0.00× (notional ÷ account) on the perpetual.");
    const capped = sizerView(trade(signal({ stop_loss: 99, take_profit: 102 })), "SOLUSDT", 1000, 2, "Binance spot");
    expect(capped.warnings[0]).toStartWith("Capped at the account size");
    expect(capped.notional).toBe("1,000.00 USDT");
  });
});
