// `model:cv` v3: for every quarter, the model family, geometry, calibration and bar are chosen on earlier out-of-fold rows only, and the quarter is decided by the one decision rule.
import { decideSides } from "../analysis/model/decide";
import type { HistoryRow } from "../analysis/model/history";
import type { CandidateRecord, EvaluationRecord } from "../backtest/summary";
import { calibrateScore, fitScoreCalibration, type CalibratedSide, type ScoreCalibration } from "./calibrate";
import { LIQUID_TOP, type Panel } from "./panel";
import { blocksOf, evenly, type WalkForward } from "./walkforward";

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The bar is chosen on the last this-many days with data before the quarter; the calibration on the days before those. */
export const SELECT_DAYS = 180;
/** Signals per analysis the bar may aim for (it is floored at 0 R, so fewer when earlier months show no positive EV). */
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
  inner: { rate: number; meanR: number; evaluations: number };
  baseTp: { long: number; short: number };
};

type View = { long: CalibratedSide; short: CalibratedSide };

function viewOf(c: Combo, cal: ScoreCalibration, e: number): View {
  return { long: calibrateScore(cal, c.wf.score[2 * e]), short: calibrateScore(cal, c.wf.score[2 * e + 1]) };
}

const candidate = { candidate: true };

/** The bar: of the cuts giving a signal rate inside RATE_BAND, the one whose signals earned most; never below 0. */
export function chooseTau(best: { ev: number; r: number }[]): { tau: number; rate: number; meanR: number; evaluations: number } {
  const sorted = [...best].sort((a, b) => b.ev - a.ev);
  let pick = { tau: Infinity, rate: 0, meanR: -Infinity, evaluations: sorted.length };
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i].r;
    const rate = (i + 1) / sorted.length;
    if (rate < RATE_BAND[0] || rate > RATE_BAND[1]) continue;
    if (i + 1 < sorted.length && sorted[i + 1].ev === sorted[i].ev) continue;
    if (sum / (i + 1) > pick.meanR) pick = { tau: Math.max(0, sorted[i].ev - 1e-9), rate, meanR: sum / (i + 1), evaluations: sorted.length };
  }
  return pick;
}

/** The calibration and bar of one family × geometry, from evaluations whose outcome was known before `start`. */
function fitChoice(p: Panel, c: Combo, start: number, rowDay: Float64Array, selectDays: number): Choice | null {
  const hours = p.geometries[c.g].hours * HOUR;
  const known: number[] = [];
  for (let e = 0; e < p.evals; e++) if (p.t[e] + hours <= start && Number.isFinite(c.wf.score[2 * e])) known.push(e);
  const days = [...new Set(known.map((e) => Math.floor(p.t[e] / DAY)))].sort((a, b) => a - b);
  // The bar is chosen on the last selectDays days with data (at most half the history), the calibration on the days before.
  const select = Math.min(selectDays, Math.floor(days.length / 2));
  if (select < Math.min(selectDays, MIN_SELECT_DAYS)) return null;
  const cut = days[days.length - select] * DAY;
  const calRows = evenly(
    known.filter((e) => p.t[e] + hours <= cut).flatMap((e) => [2 * e, 2 * e + 1]),
    MAX_CALIBRATION_ROWS,
  );
  const cal = fitScoreCalibration(calRows, c.wf.score, p.y[c.g], p.r[c.g], rowDay);
  const best = known
    .filter((e) => p.t[e] >= cut)
    .map((e) => {
      const v = viewOf(c, cal, e);
      const d = decideSides({ ...v.long, novelty: 0, ...candidate }, { ...v.short, novelty: 0, ...candidate }, 0, null);
      return { ev: (d.side === "LONG" ? v.long : v.short).evShrunk, r: p.r[c.g][d.side === "LONG" ? 2 * e : 2 * e + 1] };
    });
  const { tau, ...inner } = chooseTau(best);
  const tpShare = (side: 0 | 1) =>
    calRows.filter((i) => (i & 1) === side && p.y[c.g][i] === 0).length / Math.max(1, calRows.filter((i) => (i & 1) === side).length);
  return { family: c.family, g: c.g, cal, tau, inner, baseTp: { long: tpShare(0), short: tpShare(1) } };
}

type Scored = { c: Combo; ch: Choice };
const bestOf = (xs: Scored[]) => xs.reduce((a, x) => (x.ch.inner.meanR > a.ch.inner.meanR ? x : a));

function choicesAt(p: Panel, combos: Combo[], start: number, rowDay: Float64Array, selectDays: number): Scored[] {
  return combos.map((c) => ({ c, ch: fitChoice(p, c, start, rowDay, selectDays) })).filter((x): x is Scored => x.ch !== null);
}

const rowDays = (p: Panel) => Float64Array.from({ length: p.evals * 2 }, (_, i) => Math.floor(p.t[i >> 1] / DAY));

/** The choice a quarter starting at `start` would get (model:fit asks it once, after the last row). */
export function chooseAt(p: Panel, combos: Combo[], start: number, selectDays = SELECT_DAYS): Scored | null {
  const xs = choicesAt(p, combos, start, rowDays(p), selectDays);
  return xs.length ? bestOf(xs) : null;
}

export type Fold = { quarter: string; choice: Choice; considered: { family: string; g: number; tau: number; meanR: number; rate: number }[] };

const sideView = (v: CalibratedSide, novelty: number) => ({ evShrunk: v.evShrunk, novelty, candidate: true });

type Out = { evaluations: EvaluationRecord[]; candidates: CandidateRecord[]; history: HistoryRow[] };

/** Decisions for one quarter's evaluations under a choice: the one rule, records for the summary and the setup history. */
function decideBlock(p: Panel, c: Combo, ch: Choice, evals: number[], quarter: string, out: Out) {
  const g = ch.g;
  for (const e of evals) {
    const v = viewOf(c, ch.cal, e);
    const d = decideSides(sideView(v.long, c.wf.novelty[2 * e]), sideView(v.short, c.wf.novelty[2 * e + 1]), ch.tau, null);
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
        month: quarter,
      });
      out.history.push({ sym: p.symbols[p.sym[e]], side: (i & 1) === 0 ? "LONG" : "SHORT", ev: s.evShrunk, y: p.y[g][i], r: p.r[g][i], t: p.t[e] });
    }
  }
}

/** Every quarter with enough earlier out-of-fold history: choose among `combos` on that history, then decide the quarter. */
export function runCv(p: Panel, combos: Combo[], log: (m: string) => void, selectDays = SELECT_DAYS) {
  const rowDay = rowDays(p);
  const folds: Fold[] = [];
  const out: Out = { evaluations: [], candidates: [], history: [] };
  for (const b of blocksOf(p)) {
    const evals: number[] = [];
    for (let e = 0; e < p.evals; e++) if (p.t[e] >= b.start && p.t[e] < b.end) evals.push(e);
    const ready = combos.filter((c) => evals.length && evals.every((e) => Number.isFinite(c.wf.score[2 * e])));
    const choices = choicesAt(p, ready, b.start, rowDay, selectDays);
    if (!choices.length) continue;
    const best = bestOf(choices);
    const quarter = new Date(b.start).toISOString().slice(0, 7);
    decideBlock(p, best.c, best.ch, evals, quarter, out);
    const considered = choices.map((x) => ({ family: x.c.family, g: x.c.g, tau: x.ch.tau, meanR: x.ch.inner.meanR, rate: x.ch.inner.rate }));
    folds.push({ quarter, choice: best.ch, considered });
    const issued = out.evaluations.filter((r) => r.issued && r.t >= b.start).length;
    log(
      `outer ${quarter}: ${best.c.family} ${JSON.stringify(p.geometries[best.c.g])} τ ${best.ch.tau.toFixed(4)} (inner rate ${best.ch.inner.rate.toFixed(3)}, mean R ${best.ch.inner.meanR.toFixed(3)}); ${issued}/${evals.length} issued`,
    );
  }
  return { folds, ...out };
}
