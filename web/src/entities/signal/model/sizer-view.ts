// From a signal and the trader's account and risk to the sizer's figures and sentences (texts only, no JSX).
import { lotFilter, type LotFilter } from "@core/market/lot-sizes";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { sizePosition, type Sizing } from "./position-size";

/** The pair's base asset: BTCUSDT → BTC. */
export const baseAsset = (symbol: string) => symbol.replace(/USDT$/, "") || symbol;

/** en-US grouping with exactly `digits` decimals (any count, unlike lib/format's fixed set). */
export const fixedNumber = (value: number, digits: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

export const usdt = (value: number) => `${fixedNumber(value, 2)} USDT`;

/** What sizing a signal needs from it: a direction, three levels and a venue; null for NO_TRADE or a signal missing a level. */
export function tradeOf(s: Signal) {
  const side = s.type === "LONG" || s.type === "SHORT" ? s.type : null;
  if (!side || s.no_trade || s.entry_price === null || s.stop_loss === null || s.take_profit === null || s.entry_price <= 0) return null;
  const venue = s.context?.venue ?? (side === "LONG" ? "spot" : "perp");
  return {
    side,
    venue,
    entry: s.entry_price,
    stop: s.stop_loss,
    target: s.take_profit,
    costPerSide: s.context?.costs?.cost_per_side ?? null,
    lot: lotFilter(s.symbol, venue, s.entry_price),
  } as const;
}

export type Trade = NonNullable<ReturnType<typeof tradeOf>>;

export type SizerView = {
  sizing: Sizing;
  quantity: string;
  notional: string;
  loss: string;
  gain: string;
  /** Each as a percent of the account: '1.00% of account'. */
  lossShare: string;
  gainShare: string;
  /** 'Lot step 0.001 SOL · tick 0.01 USDT', then where they come from in `notes`. */
  lotText: string;
  /** 'Includes 4.47 USDT of costs (0.12% per side, Binance spot)' or why there are none. */
  costs: string;
  /** Warnings first (amber), then plain notes. */
  warnings: string[];
  notes: string[];
  lot: LotFilter;
};

const pct = (v: number) => `${fixedNumber(v, 2)}%`;

function warningsOf(t: Trade, s: Sizing, riskPercent: number, asset: string): string[] {
  const out: string[] = [];
  const m = s.minimumLot;
  if (s.roundsToZero)
    out.push(`Quantity rounds to 0: the risk buys less than one lot step (${fixedNumber(t.lot.step, t.lot.qtyDecimals)} ${asset}).`);
  if (m?.exceedsRisk)
    out.push(`One lot would lose ${usdt(m.lossAtStop)} at the stop (${pct(m.lossPercent)} of the account), above your ${pct(riskPercent)}.`);
  if (s.cappedByAccount)
    out.push(
      "Capped at the account size: a spot buy is paid in full, so the notional cannot exceed the account (risk at stop is below your choice).",
    );
  return out;
}

export function sizerView(t: Trade, symbol: string, accountSize: number, riskPercent: number, venueLabel: string): SizerView {
  const costPerSide = t.costPerSide ?? 0;
  const sizing = sizePosition({ ...t, costPerSide, accountSize, riskPercent });
  const asset = baseAsset(symbol);
  const notes: string[] = [];
  if (t.side === "LONG" && t.venue === "spot") notes.push("Spot: the notional must not exceed the account size (no margin).");
  if (sizing.leverage !== null) notes.push(`Implied leverage ${fixedNumber(sizing.leverage, 2)}× (notional ÷ account) on the perpetual.`);
  notes.push(t.lot.note);
  return {
    sizing,
    quantity: `${fixedNumber(sizing.quantity, t.lot.qtyDecimals)} ${asset}`,
    notional: usdt(sizing.notional),
    loss: `−${usdt(sizing.lossAtStop)}`,
    gain: `+${usdt(sizing.gainAtTarget)}`,
    lossShare: `${pct(sizing.lossPercent)} of account`,
    gainShare: `${pct(accountSize > 0 ? (sizing.gainAtTarget / accountSize) * 100 : 0)} of account`,
    lotText: `Lot step ${fixedNumber(t.lot.step, t.lot.qtyDecimals)} ${asset} · tick ${fixedNumber(t.lot.tick, t.lot.priceDecimals)} USDT`,
    costs:
      t.costPerSide === null
        ? "This signal carries no cost figures: fees and slippage are not included."
        : `Costs included: ${fixedNumber(costPerSide * 100, 3)}% per side (fee + slippage${t.venue === "perp" ? " + funding" : ""}, ${venueLabel}).`,
    warnings: warningsOf(t, sizing, riskPercent, asset),
    notes,
    lot: t.lot,
  };
}
