// The shipped SignalModel: scores both sides of one pair from the hourly snapshot at a fresh entry price and applies the bar, the one decision rule of live and backtest.
import type { PairRow, Regime, Snapshot } from "../snapshot";
import { buildTrade, costsFor, expectedR, type Side } from "../trade";
import { inputIndices, inputVector } from "./inputs";
import { calibratedProbabilities } from "./select";
import { calibrate, noveltyScore, rawProbabilities, type ModelParams } from "./params";
import type { Alternative, Scores, SideScore, SignalModel, Verdict } from "./signal-model";

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

export function scoreBoth(params: ModelParams, row: PairRow, regime: Regime, entry: number, funding: number | null): Scores {
  return { LONG: scoreSide(params, row, regime, "LONG", entry, funding), SHORT: scoreSide(params, row, regime, "SHORT", entry, funding) };
}

/** The better side by calibrated EV, and whether its EV − margin clears τ. */
function lean(params: ModelParams, s: Scores): { side: Side; clears: boolean } {
  const side: Side = s.LONG.ev >= s.SHORT.ev ? "LONG" : "SHORT";
  return { side, clears: s[side].ev - params.calibration.margin_r > params.calibration.tau };
}

/** The better side by calibrated EV; issued when EV − margin clears τ, the row is inside the training cloud and the gate is not NO-GO. */
export function verdict(params: ModelParams, s: Scores, gateStatus: string | null): Verdict {
  const { side, clears } = lean(params, s);
  if (gateStatus !== null && gateStatus.toUpperCase().replace(/[^A-Z]/g, "") === "NOGO") return { issue: false, side, why: "gate" };
  if (!(s[side].novelty <= 1)) return { issue: false, side, why: "novel" };
  if (!clears) return { issue: false, side, why: "below_bar" };
  return { issue: true, side };
}

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
      out.push({
        symbol: row.symbol,
        side: v.side,
        expected_r: Math.round(b.ev * 10000) / 10000,
        p_tp: Math.round(b.pTp * 10000) / 10000,
        venue: b.trade.costs.venue,
      });
    }
    out.sort((a, b) => b.expected_r - a.expected_r || a.symbol.localeCompare(b.symbol));
    bestCache.set(snap, out);
  }
  return out;
}

/** The shipped family as a SignalModel: every call reads `params` afresh, so a caller that moves the bar is heard. */
export function softmaxModel(params: ModelParams): SignalModel {
  return {
    score: (row, regime, entry, funding) => scoreBoth(params, row, regime, entry, funding),
    lean: (scores) => lean(params, scores),
    decide: (scores, gateStatus) => verdict(params, scores, gateStatus),
    rank: (snap) => rankedPairs(params, snap),
    bar: () => params.calibration.tau + params.calibration.margin_r,
    trained: () => `${params.training.from} → ${params.training.to}`,
  };
}
