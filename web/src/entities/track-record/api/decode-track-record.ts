// The decoder of GET /api/public/track-record: the headline record (live or out-of-fold backtest, with its edge verdict)
// and the backtest in full.
import { arr, isObj, num, obj, str, unwrap, type Obj } from "@web/lib/decode";

export type Interval = [number, number];

export type TrackRecord = {
  winRate: number; // 0..1
  sampleSize: number;
  periodStart: string | null;
  periodEnd: string | null;
  expectancyR: number | null;
  /** Where the figure comes from: live outcomes of issued signals, or the backtest (out of fold in the v2 report). */
  source: "live signals" | "out-of-sample backtest" | "out-of-fold testing";
  /**
   * Whether an edge was shown: the report's own verdict; else false when the average result, or its interval's lower
   * end, is not above zero; null when the record cannot tell (an older report with a positive figure and no interval).
   */
  edge: boolean | null;
  verdictText: string | null;
};

export const NO_TRACK_RECORD_TEXT = "Track record published after the first backtest";

/** Live outcomes replace the backtest once this many live signals have closed; fewer say little. */
export const LIVE_MIN_CLOSED = 30;

/** A [lo, hi] interval from a two-number array or {lo, hi}; null otherwise. */
export function interval(o: Obj, key: string): Interval | null {
  const v = o[key];
  const pair = Array.isArray(v) ? v : isObj(v) ? [v.lo, v.hi] : null;
  if (pair?.length !== 2) return null;
  const [lo, hi] = pair.map((x) => (typeof x === "string" && x.trim() !== "" ? Number(x) : x));
  return typeof lo === "number" && typeof hi === "number" && Number.isFinite(lo) && Number.isFinite(hi) ? [lo, hi] : null;
}

export type Verdict = { edge: boolean; text: string };

function verdictOf(o: Obj): Verdict | null {
  const v = obj(o, "verdict");
  const text = v ? str(v, "text") : null;
  return v && typeof v.edge === "boolean" && text ? { edge: v.edge, text } : null;
}

/** The v2 report says how it was measured; older reports were a single out-of-sample window. */
const isOutOfFold = (o: Obj) => str(o, "method") !== null || verdictOf(o) !== null || interval(o, "expectancy_r_ci") !== null;

function edgeOf(o: Obj, expectancyR: number | null): boolean | null {
  const verdict = verdictOf(o);
  if (verdict) return verdict.edge;
  const ci = interval(o, "expectancy_r_ci");
  if (ci && ci[0] <= 0) return false;
  if (expectancyR !== null && expectancyR <= 0) return false;
  return null;
}

function measured(o: Obj, source: TrackRecord["source"]): TrackRecord | null {
  const rate = num(o, "win_rate");
  const sample = num(o, "sample_size");
  if (rate === null || sample === null || sample < 1) return null;
  const period = obj(o, "period") ?? {};
  const expectancyR = num(o, "expectancy_r", "avg_r_multiple");
  return {
    winRate: rate > 1 ? rate / 100 : rate,
    sampleSize: Math.round(sample),
    periodStart: str(period, "from"),
    periodEnd: str(period, "to"),
    expectancyR,
    source,
    edge: edgeOf(o, expectancyR),
    verdictText: verdictOf(o)?.text ?? null,
  };
}

/**
 * GET /api/public/track-record answers {backtest, live}: live outcomes when enough have closed, else the backtest;
 * null when neither holds a real measurement.
 */
export function normalizeTrackRecord(raw: unknown): TrackRecord | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const live = obj(data, "live");
  // Replayed signals re-live history the shipped model was fitted on: in-sample outcomes are never the headline.
  if (live && str(live, "market") !== "replay" && (num(live, "sample_size") ?? 0) >= LIVE_MIN_CLOSED) {
    const fromLive = measured(live, "live signals");
    if (fromLive) return fromLive;
  }
  const backtest = obj(data, "backtest");
  return backtest ? measured(backtest, isOutOfFold(backtest) ? "out-of-fold testing" : "out-of-sample backtest") : null;
}

/** The backtest in full, for the page that shows how the headline figure was measured and what it is compared with. */
export type BacktestDetail = {
  from: string | null;
  to: string | null;
  /** How it was measured ("nested, purged monthly walk-forward; every figure out of fold"); null in older reports. */
  method: string | null;
  outOfFold: boolean;
  pairs: number | null;
  evaluations: number | null;
  signals: number;
  signalRate: number | null;
  signalRateCi: Interval | null;
  noTradeRate: number | null;
  signalDaysShare: number | null;
  winRate: number;
  expectancyR: number | null;
  expectancyCi: Interval | null;
  profitFactor: number | null;
  maxDrawdownR: number | null;
  eceAll: number | null;
  eceIssued: number | null;
  brierSkill: number | null;
  directionalSkillR: number | null;
  directionalSkillCi: Interval | null;
  longShare: number | null;
  fees: string | null;
  baselines: { key: string; name: string; winRate: number | null; expectancyR: number | null }[];
  byMonth: { month: string; signals: number | null; expectancyR: number | null; alwaysLongR: number | null; randomR: number | null }[];
  /** Year by year (v3 reports): the signals' average with its interval beside every baseline on the same entries. */
  byYear: {
    year: number;
    signals: number | null;
    expectancyR: number | null;
    ci: Interval | null;
    alwaysLongR: number | null;
    randomR: number | null;
    trendR: number | null;
  }[];
  /** Quarter by quarter (v4 reports): the signals' average beside always-long and the 7-day trend side, and side skill. */
  byQuarter: { quarter: string; signals: number; expectancyR: number; alwaysLongR: number; trendR: number; sideSkillR: number | null }[];
  /** What the signals earned beyond market direction (v4 reports), each with its block interval. */
  excess: { key: string; name: string; mean: number; ci: Interval | null }[];
  ciBlockDays: number | null;
  /** Predicted against observed P(TP first) per bin: `reliability`, or an older report's `calibration`. */
  reliability: { predicted: number; observed: number; n: number | null }[];
  verdict: Verdict | null;
};

const BASELINE_NAMES: Record<string, string> = {
  always_long: "Always LONG, same entries",
  random_direction: "Random direction, same entries",
  trend_7d: "7-day trend side, same entries",
};

const rows = (o: Obj, ...keys: string[]) => (arr(o, ...keys) ?? []).filter(isObj);

/** A month without signals has no average: its R figures read as absent, not as 0. */
function monthOf(m: Obj): BacktestDetail["byMonth"] {
  const month = str(m, "month");
  if (!month) return [];
  const signals = num(m, "signals");
  const r = (key: string) => (signals === 0 ? null : num(m, key));
  return [{ month, signals, expectancyR: r("expectancy_r"), alwaysLongR: r("always_long_r"), randomR: r("random_r") }];
}

/** A year without signals has no average: its R figures read as absent, not as 0. */
function yearOf(y: Obj): BacktestDetail["byYear"] {
  const year = num(y, "year");
  if (year === null) return [];
  const signals = num(y, "signals");
  const r = (key: string) => (signals === 0 ? null : num(y, key));
  return [
    {
      year,
      signals,
      expectancyR: r("expectancy_r"),
      ci: signals === 0 ? null : interval(y, "expectancy_r_ci"),
      alwaysLongR: r("always_long_r"),
      randomR: r("random_r"),
      trendR: r("trend_7d_r"),
    },
  ];
}

function quarterOf(q: Obj): BacktestDetail["byQuarter"] {
  const quarter = str(q, "quarter");
  const [signals, expectancyR, alwaysLongR, trendR] = ["signals", "expectancy_r", "always_long_r", "trend_r"].map((k) => num(q, k));
  if (!quarter || signals === null || expectancyR === null || alwaysLongR === null || trendR === null) return [];
  return [{ quarter, signals, expectancyR, alwaysLongR, trendR, sideSkillR: num(q, "side_skill_r") }];
}

const EXCESS_NAMES: Record<string, string> = {
  vs_always_long: "Always LONG",
  vs_trend_7d: "7-day trend side",
  side_skill: "Side's average that hour",
};

function excessOf(bt: Obj): BacktestDetail["excess"] {
  const x = obj(bt, "excess_r");
  if (!x) return [];
  return Object.keys(EXCESS_NAMES).flatMap((key) => {
    const v = obj(x, key);
    const mean = v ? num(v, "mean") : null;
    return v && mean !== null ? [{ key, name: EXCESS_NAMES[key], mean, ci: interval(v, "ci") }] : [];
  });
}

function reliabilityOf(bt: Obj): BacktestDetail["reliability"] {
  return rows(bt, "reliability", "calibration").flatMap((b) => {
    const predicted = num(b, "predicted");
    const observed = num(b, "observed", "observed_tp_rate");
    return predicted === null || observed === null ? [] : [{ predicted, observed, n: num(b, "n") }];
  });
}

export function normalizeBacktest(raw: unknown): BacktestDetail | null {
  const data = unwrap(raw);
  const bt = isObj(data) ? obj(data, "backtest") : null;
  if (!bt) return null;
  const signals = num(bt, "sample_size", "signals");
  const winRate = num(bt, "win_rate");
  if (signals === null || signals < 1 || winRate === null) return null;
  const period = obj(bt, "period") ?? {};
  const baselines = obj(bt, "baselines") ?? {};
  return {
    from: str(period, "from"),
    to: str(period, "to"),
    method: str(bt, "method"),
    outOfFold: isOutOfFold(bt),
    pairs: num(bt, "pairs"),
    evaluations: num(bt, "evaluations"),
    signals,
    signalRate: num(bt, "signal_rate"),
    signalRateCi: interval(bt, "signal_rate_ci"),
    noTradeRate: num(bt, "no_trade_rate"),
    signalDaysShare: num(bt, "signal_days_share"),
    winRate,
    expectancyR: num(bt, "expectancy_r"),
    expectancyCi: interval(bt, "expectancy_r_ci"),
    profitFactor: num(bt, "profit_factor"),
    maxDrawdownR: num(bt, "max_drawdown_r"),
    eceAll: num(bt, "ece_all"),
    eceIssued: num(bt, "ece_issued"),
    brierSkill: num(bt, "brier_skill"),
    directionalSkillR: num(bt, "directional_skill_r"),
    directionalSkillCi: interval(bt, "directional_skill_ci"),
    longShare: num(bt, "long_share"),
    fees: str(bt, "fees"),
    baselines: Object.entries(baselines)
      .filter((e): e is [string, Obj] => isObj(e[1]))
      .map(([key, b]) => ({ key, name: BASELINE_NAMES[key] ?? key, winRate: num(b, "win_rate"), expectancyR: num(b, "expectancy_r") })),
    byMonth: rows(bt, "by_month").flatMap(monthOf),
    byYear: rows(bt, "by_year").flatMap(yearOf),
    byQuarter: rows(bt, "by_quarter").flatMap(quarterOf),
    excess: excessOf(bt),
    ciBlockDays: num(bt, "ci_block_days"),
    reliability: reliabilityOf(bt),
    verdict: verdictOf(bt),
  };
}
