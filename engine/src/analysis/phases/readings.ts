// What each phase read that the one before it had not (a newer price, the order book, funding) and what moved since the
// scan: the wait between phases exists for these reads. They are reported; only the newer price enters the final score.
import { type AnalysisContext, PRICE_SOURCE_TEXT } from "../context";
import type { Scores } from "../model/signal-model";
import { fmtPrice, fmtUtc, signed, signedR } from "../reasoning";

/**
 * A price move in percent: two decimals, or as many as show two significant digits when the move is smaller than
 * 0.005 % (a one-tick move of 0.57643 → 0.57642 reads −0.0017 %, not −0.00 %, beside prices that differ).
 */
export function movePercent(from: number, to: number): string {
  const pct = (to / from - 1) * 100;
  const small = pct !== 0 && Math.abs(pct) < 0.005;
  return `${signed(pct, small ? Math.min(8, 1 - Math.floor(Math.log10(Math.abs(pct)))) : 2)}%`;
}

/** The pair's order-book snapshot as this phase read it (modelled from candles under the replay, and said so). */
export function bookLine(ctx: AnalysisContext): string {
  const b = ctx.book;
  if (!b) return "Order book: too few recent candles to model one for this pair.";
  return (
    `Order book at ${fmtUtc(b.asOf)} (${b.basis.charAt(0).toLowerCase()}${b.basis.slice(1)}): spread ${b.spreadPct.toFixed(4)}%, ` +
    `buy volume ${b.buyPct.toFixed(0)}% vs sell ${(100 - b.buyPct).toFixed(0)}%; ${b.execution}.`
  );
}

/** The perpetual funding in force at this phase's clock (it is in a perpetual setup's costs). */
export function fundingLine(ctx: AnalysisContext): string {
  if (ctx.funding === null) return "Funding: none in force for this pair (no USDT-M perpetual on record).";
  return `Funding in force: ${signed(ctx.funding * 100, 4)}% per 8 h (positive: longs pay shorts).`;
}

/** The price now against the scan's, with where the newer one comes from; says plainly when nothing newer printed. */
export function moveLine(ctx: AnalysisContext, scanPrice: number | undefined, price: number): string {
  const source = PRICE_SOURCE_TEXT[ctx.priceSource];
  if (scanPrice === undefined) return `Price now ${fmtPrice(price)} (${source}).`;
  // Equal as shown (the market moved less than the price's last shown digit) reads as unchanged, not as −0.00%.
  if (fmtPrice(scanPrice) === fmtPrice(price))
    return `Price unchanged since the scan: ${fmtPrice(price)} (${source}); no newer price has printed a different figure yet.`;
  return `Price ${fmtPrice(scanPrice)} at the scan → ${fmtPrice(price)} now (${movePercent(scanPrice, price)}, ${source}).`;
}

/**
 * Expected R of both sides at the scan and now. The odds come from the hourly snapshot's features and the levels scale
 * with the entry, so within one hour a newer price moves the levels, not the expected R; a new hourly close (or funding
 * turning) can move it. Said plainly either way.
 */
export function evLine(before: Scores | null, now: Scores, newHour: boolean): string | null {
  if (!before) return null;
  if (before.LONG.ev === now.LONG.ev && before.SHORT.ev === now.SHORT.ev)
    return `Expected R after costs unchanged since the scan (LONG ${signedR(now.LONG.ev)}, SHORT ${signedR(now.SHORT.ev)}): the odds come from the last hourly close's features, and a newer price within the hour moves the levels, not the odds.`;
  const side = (s: "LONG" | "SHORT") => `${s} ${signedR(before[s].ev)} → ${signedR(now[s].ev)}`;
  return `Expected R after costs since the scan${newHour ? ", on the new hourly close's features" : ""}: ${side("LONG")}; ${side("SHORT")}.`;
}

type Verdict = "LONG" | "SHORT" | "NO_TRADE";

/**
 * The final verdict against the scan's lean: unchanged, or changed and why (the one decision rule on the newer price's
 * scores, nothing else). `scanLean` is the side that cleared the bar at the scan, or NEUTRAL.
 */
export function verdictLine(scanLean: "LONG" | "SHORT" | "NEUTRAL", verdict: Verdict, moved: boolean, why: string | null): string {
  const before = scanLean === "NEUTRAL" ? "no side clearing the bar" : `${scanLean} clearing the bar`;
  const after = verdict === "NO_TRADE" ? "NO TRADE" : verdict;
  const same = (scanLean === "NEUTRAL" && verdict === "NO_TRADE") || scanLean === verdict;
  if (same && !moved) return `Verdict as at the scan (${before}): nothing newer to change it.`;
  if (same) return `Verdict as at the scan (${before}): the newer price did not change it.`;
  // The scan's lean is expected R against the bar alone; the decision also weighs the rest of the one rule.
  const because = why ? `: ${why}` : ".";
  return moved
    ? `Verdict changed since the scan: ${before} then, ${after} now at the newer price${because}`
    : `Verdict ${after}, although the scan saw ${before}${because}`;
}

/** The short form for a phase's one-line reason: the price move since the scan and the book ('price +0.02%, spread 0.0030%, buy 62%'). */
export function readSummary(ctx: AnalysisContext, scanPrice: number | undefined, price: number): string {
  const same = scanPrice === undefined || fmtPrice(scanPrice) === fmtPrice(price);
  const move = same ? "price unchanged" : `price ${movePercent(scanPrice, price)}`;
  return ctx.book ? `${move}, spread ${ctx.book.spreadPct.toFixed(4)}%, buy ${ctx.book.buyPct.toFixed(0)}%` : move;
}
