// Reasoning text and the per-signal context, built only from snapshot values and model outputs (no canned market claims).
import type { SignalContext as ContractSignalContext } from "@core/contract/signal";
import type { SideScore, SignalModel } from "../model/signal-model";
import { historyBand, type SetupHistory } from "../model/history";
import type { PriceSource } from "../context";
import type { PairRow, Regime } from "../snapshot";
import { costPerSide, EXPIRY_HOURS, VENUE_LABEL, type Side } from "../trade";
import { fmtNum, fmtPrice, ordinal, signedR } from "./format";

export { clip, fmtPct, fmtPrice, fmtUtc, ordinal, signed, signedR } from "./format";

const H = 3_600_000;
const dir = (x: number) => (x >= 0 ? "above" : "below");
const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const r4 = (x: number) => Math.round(x * 10000) / 10000;

export function marketLines(r: PairRow, g: Regime): string[] {
  const rank = (x: number) => `${ordinal(Math.round((x + 0.5) * 100))} percentile`;
  return [
    `1h: close ${fmtPrice(r.close)} ${dir(r.close - r.ema50)} EMA50 ${fmtPrice(r.ema50)} (${fmtNum(r.ema50DistAtr, 1)} ATR), RSI14 ${fmtNum(r.rsi14, 0)}; ATR14 (simple mean of true ranges) ${fmtPrice(r.atr)} = ${(r.atrPct * 100).toFixed(2)}% of price.`,
    `Momentum, volatility-scaled: 24h ${fmtNum(r.z24, 2)}σ, 3d ${fmtNum(r.z72, 2)}σ, 7d ${fmtNum(r.z168, 2)}σ; 24h return ranks at the ${rank(r.rankZ24)} of ${g.pairs} pairs, 7d at the ${rank(r.rankZ168)}.`,
    `Against BTC: beta ${fmtNum(r.beta, 2)}, 24h move not explained by BTC ${fmtNum(r.resid24, 2)}σ. Range: ${r.range168 >= 0 ? "upper" : "lower"} half of the 7-day range; 72h swing low ${fmtPrice(r.swingLow72)}, high ${fmtPrice(r.swingHigh72)}.`,
    `Activity: 24h volume ${fmtNum(Math.exp(r.volumeRatio), 2)}x a normal day of the last two weeks ($${fmtNum(r.quoteVolume24h / 1e6, 1)}M); realised vol 24h vs 14d ${fmtNum(Math.exp(r.volRegime), 2)}x.`,
    `Market: BTC 24h ${fmtNum(g.btcZ24, 2)}σ, ${Math.round((g.breadth24 + 0.5) * 100)}% of pairs up over 24h, dispersion ${fmtNum(g.dispersion, 2)}σ.`,
  ];
}

export function sideLine(s: SideScore): string {
  const t = s.trade;
  return (
    `${t.side} on ${VENUE_LABEL[t.costs.venue]}: entry ${fmtPrice(t.entry)}, stop ${fmtPrice(t.stopLoss)} (${fmtNum((Math.abs(t.entry - t.stopLoss) / t.entry) * 100, 2)}% away), target ${fmtPrice(t.takeProfit)} (RR ${t.rr.toFixed(2)}); ` +
    `P(TP first) ${pct(s.pTp)}, P(SL first) ${pct(s.pSl)}, P(expiry) ${pct(s.pExp)} vs ${pct(s.referenceTp)} TP for this geometry with no skill; ` +
    `costs ${(t.costs.roundTrip * 100).toFixed(2)}% = ${t.costR.toFixed(2)}R; expected ${signedR(s.ev)} after costs.`
  );
}

export function biasWord(side: Side | "NEUTRAL"): string {
  return side === "NEUTRAL" ? "no edge" : `${side} bias`;
}

/**
 * What the API, the drawer and Day Signal show beside a signal: the contract's schema, with the horizon always set
 * (only signals from before v3 lack it).
 */
export type SignalContext = ContractSignalContext & { expiry_hours: number };

export type SetupHistoryView = NonNullable<ContractSignalContext["history"]>;

/** Pseudo-observations of the pooled mean added to a pair's own: few trades of one pair say little. */
export const SHRINK_N = 30;

export function historyView(h: SetupHistory | null, symbol: string, side: Side, ev: number): SetupHistoryView | null {
  if (!h) return null;
  const band = historyBand(h.edges, ev);
  const pooled = h.pooled[`${side}|${band}`];
  if (!pooled) return null;
  const [n, sum] = h.pairs[`${symbol}|${side}|${band}`] ?? [0, 0];
  return {
    period: `${h.period.from} → ${h.period.to}`,
    band: { from: band > 0 ? h.edges[band - 1] : null, to: band < h.edges.length ? h.edges[band] : null },
    pooled,
    pair: { n, mean_r: r4((sum + SHRINK_N * pooled.mean_r) / (n + SHRINK_N)) },
  };
}

export function signalContext(
  ctx: { now: number; priceSource: PriceSource; snapshot: { at: number } },
  row: PairRow,
  s: SideScore,
  model: Pick<SignalModel, "bar" | "trained" | "name">,
  history: SetupHistory | null,
): SignalContext {
  const t = s.trade;
  return {
    side: t.side,
    venue: t.costs.venue,
    venue_label: VENUE_LABEL[t.costs.venue],
    p_tp: r4(s.pTp),
    p_sl: r4(s.pSl),
    p_expiry: r4(s.pExp),
    expected_r: r4(s.ev),
    no_skill_p_tp: r4(s.referenceTp),
    costs: {
      fee_pct_per_side: r4(t.costs.fee * 100),
      slippage_pct_per_side: r4(t.costs.slippage * 100),
      funding_pct: r4(t.costs.funding * 100),
      round_trip_pct: r4(t.costs.roundTrip * 100),
      in_r: r4(t.costR),
      cost_per_side: costPerSide(t.costs),
    },
    expires_at: new Date(ctx.now + (t.expiryHours ?? EXPIRY_HOURS) * H).toISOString(),
    expiry_hours: t.expiryHours ?? EXPIRY_HOURS,
    invalidation_level: t.side === "LONG" ? row.swingLow72 : row.swingHigh72,
    entry_source: ctx.priceSource,
    snapshot_at: new Date(ctx.snapshot.at).toISOString(),
    model: { trained: model.trained(), bar_r: Number.isFinite(model.bar()) ? r4(model.bar()) : null, version: model.name() },
    history: historyView(history, row.symbol, t.side, s.ev),
  };
}
