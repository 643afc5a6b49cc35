// A LONG/SHORT signal as text a trader pastes elsewhere: plain text, a TradingView alert message (JSON) and a Cornix
// free-text signal (pair, exchange, direction, entry, targets, stop). Prices are written on the pair's tick.
import { confidencePercent, type Signal } from "@web/entities/signal/api/decode-signal";
import { roundToTick } from "./position-size";
import { baseAsset, fixedNumber, type Trade } from "./sizer-view";

const price = (t: Trade, p: number) => roundToTick(p, t.lot).toFixed(t.lot.priceDecimals);
const VENUE_TEXT = { spot: "Binance spot", perp: "Binance USDT-M perpetual" } as const;
const confidenceText = (s: Signal) => `${confidencePercent(s)}%`;

export function plainText(s: Signal, t: Trade): string {
  return [
    `${s.symbol} ${t.side} · ${s.context?.venue_label || VENUE_TEXT[t.venue]}`,
    `Entry: ${price(t, t.entry)}`,
    `Take profit: ${price(t, t.target)}`,
    `Stop loss: ${price(t, t.stop)}`,
    `Risk/reward: ${s.rr_ratio !== null ? s.rr_ratio.toFixed(2) : "—"}`,
    `Timeframe: ${s.timeframe ?? "—"} · Confidence: ${confidenceText(s)}`,
    ...(s.context?.expires_at ? [`Expires: ${s.context.expires_at.slice(0, 16).replace("T", " ")} UTC`] : []),
    `Tradewind signal #${s.id}`,
  ].join("\n");
}

/** The body of a TradingView alert message (a JSON object a webhook receiver reads); quantity when the sizer has one. */
export function tradingViewAlert(s: Signal, t: Trade, quantity?: number | null): string {
  const num = (p: number) => Number(price(t, p));
  const body = {
    ticker: s.symbol,
    exchange: "BINANCE",
    market: t.venue === "spot" ? "spot" : "usdt_perpetual",
    action: t.side === "LONG" ? "buy" : "sell",
    side: t.side.toLowerCase(),
    entry: num(t.entry),
    take_profit: num(t.target),
    stop_loss: num(t.stop),
    ...(quantity ? { quantity } : {}),
    rr: s.rr_ratio,
    timeframe: s.timeframe,
    confidence: confidencePercent(s) / 100,
    expires_at: s.context?.expires_at ?? null,
    signal_id: s.id,
    source: "Tradewind",
  };
  return JSON.stringify(body, null, 2);
}

/**
 * Cornix free text: full pair with a slash, the exchange, the direction, one entry, one target and one stop. A
 * perpetual needs a leverage line: the sizer's implied leverage rounded up, at least 1×.
 */
export function cornixText(s: Signal, t: Trade, leverage?: number | null): string {
  const lines = [
    `#${baseAsset(s.symbol)}/USDT`,
    `Exchange: ${t.venue === "perp" ? "Binance Futures" : "Binance"}`,
    `Signal Type: Regular (${t.side === "LONG" ? "Long" : "Short"})`,
  ];
  if (t.venue === "perp") lines.push(`Leverage: Isolated (${fixedNumber(Math.max(1, Math.ceil(leverage ?? 1)), 0)}X)`);
  lines.push(
    "",
    "Entry Targets:",
    `1) ${price(t, t.entry)}`,
    "",
    "Take-Profit Targets:",
    `1) ${price(t, t.target)}`,
    "",
    "Stop Targets:",
    `1) ${price(t, t.stop)}`,
  );
  return lines.join("\n");
}
