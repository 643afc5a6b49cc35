// Tick size and lot step of a pair on a venue, for sizing and rounding orders. There is no exchange connection here,
// so they come from the recorded candles' decimals (core/market/lot-sizes-recorded.ts) or, for a pair without a record, from
// a stated rule on the price; `note` says which, so a screen never passes either off as the exchange's own filter.
import { RECORDED_PRECISION } from "./lot-sizes-recorded";

export type LotVenue = "spot" | "perp";
export type LotSource = "recorded" | "recorded-spot" | "rule";

export type LotFilter = {
  tick: number;
  step: number;
  priceDecimals: number;
  qtyDecimals: number;
  source: LotSource;
  /** One sentence for the screen: where tick and step come from. */
  note: string;
};

const VENUE_NAME: Record<LotVenue, string> = { spot: "spot", perp: "perpetual" };

/** Rule: a tick of 5 significant digits of the price. */
export const ruleTickDecimals = (price: number) => Math.max(0, 4 - Math.floor(Math.log10(price)));

/** Rule: the smallest power-of-ten step worth at least 0.10 USDT, at most 1 unit (as Binance sets most pairs). */
export const ruleStepDecimals = (price: number) => Math.max(0, -Math.ceil(Math.log10(0.1 / price)));

const filterOf = (priceDecimals: number, qtyDecimals: number, source: LotSource, note: string): LotFilter => ({
  tick: 10 ** -priceDecimals,
  step: 10 ** -qtyDecimals,
  priceDecimals,
  qtyDecimals,
  source,
  note,
});

/** The filter for `symbol` on `venue`; `price` (the entry) only matters for a pair without a record. */
export function lotFilter(symbol: string, venue: LotVenue, price: number): LotFilter {
  const own = RECORDED_PRECISION[venue][symbol];
  if (own) {
    return filterOf(
      own[0],
      own[1],
      "recorded",
      `Tick and lot step read from the recorded Binance ${VENUE_NAME[venue]} prices and volumes, not the exchange's live filter.`,
    );
  }
  const spot = venue === "perp" ? RECORDED_PRECISION.spot[symbol] : undefined;
  if (spot) {
    return filterOf(
      spot[0],
      spot[1],
      "recorded-spot",
      "Tick and lot step read from the recorded Binance spot prices; the perpetual's own lot step may be coarser.",
    );
  }
  const p = price > 0 && Number.isFinite(price) ? price : 1;
  return filterOf(
    ruleTickDecimals(p),
    ruleStepDecimals(p),
    "rule",
    "No record of this pair: tick = 5 significant digits of the price, lot step = the smallest power of ten worth 0.10 USDT or more (at most 1 unit).",
  );
}
