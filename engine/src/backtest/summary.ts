// The one summary both `model:cv` and `backtest` write: expectancy and its excess over market direction, with block intervals, by quarter, calibration and baselines.
import { brierSkill, ece, reliabilityBins, type ReliabilityBin } from "../analysis/model/calibration";
import { blockBootstrapMean, blockBootstrapRatio, blockOf, maxDrawdown, mulberry32, profitFactor } from "./stats";

/** One evaluation (one pair at one clock): what was decided and what each side would have earned, net of costs. */
export type EvaluationRecord = {
  t: number;
  symbol: string;
  issued: boolean;
  side: "LONG" | "SHORT";
  /** calibrated expected R of the chosen side */
  ev: number;
  /** realised net R of the chosen side, of the other side, and of LONG */
  r: number;
  rOpposite: number;
  rLong: number;
  /** net R of the side of the pair's 168 h return (the 7-day trend baseline) and whether the pair was among the 30 most liquid then */
  rTrend?: number;
  liquid?: boolean;
  /** mean net R of the chosen side over every candidate pair at that clock: what the market gave that side then */
  rSideMean?: number;
};

/** One side of one evaluation, for calibration: calibrated P(TP first), the no-skill reference, and whether TP came first. */
export type CandidateRecord = { p: number; reference: number; tp: 0 | 1; issued: boolean; month: string };

export type Summary = {
  evaluations: number;
  signals: number;
  signal_rate: number;
  win_rate: number;
  expectancy_r: number;
  expectancy_r_ci: [number, number];
  profit_factor: number | null;
  max_drawdown_r: number;
  ece_all: number;
  ece_issued: number;
  brier_skill: number;
  directional_skill_r: number;
  long_share: number;
  by_month: { month: string; signals: number; expectancy_r: number }[];
  baselines: {
    random_direction: { expectancy_r: number; win_rate: number };
    always_long: { expectancy_r: number; win_rate: number };
    trend_7d: { expectancy_r: number; win_rate: number };
  };
  by_year: { year: number; signals: number; expectancy_r: number }[];
  /** the block length (days) of every interval here */
  ci_block_days: number;
  /** what the signals earned beyond market direction on the same entries: over always-long, over the 7-day trend side, and over the same side's mean at that clock */
  excess_r: { vs_always_long: Interval; vs_trend_7d: Interval; side_skill: Interval };
  by_quarter: Quarter[];
  /** quarters with at least QUARTER_MIN_SIGNALS signals, and the share of them at or above 0 R */
  quarters_judged: number;
  quarters_non_negative_share: number;
  /** the mean R per signal with the best quarter's signals left out (one good quarter must not carry the record) */
  expectancy_without_best_quarter_r: number;
};

export type Interval = { mean: number; ci: [number, number] };
export type Quarter = {
  quarter: string;
  signals: number;
  expectancy_r: number;
  always_long_r: number;
  trend_r: number;
  side_skill_r: number;
};
/** A quarter with fewer signals than this says too little to count for or against the record. */
export const QUARTER_MIN_SIGNALS = 20;

/** One slice of the issued signals (a year, a side, a universe) beside its baselines on the same entries. */
export type Slice = {
  evaluations: number;
  signals: number;
  signal_rate: number;
  expectancy_r: number;
  expectancy_r_ci: [number, number];
  win_rate: number;
  random_r: number;
  always_long_r: number;
  trend_7d_r: number;
  directional_skill_r: number;
  long_share: number;
};

export type Details = {
  period: { from: string; to: string };
  signal_rate_ci: [number, number];
  signal_days_share: number;
  directional_skill_ci: [number, number];
  baselines_ci: { random_direction: [number, number]; always_long: [number, number]; trend_7d: [number, number] };
  by_year_detail: ({ year: number } & Slice)[];
  by_side: { LONG: Slice; SHORT: Slice };
  by_universe: { liquid_30: Slice; rest: Slice };
  brier_skill_by_month: { month: string; brier_skill: number; ece: number; n: number }[];
  by_month_detail: {
    month: string;
    evaluations: number;
    signals: number;
    expectancy_r: number;
    always_long_r: number;
    random_r: number;
    directional_skill_r: number;
  }[];
  ev_deciles: { decile: number; n: number; mean_ev: number; mean_r: number }[];
  reliability_all: ReliabilityBin[];
  reliability_issued: ReliabilityBin[];
};

const r4 = (x: number) => (Number.isFinite(x) ? Math.round(x * 10000) / 10000 : 0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const month = (t: number) => new Date(t).toISOString().slice(0, 7);
const ci = (x: { lo: number; hi: number }): [number, number] => [r4(x.lo), r4(x.hi)];

function baselines(issued: EvaluationRecord[], seed: number) {
  const rand = mulberry32(seed);
  const random = issued.map((e) => (rand() < 0.5 ? e.rLong : e.side === "SHORT" ? e.r : e.rOpposite));
  const long = issued.map((e) => e.rLong);
  // Records without a trend side (older producers) take the long side's R, so the baseline is never silently better.
  const trend = issued.map((e) => e.rTrend ?? e.rLong);
  const win = (xs: number[]) => (xs.length ? r4(xs.filter((x) => x > 0).length / xs.length) : 0);
  return {
    random,
    long,
    trend,
    out: {
      random_direction: { expectancy_r: r4(mean(random)), win_rate: win(random) },
      always_long: { expectancy_r: r4(mean(long)), win_rate: win(long) },
      trend_7d: { expectancy_r: r4(mean(trend)), win_rate: win(trend) },
    },
  };
}

function monthly(evals: EvaluationRecord[], cands: CandidateRecord[]) {
  const months = [...new Set(evals.map((e) => month(e.t)))].sort();
  const detail = months.map((m) => {
    const all = evals.filter((e) => month(e.t) === m);
    const iss = all.filter((e) => e.issued);
    return {
      month: m,
      evaluations: all.length,
      signals: iss.length,
      expectancy_r: r4(mean(iss.map((e) => e.r))),
      always_long_r: r4(mean(iss.map((e) => e.rLong))),
      random_r: r4(mean(iss.map((e) => (e.r + e.rOpposite) / 2))),
      directional_skill_r: r4(mean(iss.map((e) => e.r - e.rOpposite))),
    };
  });
  const skill = months.map((m) => {
    const c = cands.filter((x) => x.month === m);
    return {
      month: m,
      brier_skill: r4(
        brierSkill(
          c.map((x) => x.p),
          c.map((x) => x.reference),
          c.map((x) => x.tp),
        ),
      ),
      ece: r4(
        ece(
          c.map((x) => x.p),
          c.map((x) => x.tp),
        ),
      ),
      n: c.length,
    };
  });
  return { detail, skill };
}

function deciles(evals: EvaluationRecord[]) {
  const s = [...evals].sort((a, b) => a.ev - b.ev);
  return Array.from({ length: 10 }, (_, d) => {
    const part = s.slice(Math.floor((d * s.length) / 10), Math.floor(((d + 1) * s.length) / 10));
    return { decile: d + 1, n: part.length, mean_ev: r4(mean(part.map((e) => e.ev))), mean_r: r4(mean(part.map((e) => e.r))) };
  });
}

const year = (t: number) => new Date(t).getUTCFullYear();

/** A slice of evaluations: its signals' expectancy with a day-block interval, beside every baseline on the same entries. */
export function sliceOf(evals: EvaluationRecord[], blockDays: number): Slice {
  const iss = evals.filter((e) => e.issued);
  const r = iss.map((e) => e.r);
  const b = blockBootstrapMean(
    r,
    iss.map((e) => blockOf(e.t, blockDays)),
    { iterations: 500 },
  );
  return {
    evaluations: evals.length,
    signals: iss.length,
    signal_rate: evals.length ? r4(iss.length / evals.length) : 0,
    expectancy_r: r4(mean(r)),
    expectancy_r_ci: iss.length ? ci(b) : [0, 0],
    win_rate: iss.length ? r4(r.filter((x) => x > 0).length / iss.length) : 0,
    random_r: r4(mean(iss.map((e) => (e.r + e.rOpposite) / 2))),
    always_long_r: r4(mean(iss.map((e) => e.rLong))),
    trend_7d_r: r4(mean(iss.map((e) => e.rTrend ?? e.rLong))),
    directional_skill_r: r4(mean(iss.map((e) => e.r - e.rOpposite))),
    long_share: iss.length ? r4(iss.filter((e) => e.side === "LONG").length / iss.length) : 0,
  };
}

const quarterOf = (t: number) => {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
};
/** A signal's R beyond its own side's mean over every candidate at that clock (records without it count none). */
const sideSkill = (e: EvaluationRecord) => e.r - (e.rSideMean ?? e.r);

function quarters(issued: EvaluationRecord[]): Quarter[] {
  const keys = [...new Set(issued.map((e) => quarterOf(e.t)))].sort();
  return keys.map((q) => {
    const iss = issued.filter((e) => quarterOf(e.t) === q);
    return {
      quarter: q,
      signals: iss.length,
      expectancy_r: r4(mean(iss.map((e) => e.r))),
      always_long_r: r4(mean(iss.map((e) => e.rLong))),
      trend_r: r4(mean(iss.map((e) => e.rTrend ?? e.rLong))),
      side_skill_r: r4(mean(iss.map(sideSkill))),
    };
  });
}

/** Mean R per signal without the quarter that earned the most in total (0 when nothing else is left). */
function withoutBest(issued: EvaluationRecord[], qs: Quarter[]): number {
  if (!qs.length) return 0;
  const best = qs.reduce((a, q) => (q.signals * q.expectancy_r > a.signals * a.expectancy_r ? q : a));
  return r4(mean(issued.filter((e) => quarterOf(e.t) !== best.quarter).map((e) => e.r)));
}

export type SummaryOptions = { blockDays: number; seed?: number };

export function summarise(evals: EvaluationRecord[], cands: CandidateRecord[], o: SummaryOptions): { summary: Summary; details: Details } {
  const block = (t: number) => blockOf(t, o.blockDays);
  const issued = evals.filter((e) => e.issued).sort((a, b) => a.t - b.t || a.symbol.localeCompare(b.symbol));
  const r = issued.map((e) => e.r);
  const blocks = issued.map((e) => block(e.t));
  const interval = (xs: number[]): Interval => {
    const b = blockBootstrapMean(xs, blocks);
    return { mean: r4(xs.length ? b.mean : 0), ci: xs.length ? ci(b) : [0, 0] };
  };
  const exp = blockBootstrapMean(r, blocks);
  const rate = blockBootstrapRatio(
    evals.map((e) => (e.issued ? 1 : 0)),
    evals.map(() => 1),
    evals.map((e) => block(e.t)),
  );
  const skill = blockBootstrapMean(
    issued.map((e) => e.r - e.rOpposite),
    blocks,
  );
  const base = baselines(issued, o.seed ?? 7);
  const issuedC = cands.filter((c) => c.issued);
  const { detail, skill: bySkill } = monthly(evals, cands);
  const allDays = new Set(evals.map((e) => Math.floor(e.t / 86_400_000)));
  const slice = (xs: EvaluationRecord[]) => sliceOf(xs, o.blockDays);
  const byYear = [...new Set(evals.map((e) => year(e.t)))].sort().map((y) => ({ year: y, ...slice(evals.filter((e) => year(e.t) === y)) }));
  const byQuarter = quarters(issued);
  const judged = byQuarter.filter((q) => q.signals >= QUARTER_MIN_SIGNALS);
  const summary: Summary = {
    evaluations: evals.length,
    signals: issued.length,
    signal_rate: evals.length ? r4(issued.length / evals.length) : 0,
    win_rate: issued.length ? r4(r.filter((x) => x > 0).length / issued.length) : 0,
    expectancy_r: r4(mean(r)),
    expectancy_r_ci: issued.length ? ci(exp) : [0, 0],
    profit_factor: profitFactor(r) === null ? null : r4(profitFactor(r)!),
    max_drawdown_r: r4(maxDrawdown(r)),
    ece_all: r4(
      ece(
        cands.map((c) => c.p),
        cands.map((c) => c.tp),
      ),
    ),
    ece_issued: r4(
      ece(
        issuedC.map((c) => c.p),
        issuedC.map((c) => c.tp),
      ),
    ),
    brier_skill: r4(
      brierSkill(
        cands.map((c) => c.p),
        cands.map((c) => c.reference),
        cands.map((c) => c.tp),
      ),
    ),
    directional_skill_r: r4(issued.length ? skill.mean : 0),
    long_share: issued.length ? r4(issued.filter((e) => e.side === "LONG").length / issued.length) : 0,
    by_month: detail.map((m) => ({ month: m.month, signals: m.signals, expectancy_r: m.expectancy_r })),
    baselines: base.out,
    by_year: byYear.map((y) => ({ year: y.year, signals: y.signals, expectancy_r: y.expectancy_r })),
    ci_block_days: o.blockDays,
    excess_r: {
      vs_always_long: interval(issued.map((e) => e.r - e.rLong)),
      vs_trend_7d: interval(issued.map((e) => e.r - (e.rTrend ?? e.rLong))),
      side_skill: interval(issued.map(sideSkill)),
    },
    by_quarter: byQuarter,
    quarters_judged: judged.length,
    quarters_non_negative_share: judged.length ? r4(judged.filter((q) => q.expectancy_r >= 0).length / judged.length) : 0,
    expectancy_without_best_quarter_r: withoutBest(issued, byQuarter),
  };
  const iso = (t: number) => new Date(t).toISOString();
  const details: Details = {
    period: {
      from: evals.length ? iso(Math.min(...evals.map((e) => e.t))) : "n/a",
      to: evals.length ? iso(Math.max(...evals.map((e) => e.t))) : "n/a",
    },
    signal_rate_ci: ci({ lo: rate.lo, hi: rate.hi }),
    signal_days_share: allDays.size ? r4(new Set(issued.map((e) => Math.floor(e.t / 86_400_000))).size / allDays.size) : 0,
    directional_skill_ci: issued.length ? ci(skill) : [0, 0],
    baselines_ci: {
      random_direction: ci(blockBootstrapMean(base.random, blocks)),
      always_long: ci(blockBootstrapMean(base.long, blocks)),
      trend_7d: ci(blockBootstrapMean(base.trend, blocks)),
    },
    by_year_detail: byYear,
    by_side: { LONG: slice(evals.filter((e) => e.side === "LONG")), SHORT: slice(evals.filter((e) => e.side === "SHORT")) },
    by_universe: { liquid_30: slice(evals.filter((e) => e.liquid === true)), rest: slice(evals.filter((e) => e.liquid !== true)) },
    brier_skill_by_month: bySkill,
    by_month_detail: detail,
    ev_deciles: deciles(evals),
    reliability_all: reliabilityBins(
      cands.map((c) => c.p),
      cands.map((c) => c.tp),
    ),
    reliability_issued: reliabilityBins(
      issuedC.map((c) => c.p),
      issuedC.map((c) => c.tp),
    ),
  };
  return { summary, details };
}

const fmtR = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}R`;

/**
 * Edge is claimed only when the signals earned more than market direction gave the same entries: the excess over
 * always-long, over the 7-day trend side and over the same side's mean at that clock each with a block interval above
 * zero, the expectancy's too, at least 60 % of the judged quarters at or above zero, and the rest still at or above zero
 * without the best quarter. Otherwise the verdict says, in plain words, that none was found, and why.
 */
export function verdictOf(s: Summary, d: Details): { edge: boolean; text: string } {
  const x = s.excess_r;
  const edge =
    s.signals > 0 &&
    s.expectancy_r_ci[0] > 0 &&
    x.vs_always_long.ci[0] > 0 &&
    x.vs_trend_7d.ci[0] > 0 &&
    x.side_skill.ci[0] > 0 &&
    s.quarters_non_negative_share >= 0.6 &&
    s.expectancy_without_best_quarter_r >= 0;
  const period = `${d.period.from.slice(0, 10)} → ${d.period.to.slice(0, 10)}`;
  const count = (n: number) => n.toLocaleString("en-US");
  const measured = `${count(s.signals)} signals out of ${count(s.evaluations)} evaluations (${(s.signal_rate * 100).toFixed(1)}%), ${period}`;
  const iv = (v: Interval) => `${fmtR(v.mean)} (95% CI ${fmtR(v.ci[0])} to ${fmtR(v.ci[1])})`;
  const beyond =
    `Beyond market direction on the same entries: ${iv(x.vs_always_long)} over always-long, ${iv(x.vs_trend_7d)} over the 7-day trend side, ` +
    `${iv(x.side_skill)} over the same side's average at that hour (${s.ci_block_days}-day blocks). ` +
    `${s.quarters_judged ? `${Math.round(s.quarters_non_negative_share * s.quarters_judged)} of ${s.quarters_judged} quarters with ${QUARTER_MIN_SIGNALS}+ signals were at or above 0R; ` : ""}` +
    `without the best quarter the rest averaged ${fmtR(s.expectancy_without_best_quarter_r)}.`;
  if (edge) return { edge, text: `Edge measured out of fold: ${measured} averaged ${fmtR(s.expectancy_r)} after costs. ${beyond}` };
  return {
    edge,
    text:
      `No edge detected beyond market direction. Out of fold, ${measured} averaged ${fmtR(s.expectancy_r)} after costs (95% CI ${fmtR(s.expectancy_r_ci[0])} to ${fmtR(s.expectancy_r_ci[1])}). ${beyond} ` +
      `The engine issues a setup only when its calibrated expected R clears the bar, so most analyses end NO_TRADE and the credit is returned.`,
  };
}

/** The block the public pages read (via /api/public/track-record): out-of-fold figures, baselines, calibration and verdict. */
export function trackRecord(s: Summary, d: Details, source: string, pairs: number) {
  return {
    source,
    method:
      "purged quarterly walk-forward over every recorded year; model, geometry, calibration and bar chosen on earlier months only; every figure out of fold",
    period: d.period,
    pairs,
    evaluations: s.evaluations,
    signals: s.signals,
    sample_size: s.signals,
    signal_rate: s.signal_rate,
    signal_rate_ci: d.signal_rate_ci,
    no_trade_rate: r4(1 - s.signal_rate),
    signal_days_share: d.signal_days_share,
    win_rate: s.win_rate,
    expectancy_r: s.expectancy_r,
    expectancy_r_ci: s.expectancy_r_ci,
    profit_factor: s.profit_factor,
    max_drawdown_r: s.max_drawdown_r,
    ece_all: s.ece_all,
    ece_issued: s.ece_issued,
    brier_skill: s.brier_skill,
    directional_skill_r: s.directional_skill_r,
    directional_skill_ci: d.directional_skill_ci,
    long_share: s.long_share,
    fees: "spot LONG 0.10%/side, perp SHORT 0.05%/side, slippage 2–10 bps/side by liquidity, included",
    baselines: s.baselines,
    ci_block_days: s.ci_block_days,
    excess_r: s.excess_r,
    by_quarter: s.by_quarter,
    quarters_judged: s.quarters_judged,
    quarters_non_negative_share: s.quarters_non_negative_share,
    expectancy_without_best_quarter_r: s.expectancy_without_best_quarter_r,
    by_month: d.by_month_detail.map((m) => ({
      month: m.month,
      signals: m.signals,
      expectancy_r: m.expectancy_r,
      always_long_r: m.always_long_r,
      random_r: m.random_r,
    })),
    by_year: d.by_year_detail.map((y) => ({
      year: y.year,
      evaluations: y.evaluations,
      signals: y.signals,
      expectancy_r: y.expectancy_r,
      expectancy_r_ci: y.expectancy_r_ci,
      always_long_r: y.always_long_r,
      random_r: y.random_r,
      trend_7d_r: y.trend_7d_r,
    })),
    by_universe: d.by_universe,
    by_side: d.by_side,
    reliability: d.reliability_all.map((b) => ({ predicted: r4(b.predicted), observed: r4(b.observed), n: b.n })),
    verdict: verdictOf(s, d),
  };
}
