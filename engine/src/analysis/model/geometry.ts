// The trade geometry and candidacy shared by live scoring and research: σ-of-horizon levels, the entry research takes, who may be traded.
import { lastIndexAtOrBefore, type Candle } from "@core/market/candles";
import type { PairRow } from "../snapshot";
import { buildTrade, costsFor, sigmaUnit, type Side } from "../trade";

const HOUR = 3_600_000;

/** Stop = k σ of the `hours`-hour return, target = m × stop, expiry `hours`. */
export type Geometry = { k: number; m: number; hours: number };

/** Hourly σ below 0.1 %: stablecoins and pairs that stopped trading are no trading candidates. */
export const MIN_SIGMA_1H = 0.001;
/** The most liquid pairs at a clock (by 24 h quote volume at that clock, so no pair's later fate decides it). */
export const LIQUID_TOP = 30;
/**
 * Research enters this many hours after the decision clock, at that hour's close: a live analysis decides on the last
 * closed hour's snapshot and enters at the price when it issues, up to an hour later; research takes the latest.
 */
export const ENTRY_DELAY_HOURS = 1;

export const isCandidate = (r: PairRow) => r.sigma168 >= MIN_SIGMA_1H;

/** A SHORT is a perpetual setup: only where the pair's perpetual was listed by then. */
export const perpListed = (perpSince: number | null | undefined, at: number) => perpSince !== null && perpSince !== undefined && perpSince <= at;

/** One side of one pair's trade under a geometry: the one builder of live scoring and the labels. */
export function tradeFor(r: PairRow, side: Side, entry: number, g: Geometry, funding: number | null) {
  const costs = costsFor(side, r.quoteVolume24h, funding, g.hours);
  return { ...buildTrade(side, entry, sigmaUnit(entry, r.sigma168, g.hours), { k: g.k, m: g.m }, costs), expiryHours: g.hours };
}

/** The entry research takes for a decision at `at`: the close of the hour ENTRY_DELAY_HOURS later, and when its path starts. */
export function delayedEntry(h1: Candle[], at: number): { price: number; from: number } | null {
  const open = at + (ENTRY_DELAY_HOURS - 1) * HOUR;
  const i = lastIndexAtOrBefore(h1, open);
  return i >= 0 && h1[i].t === open ? { price: h1[i].c, from: open + HOUR } : null;
}
