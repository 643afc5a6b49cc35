// The one signal-model interface the phases and the backtest call (freqtrade's strategy, in small): score, lean, decide, rank.
import type { PairRow, Regime, Snapshot } from "../snapshot";
import type { Side, Trade } from "../trade";
import type { Decision } from "./decide";

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
  /** false for pairs that are no trading candidates (stablecoins, dead pairs); absent = a candidate */
  candidate?: boolean;
};

export type Scores = Record<Side, SideScore>;

export type Verdict = Decision;

export type Alternative = { symbol: string; side: Side; expected_r: number; p_tp: number; venue: "spot" | "perp" };

/**
 * What a phase may ask of a model. The phases write the reasoning and keep the criteria; the model alone decides, so a
 * different model (another fit, another family) is a different implementation of this, not a change to the phases.
 */
export interface SignalModel {
  /** Both sides of one pair priced at `entry` (the fresh price, else the hourly close), with the pair's funding rate; a SHORT is a candidate only when `canShort` (a perpetual is listed). */
  score(row: PairRow, regime: Regime, entry: number, funding: number | null, canShort?: boolean): Scores;
  /** The side with the better expected R, and whether that alone clears the bar (no gate, no novelty check): the scan's lean. */
  lean(scores: Scores): { side: Side; clears: boolean };
  /** The decision rule research measured: issue the better side, or say why not (no candidate, outside the training data, below the bar). */
  decide(scores: Scores): Verdict;
  /** Every pair of the snapshot that would be issued at its hourly close, best expected R first. */
  rank(snap: Snapshot, canShort?: (symbol: string) => boolean): Alternative[];
  /** The expected R after costs a side must beat to be issued. */
  bar(): number;
  /** The period the model was fitted on, as a signal states it. */
  trained(): string;
  /** The model version's name (the registry's key), which every signal's context names. */
  name(): string;
}
