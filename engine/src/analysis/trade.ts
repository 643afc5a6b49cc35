// Where and at what cost a side can be taken, and the symmetric, volatility-scaled trade geometry the model is trained on.

export type Side = "LONG" | "SHORT";

/** Prices are rounded to this many significant digits; RR is then computed from the rounded prices. */
export const PRICE_SIGNIFICANT_DIGITS = 6;
export function roundPrice(p: number): number {
  if (!(p > 0)) return p;
  const digits = PRICE_SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(p));
  const f = 10 ** digits;
  return Math.round(p * f) / f;
}
/** A spot trader can only buy; a SHORT is a USDT-M perpetual-futures setup. */
export type Venue = "spot" | "perp";
export const venueOf = (side: Side): Venue => (side === "LONG" ? "spot" : "perp");
export const VENUE_LABEL: Record<Venue, string> = { spot: "Binance spot", perp: "Binance USDT-M perpetual" };

/** Taker fee per side: Binance spot default tier and USDT-M futures default tier. */
export const TAKER_FEE: Record<Venue, number> = { spot: 0.001, perp: 0.0005 };
/** Slippage per side runs from 2 bps for pairs trading $500M a day to 10 bps at $5M and below (log-linear between). */
export const SLIPPAGE_BPS = { min: 2, max: 10, liquidQuote: 500e6, thinQuote: 5e6 } as const;
/** Round-trip costs may take at most this share of the risk, so a stop is never narrower than costs / 0.08. */
export const MAX_COST_R = 0.08;
/** Every signal expires after 48 hours. */
export const EXPIRY_HOURS = 48;

export function slippageRate(quoteVolume24h: number): number {
  const { min, max, liquidQuote, thinQuote } = SLIPPAGE_BPS;
  if (!(quoteVolume24h > thinQuote)) return max / 1e4;
  if (quoteVolume24h >= liquidQuote) return min / 1e4;
  const f = Math.log(quoteVolume24h / thinQuote) / Math.log(liquidQuote / thinQuote);
  return (max - f * (max - min)) / 1e4;
}

export type Costs = {
  venue: Venue;
  fee: number;
  slippage: number;
  /** funding a SHORT pays over the expiry horizon when funding is negative (never credited when positive) */
  funding: number;
  /** fee + slippage per side, as a fraction of notional */
  perSide: number;
  /** both sides plus funding, as a fraction of entry */
  roundTrip: number;
};

/**
 * Funding a SHORT is charged per 8 h where none is recorded: the mean of the negative part of all 49,007 recorded 8 h
 * rates of 41 perpetuals (−0.0038 %, rounded up), so an unrecorded pair is never cheaper to short than the recorded ones.
 */
export const DEFAULT_SHORT_FUNDING_PER_8H = -0.00004;

export function costsFor(side: Side, quoteVolume24h: number, fundingPer8h: number | null = null, hours = EXPIRY_HOURS): Costs {
  const venue = venueOf(side);
  const fee = TAKER_FEE[venue];
  const slippage = slippageRate(quoteVolume24h);
  const rate = fundingPer8h ?? DEFAULT_SHORT_FUNDING_PER_8H;
  const funding = venue === "perp" && rate < 0 ? -rate * (hours / 8) : 0;
  const perSide = fee + slippage;
  return { venue, fee, slippage, funding, perSide, roundTrip: 2 * perSide + funding };
}

/** Cost per side as a fraction of notional, funding spread over both sides: what a signal stores and its outcome charges. */
export const costPerSide = (c: Costs) => c.perSide + c.funding / 2;

/** Stop = k units (an ATR in v2, σ of the horizon's return in v3), target = m·stop; both sides symmetric. */
export type Geometry = { k: number; m: number };

/** The v3 stop unit in price: σ of the `hours`-hour return (hourly σ over the last 168 h × √hours) at `entry`. */
export const sigmaUnit = (entry: number, sigma168: number, hours: number) => entry * sigma168 * Math.sqrt(hours);

export type Trade = {
  side: Side;
  entry: number;
  stopLoss: number;
  takeProfit: number;
  /** stop distance in price */
  risk: number;
  /** reward/risk from the rounded prices */
  rr: number;
  /** stop distance in ATRs (above k when the cost floor binds) */
  stopAtr: number;
  costs: Costs;
  /** round-trip costs in R */
  costR: number;
  /** hours until the setup expires when not the default EXPIRY_HOURS (v3 geometries) */
  expiryHours?: number;
};

/** Stop distance: k·ATR, widened until round-trip costs are at most MAX_COST_R of it. */
export function stopDistance(entry: number, atr: number, k: number, roundTrip: number): number {
  return Math.max(k * atr, (entry * roundTrip) / MAX_COST_R);
}

/**
 * A stop farther than this share of the entry is no setup: at σ-of-horizon geometry it means the pair moves more than a
 * quarter of its price in one horizon, and a SHORT's target (m × stop below entry) would come near or below zero.
 */
export const MAX_STOP_FRACTION = 0.25;

/** Every level positive, the stop within MAX_STOP_FRACTION, the target on the far side: a trade a trader can place. */
export function isPlaceable(t: Pick<Trade, "side" | "entry" | "stopLoss" | "takeProfit" | "risk">): boolean {
  const s = t.side === "LONG" ? 1 : -1;
  return (
    t.entry > 0 &&
    t.stopLoss > 0 &&
    t.takeProfit > 0 &&
    t.risk > 0 &&
    t.risk <= MAX_STOP_FRACTION * t.entry &&
    s * (t.takeProfit - t.entry) > 0 &&
    s * (t.entry - t.stopLoss) > 0
  );
}

export function buildTrade(side: Side, entry: number, atr: number, g: Geometry, costs: Costs): Trade {
  const s = side === "LONG" ? 1 : -1;
  const d = stopDistance(entry, atr, g.k, costs.roundTrip);
  const e = roundPrice(entry);
  const stopLoss = roundPrice(entry - s * d);
  const takeProfit = roundPrice(entry + s * g.m * d);
  const risk = Math.abs(e - stopLoss);
  const rr = risk > 0 ? Math.round((Math.abs(takeProfit - e) / risk) * 100) / 100 : 0;
  return { side, entry: e, stopLoss, takeProfit, risk, rr, stopAtr: d / atr, costs, costR: risk > 0 ? (e * costs.roundTrip) / risk : 0 };
}

/**
 * Expected R after costs: p_TP·RR − p_SL + p_EXP·E[R | expiry] − costs in R. E[R | expiry] is the gross mark-to-market
 * at expiry in R (measured in training, not assumed −1 or 0).
 */
export function expectedR(p: { tp: number; sl: number; exp: number }, rr: number, expiryR: number, costR: number): number {
  return p.tp * rr - p.sl + p.exp * expiryR - costR;
}
