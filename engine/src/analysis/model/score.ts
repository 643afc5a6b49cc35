// Scores both sides of one pair from the hourly snapshot at a fresh entry price, and applies the shipped bar: the one decision rule of live and backtest.
import type { PairRow, Regime, Snapshot } from "../snapshot";
import { buildTrade, costsFor, expectedR, type Side, type Trade } from "../trade";
import { inputIndices, inputVector } from "./inputs";
import { calibratedProbabilities } from "./select";
import { calibrate, noveltyScore, rawProbabilities, type ModelParams } from "./params";

export type SideScore = {
  trade: Trade;
  /** calibrated probabilities that the target, the stop, or neither (expiry) comes first within 48 h */
  pTp: number;
  pSl: number;
  pExp: number;
  /** P(target first) of the geometry-only reference model: the no-skill figure for the same stop and target */
  referenceTp: number;
  /** mean gross R at expiry the EV assumes for this side */
  expiryR: number;
  /** EV from the calibrated probabilities, and realised R as calibrated on out-of-fold months */
  evRaw: number;
  ev: number;
  novelty: number;
};

export type Verdict =
  | { issue: true; side: Side }
  | { issue: false; side: Side; why: "gate" | "novel" | "below_bar" };

export function scoreSide(params: ModelParams, row: PairRow, regime: Regime, side: Side, entry: number, funding: number | null): SideScore {
  const costs = costsFor(side, row.quoteVolume24h, funding);
  const trade = buildTrade(side, entry, row.atr, { k: params.geometry.k, m: params.geometry.m }, costs);
  const x = inputVector(row, regime, side, trade);
  const raw = rawProbabilities(params, x);
  const c = params.calibration;
  const { tp, sl, exp: ex } = calibratedProbabilities(c, raw);
  const expiryR = side === "LONG" ? c.expiry_r.long : c.expiry_r.short;
  const evRaw = expectedR({ tp, sl, exp: ex }, trade.rr, expiryR, trade.costR);
  const refX = inputIndices(params.reference.inputs).map((j) => x[j]);
  return {
    trade,
    pTp: tp,
    pSl: sl,
    pExp: ex,
    referenceTp: rawProbabilities(params.reference, refX)[0],
    expiryR,
    evRaw,
    ev: calibrate(c.ev, evRaw),
    novelty: noveltyScore(params, x),
  };
}

export function scoreBoth(params: ModelParams, row: PairRow, regime: Regime, entry: number, funding: number | null): Record<Side, SideScore> {
  return { LONG: scoreSide(params, row, regime, "LONG", entry, funding), SHORT: scoreSide(params, row, regime, "SHORT", entry, funding) };
}

/** The better side by calibrated EV; issued when EV − margin clears τ, the row is inside the training cloud and the gate is not NO-GO. */
export function verdict(params: ModelParams, s: Record<Side, SideScore>, gateStatus: string | null): Verdict {
  const side: Side = s.LONG.ev >= s.SHORT.ev ? "LONG" : "SHORT";
  if (gateStatus !== null && gateStatus.toUpperCase().replace(/[^A-Z]/g, "") === "NOGO") return { issue: false, side, why: "gate" };
  if (!(s[side].novelty <= 1)) return { issue: false, side, why: "novel" };
  if (!(s[side].ev - params.calibration.margin_r > params.calibration.tau)) return { issue: false, side, why: "below_bar" };
  return { issue: true, side };
}

export type Alternative = { symbol: string; side: Side; expected_r: number; p_tp: number; venue: "spot" | "perp" };
const bestCache = new WeakMap<Snapshot, Alternative[]>();

/**
 * Every pair of the snapshot scored at its hourly close, best calibrated EV first (only setups that clear the bar and
 * lie inside the training cloud); computed once per snapshot.
 */
export function rankedPairs(params: ModelParams, snap: Snapshot): Alternative[] {
  let out = bestCache.get(snap);
  if (!out) {
    out = [];
    for (const row of snap.rows) {
      const s = scoreBoth(params, row, snap.regime, row.close, null);
      const v = verdict(params, s, null);
      if (!v.issue) continue;
      const b = s[v.side];
      out.push({ symbol: row.symbol, side: v.side, expected_r: Math.round(b.ev * 10000) / 10000, p_tp: Math.round(b.pTp * 10000) / 10000, venue: b.trade.costs.venue });
    }
    out.sort((a, b) => b.expected_r - a.expected_r || a.symbol.localeCompare(b.symbol));
    bestCache.set(snap, out);
  }
  return out;
}
