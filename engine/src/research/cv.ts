// `model:cv` v4: for every quarter, the model family, geometry, calibration and bar are chosen on earlier out-of-fold rows only (block-clustered), and the quarter is decided by the one decision rule with the fold's own model.
import { calibrateScore, type CalibratedSide, type ScoreCalibration } from "../analysis/model/calibrated";
import { decideSides } from "../analysis/model/decide";
import type { HistoryRow } from "../analysis/model/history";
import { MODEL_MAX_AGE_DAYS_DEFAULT } from "../analysis/model/version";
import { blockOf } from "../backtest/stats";
import type { CandidateRecord, EvaluationRecord } from "../backtest/summary";
import { fitScoreCalibration } from "./calibrate";
import { LIQUID_TOP, type Panel } from "./panel";
import { type BlockModel, blocksOf, evenly, outcomeKnownAt, type WalkForward } from "./walkforward";

const DAY = 86_400_000;
/** The bar is chosen on the last this-many days with data before the quarter; the calibration on the days before those. */
export const SELECT_DAYS = 180;
/** Signals per analysis the bar may aim for (it is floored at 0 R, so none when earlier months show too few positive EVs). */
export const RATE_BAND: [number, number] = [0.05, 0.3];
const MAX_CALIBRATION_ROWS = 300_000;
/** Fewer days with data than this before a quarter and it is not decided (too little to calibrate and choose on). */
const MIN_SELECT_DAYS = 60;

export type Combo = { family: string; g: number; wf: WalkForward };
export type Choice = {
  family: string;
  g: number;
  cal: ScoreCalibration;
  tau: number;
  inner: Inner;
  baseTp: { long: number; short: number };
};

type View = { long: CalibratedSide; short: CalibratedSide };

export function viewOf(c: Combo, cal: ScoreCalibration, e: number): View {
  return { long: calibrateScore(cal, c.wf.score[2 * e]), short: calibrateScore(cal, c.wf.score[2 * e + 1]) };
}

const sideView = (v: CalibratedSide, novelty: number, candidate = true) => ({ evShrunk: v.evShrunk, novelty, candidate });
/** Both sides of evaluation `e` as the rule reads them: a SHORT only where the pair's perpetual was listed. */
const views = (p: Panel, c: Combo, v: View, e: number) =>
  [sideView(v.long, c.wf.novelty[2 * e]), sideView(v.short, c.wf.novelty[2 * e + 1], p.canShort[e] === 1)] as const;

/** How many block-clustered standard errors the bar's inner mean R is marked down by when cuts and choices are compared. */
export const SELECT_Z = 1;

export type Inner = { rate: number; meanR: number; lower: number; evaluations: number };

/** One candidate of the inner window: the better side's shrunk EV (-Infinity when the rule refuses it whatever the bar), its net R, its block. */
export type InnerRow = { ev: number; r: number; block: number };

/**
 * The bar: of the cuts giving a signal rate inside RATE_BAND, the one whose signals' mean R stands highest after marking it
 * down by SELECT_Z block-clustered standard errors (the best-looking cut of a ranked list is always over-estimated, the more
 * so the fewer days it rests on). A cut only reaches rows the rule can issue: shrunk EV above 0 and inside the training
 * cloud, since the bar is never below 0; a cut whose signals lost money on average is none.
 */
export function chooseTau(rows: InnerRow[], z = SELECT_Z): { tau: number } & Inner {
  const sorted = [...rows].sort((a, b) => b.ev - a.ev);
  let pick = { tau: Infinity, rate: 0, meanR: -Infinity, lower: -Infinity, evaluations: sorted.length };
  // Running block-clustered variance: Σ_b (S_b − n_b·m)² = ΣS_b² − 2m·ΣS_b·n_b + m²·Σn_b².
  const byDay = new Map<number, { s: number; n: number }>();
  let sum = 0;
  let ss = 0;
  let sn = 0;
  let nn = 0;
  for (let i = 0; i < sorted.length; i++) {
    const { ev, r, block: day } = sorted[i];
    if (!(ev > 0)) break;
    const d = byDay.get(day) ?? { s: 0, n: 0 };
    ss += (d.s + r) ** 2 - d.s ** 2;
    sn += (d.s + r) * (d.n + 1) - d.s * d.n;
    nn += (d.n + 1) ** 2 - d.n ** 2;
    byDay.set(day, { s: d.s + r, n: d.n + 1 });
    sum += r;
    const n = i + 1;
    const rate = n / sorted.length;
    if (rate < RATE_BAND[0] || rate > RATE_BAND[1]) continue;
    if (i + 1 < sorted.length && sorted[i + 1].ev === ev) continue;
    const m = sum / n;
    const se = byDay.size > 1 ? Math.sqrt(Math.max(0, ss - 2 * m * sn + m * m * nn)) / n : Infinity;
    const lower = m - z * se;
    // A cut whose inner signals lost money is no bar at all (no signals rather than ones that lost before).
    if (m > 0 && lower > pick.lower) pick = { tau: ev - 1e-9, rate, meanR: m, lower, evaluations: sorted.length };
  }
  return pick;
}

/** The calibration and bar of one family × geometry, from evaluations whose outcome was known before `start`. */
function fitChoice(p: Panel, c: Combo, start: number, rowBlock: Float64Array, selectDays: number): Choice | null {
  const known: number[] = [];
  for (let e = 0; e < p.evals; e++) if (outcomeKnownAt(p, c.g, p.t[e]) <= start && Number.isFinite(c.wf.score[2 * e])) known.push(e);
  const cutOf = (e: number) => outcomeKnownAt(p, c.g, p.t[e]);
  const days = [...new Set(known.map((e) => Math.floor(p.t[e] / DAY)))].sort((a, b) => a - b);
  // The bar is chosen on the last selectDays days with data (at most half the history), the calibration on the days before.
  const select = Math.min(selectDays, Math.floor(days.length / 2));
  if (select < Math.min(selectDays, MIN_SELECT_DAYS)) return null;
  const cut = days[days.length - select] * DAY;
  const calRows = evenly(
    known.filter((e) => cutOf(e) <= cut).flatMap((e) => [2 * e, 2 * e + 1]),
    MAX_CALIBRATION_ROWS,
  );
  const cal = fitScoreCalibration(calRows, c.wf.score, p.y[c.g], p.r[c.g], rowBlock);
  const best = known
    .filter((e) => p.t[e] >= cut)
    .map((e) => {
      const v = viewOf(c, cal, e);
      // The same rule as the quarter is decided by (bar 0, novelty guard included): a row it refuses can never be issued,
      // so it counts in the rate's denominator only. Cuts through rows it refuses measured signals that would never be sent.
      const d = decideSides(...views(p, c, v, e), 0);
      const ev = d.issue ? (d.side === "LONG" ? v.long : v.short).evShrunk : -Infinity;
      return { ev, r: p.r[c.g][d.side === "LONG" ? 2 * e : 2 * e + 1], block: rowBlock[2 * e] };
    });
  const { tau, ...inner } = chooseTau(best);
  const tpShare = (side: 0 | 1) =>
    calRows.filter((i) => (i & 1) === side && p.y[c.g][i] === 0).length / Math.max(1, calRows.filter((i) => (i & 1) === side).length);
  return { family: c.family, g: c.g, cal, tau, inner, baseTp: { long: tpShare(0), short: tpShare(1) } };
}

export type Scored = { c: Combo; ch: Choice };
const bestOf = (xs: Scored[]) => xs.reduce((a, x) => (x.ch.inner.lower > a.ch.inner.lower ? x : a));

function choicesAt(p: Panel, combos: Combo[], start: number, rowBlock: Float64Array, selectDays: number): Scored[] {
  return combos.map((c) => ({ c, ch: fitChoice(p, c, start, rowBlock, selectDays) })).filter((x): x is Scored => x.ch !== null);
}

export const rowBlocks = (p: Panel, blockDays: number) => Float64Array.from({ length: p.evals * 2 }, (_, i) => blockOf(p.t[i >> 1], blockDays));

/** The options every fold is decided by: the interval block, the bar's window, the model's age limit. */
export type CvOptions = { blockDays: number; selectDays?: number; maxAgeDays?: number };

/** The choice a block starting at `start` gets among `combos` (the as-deployed backtest and the live refit ask it at each refit). */
export function chooseAt(p: Panel, combos: Combo[], start: number, o: CvOptions): Scored | null {
  const xs = choicesAt(p, combos, start, rowBlocks(p, o.blockDays), o.selectDays ?? SELECT_DAYS);
  return xs.length ? bestOf(xs) : null;
}

export type Fold = {
  quarter: string;
  start: number;
  choice: Choice;
  /** the fold's own fitted scorer: with the choice, a model version */
  model: BlockModel;
  considered: { family: string; g: number; tau: number; meanR: number; lower: number; rate: number }[];
  /** how the quarter's evaluations were decided: issued, or the rule's reason (novel, below_bar) */
  decisions: Record<string, number>;
};

export type Out = { evaluations: EvaluationRecord[]; candidates: CandidateRecord[]; history: HistoryRow[] };

/** A model older than the age limit at a clock issues nothing there (live: MODEL_MAX_AGE_DAYS), so research refuses it too. */
const expired = (model: BlockModel, t: number, maxAgeDays: number) => t - model.trainedThrough > maxAgeDays * DAY;

/** Decisions for one block's evaluations under a choice and its model: the one rule, records for the summary and the setup history. */
export function decideBlock(p: Panel, c: Combo, ch: Choice, model: BlockModel, evals: number[], label: string, out: Out, maxAgeDays: number) {
  const g = ch.g;
  const why: Record<string, number> = {};
  for (const e of evals) {
    const v = viewOf(c, ch.cal, e);
    const rule = decideSides(...views(p, c, v, e), ch.tau);
    const d = rule.issue && expired(model, p.t[e], maxAgeDays) ? { issue: false as const, side: rule.side, why: "expired" } : rule;
    const reason = d.issue ? "issued" : d.why;
    why[reason] = (why[reason] ?? 0) + 1;
    const [row, opp] = d.side === "LONG" ? [2 * e, 2 * e + 1] : [2 * e + 1, 2 * e];
    const chosen = d.side === "LONG" ? v.long : v.short;
    out.evaluations.push({
      t: p.t[e],
      symbol: p.symbols[p.sym[e]],
      issued: d.issue,
      side: d.side,
      ev: chosen.evShrunk,
      r: p.r[g][row],
      rOpposite: p.r[g][opp],
      rLong: p.r[g][2 * e],
      rTrend: p.r[g][p.trend[e] > 0 ? 2 * e : 2 * e + 1],
      liquid: p.liqRank[e] < LIQUID_TOP,
      rSideMean: p.sideMean[g][row],
    });
    for (const [i, s] of [
      [2 * e, v.long],
      [2 * e + 1, v.short],
    ] as const) {
      out.candidates.push({
        p: s.pTp,
        reference: (i & 1) === 0 ? ch.baseTp.long : ch.baseTp.short,
        tp: p.y[g][i] === 0 ? 1 : 0,
        issued: d.issue && i === row,
        month: label,
      });
      out.history.push({ sym: p.symbols[p.sym[e]], side: (i & 1) === 0 ? "LONG" : "SHORT", ev: s.evShrunk, y: p.y[g][i], r: p.r[g][i], t: p.t[e] });
    }
  }
  return why;
}

/** Every quarter with enough earlier out-of-fold history: choose among `combos` on that history, then decide the quarter with that fold's model. */
export function runCv(p: Panel, combos: Combo[], log: (m: string) => void, o: CvOptions) {
  const rowBlock = rowBlocks(p, o.blockDays);
  const maxAge = o.maxAgeDays ?? MODEL_MAX_AGE_DAYS_DEFAULT;
  const folds: Fold[] = [];
  const out: Out = { evaluations: [], candidates: [], history: [] };
  for (const b of blocksOf(p)) {
    const evals: number[] = [];
    for (let e = 0; e < p.evals; e++) if (p.t[e] >= b.start && p.t[e] < b.end) evals.push(e);
    const ready = combos.filter((c) => evals.length && evals.every((e) => Number.isFinite(c.wf.score[2 * e])));
    const choices = choicesAt(p, ready, b.start, rowBlock, o.selectDays ?? SELECT_DAYS);
    if (!choices.length) continue;
    const best = bestOf(choices);
    const model = best.c.wf.models.get(b.start)!;
    const quarter = new Date(b.start).toISOString().slice(0, 7);
    const why = decideBlock(p, best.c, best.ch, model, evals, quarter, out, maxAge);
    const considered = choices.map((x) => ({
      family: x.c.family,
      g: x.c.g,
      tau: x.ch.tau,
      meanR: x.ch.inner.meanR,
      lower: x.ch.inner.lower,
      rate: x.ch.inner.rate,
    }));
    folds.push({ quarter, start: b.start, choice: best.ch, model, considered, decisions: why });
    log(
      `outer ${quarter}: ${best.c.family} ${JSON.stringify(p.geometries[best.c.g])} τ ${best.ch.tau.toFixed(4)} (inner rate ${best.ch.inner.rate.toFixed(3)}, mean R ${best.ch.inner.meanR.toFixed(3)}, lower ${best.ch.inner.lower.toFixed(3)}); trained through ${new Date(model.trainedThrough).toISOString().slice(0, 10)}; ${JSON.stringify(why)} of ${evals.length}`,
    );
  }
  return { folds, ...out };
}
