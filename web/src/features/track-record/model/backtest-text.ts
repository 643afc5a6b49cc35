// How the About page words the backtest's figures: intervals, signed scores, months, the chart's shared axis range.
import { formatMonthRange, formatSignedR } from "@web/lib/format";
import type { BacktestDetail, Interval } from "@web/entities/track-record/api/decode-track-record";

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** '95% CI −0.35R to 0.00R'; null without an interval. */
export const ciR = (ci: Interval | null): string | null => (ci ? `95% CI ${formatSignedR(ci[0])} to ${formatSignedR(ci[1])}` : null);

/** A score with its sign and a true minus: '−0.003', '+0.021'; zero after rounding unsigned. */
export function signedScore(v: number | null, digits = 3): string {
  if (!isNum(v)) return "—";
  const rounded = Number(v.toFixed(digits));
  const text = Math.abs(rounded).toFixed(digits);
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : text;
}

/** '2024-03' → 'Mar 2024'; anything else as given. */
export function monthLabel(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? (formatMonthRange(`${month}-01T00:00:00Z`, `${month}-01T00:00:00Z`) ?? month) : month;
}

/** ECE of all candidates and of issued signals: '0.022 / 0.096'; null when neither was reported. */
export function eceText(d: Pick<BacktestDetail, "eceAll" | "eceIssued">): string | null {
  if (!isNum(d.eceAll) && !isNum(d.eceIssued)) return null;
  const f = (v: number | null) => (isNum(v) ? v.toFixed(3) : "—");
  return `${f(d.eceAll)} / ${f(d.eceIssued)}`;
}

/** Both axes of the reliability diagram: 0 to the largest value rounded up to a tenth (at least 0.1, at most 1). */
export function reliabilityMax(bins: { predicted: number; observed: number }[]): number {
  const top = Math.max(0.1, ...bins.flatMap((b) => [b.predicted, b.observed]));
  return Math.min(1, Math.ceil(top * 10 - 1e-9) / 10);
}

export const DOT_RADIUS = { min: 3, max: 11 } as const;

/**
 * A bin's dot radius, so its area follows its sample size as the caption says (area ∝ n: radius ∝ √n, the largest
 * bin at DOT_RADIUS.max, never below DOT_RADIUS.min so a small bin stays visible); unknown n gets the smallest dot.
 */
export function dotRadius(n: number | null, largestN: number): number {
  if (n === null || !(largestN > 0) || n <= 0) return DOT_RADIUS.min;
  return Math.max(DOT_RADIUS.min, DOT_RADIUS.max * Math.sqrt(Math.min(n, largestN) / largestN));
}

/** Axis ticks every tenth (every fifth above 0.5, so at most six labels) from 0 to `max`. */
export function reliabilityTicks(max: number): number[] {
  const step = max > 0.5 ? 0.2 : 0.1;
  const ticks: number[] = [];
  for (let i = 0; i * step <= max + 1e-9; i++) ticks.push(Math.round(i * step * 10) / 10);
  if (ticks[ticks.length - 1] < max - 1e-9) ticks.push(max);
  return ticks;
}

/**
 * The position size the About page states its worst drawdown at: the account share risked on each signal. Chosen so that
 * taking every signal (many at once) stays readable; the text also says what 1 % per signal would have meant.
 */
export const DRAWDOWN_RISK_PER_SIGNAL = 0.0001;

export type DrawdownView = { value: string; sub: string; hint: string };

/**
 * The worst drawdown as a trader reads it: the report's figure is a sum in R over every signal, most of them open at the
 * same time, so it is turned into a share of the account at a stated risk per signal. Null without the figure.
 */
export function drawdownView(d: Pick<BacktestDetail, "maxDrawdownR" | "signals">): DrawdownView | null {
  const r = d.maxDrawdownR;
  if (!isNum(r) || r < 0) return null;
  const pct = (x: number) => `${Number((x * 100).toFixed(x < 0.01 ? 2 : 1)).toLocaleString("en-US")}%`;
  const atOnePercent = r * 0.01;
  return {
    value: `${pct(r * DRAWDOWN_RISK_PER_SIGNAL)} of the account`,
    sub: `risking ${pct(DRAWDOWN_RISK_PER_SIGNAL)} of it on every signal`,
    hint:
      atOnePercent >= 1
        ? `${formatR(r)} summed over ${d.signals.toLocaleString("en-US")} signals, many open at once; at 1% risk per signal that is more than the whole account`
        : `${formatR(r)} summed over ${d.signals.toLocaleString("en-US")} signals, many open at once; at 1% risk per signal ${pct(atOnePercent)} of the account`,
  };
}

const formatR = (r: number) => `${Number(r.toFixed(1)).toLocaleString("en-US")}R`;

/** 'Apr 2021 – Dec 2023' for the months between two 'YYYY-MM' keys (exclusive), or null when they are adjacent. */
function gapBetween(before: string, after: string): string | null {
  const [y0, m0] = before.split("-").map(Number);
  const [y1, m1] = after.split("-").map(Number);
  const from = new Date(Date.UTC(y0, m0, 1));
  const to = new Date(Date.UTC(y1, m1 - 2, 1));
  if (from > to) return null;
  return `${monthLabel(from.toISOString().slice(0, 7))} – ${monthLabel(to.toISOString().slice(0, 7))}`;
}

/**
 * Why the by-year table jumps (2021 → 2024): the months absent from the report's monthly rows are not in the recorded
 * data (withheld to judge the engine), and a year cut by the gap covers only part of itself. Null without a gap.
 */
export function yearGapNote(byMonth: { month: string }[]): string | null {
  const months = byMonth
    .map((m) => m.month)
    .filter((m) => /^\d{4}-\d{2}$/.test(m))
    .sort();
  const gaps: string[] = [];
  for (let i = 1; i < months.length; i++) {
    const gap = gapBetween(months[i - 1], months[i]);
    if (gap) gaps.push(gap);
  }
  if (gaps.length === 0) return null;
  return `No figures for ${gaps.join(" and ")}: those months are withheld from the data the model is fitted and tested on (kept back to judge it later), so the years on either side cover only part of the year.`;
}
