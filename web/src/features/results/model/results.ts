// How the results view words the stored track record: outcome, R, time to outcome, and each month's totals.
import type { MonthTotals, ResultRow, ResultTotals } from "@core/contract/results";
import { outcomeLabel } from "@web/entities/signal/model/signal-outcome";
import { formatCount, formatMonthRange, formatPrice, formatRatioPercent, formatSignedR, formatUtcMinute } from "@web/lib/format";

type Tone = "pos" | "neg" | "muted";

const toneOf = (r: number | null): Tone => {
  const rounded = r === null ? 0 : Number(r.toFixed(2));
  return rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted";
};

const MINUTE = 60_000;

/** '45m', '7h 05m', '2d 4h': the market time from issue to exit; '—' while open. */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "—";
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, "0")}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** 'Oct 2026' from '2026-10' (a UTC month); the key as sent when it is not one. */
export function monthLabel(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(d.getTime())) return month;
  return d.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

export type ResultRowView = {
  id: number;
  symbol: string;
  type: ResultRow["type"];
  issued: string;
  entry: string;
  stopLoss: string;
  takeProfit: string;
  outcome: string;
  r: string;
  tone: Tone;
  timeToOutcome: string;
};

export function resultRowView(r: ResultRow): ResultRowView {
  return {
    id: r.id,
    symbol: r.symbol,
    type: r.type,
    // A market event: dated on the market clock (the replayed moment under the replay), like its months.
    issued: formatUtcMinute(r.issued_at),
    entry: formatPrice(r.entry_price),
    stopLoss: formatPrice(r.stop_loss),
    takeProfit: formatPrice(r.take_profit),
    outcome: outcomeLabel(r.outcome) ?? r.outcome,
    r: formatSignedR(r.r_multiple),
    tone: toneOf(r.r_multiple),
    timeToOutcome: durationText(r.time_to_outcome_ms),
  };
}

export type TotalsView = {
  label: string;
  /** '3 closed · 1 open', the count the rates are over first. */
  count: string;
  winRate: string;
  totalR: string;
  totalTone: Tone;
  meanR: string;
  best: string;
  worst: string;
};

export function totalsView(t: ResultTotals, label: string): TotalsView {
  return {
    label,
    count: `${formatCount(t.closed)} closed${t.open ? ` · ${formatCount(t.open)} open` : ""}`,
    winRate: t.win_rate === null ? "—" : `${formatRatioPercent(t.win_rate, 0)} (${formatCount(t.wins)} of ${formatCount(t.closed)})`,
    totalR: t.closed ? formatSignedR(t.total_r) : "—",
    totalTone: t.closed ? toneOf(t.total_r) : "muted",
    meanR: formatSignedR(t.mean_r),
    best: formatSignedR(t.best_r),
    worst: formatSignedR(t.worst_r),
  };
}

export const monthView = (m: MonthTotals) => totalsView(m, monthLabel(m.month));

/** 'All · Sep–Nov 2026': the overall row names the period it covers (months arrive newest first). */
export function overallLabel(months: readonly MonthTotals[]): string {
  const newest = months[0]?.month;
  const oldest = months.at(-1)?.month;
  const period = newest && oldest ? formatMonthRange(`${oldest}-01T00:00:00Z`, `${newest}-01T00:00:00Z`) : null;
  return period ? `All · ${period}` : "All";
}
