// Stat-card numbers: the shape the cards read, and the client-side fallback (7-day UTC series, trend) from the lists.
import type { Analysis, Signal } from "@web/entities/analysis/model/readers";
import { last7Days, trendPercent } from "@core/stats";
import type { Transaction } from "../api/transactions";

export { last7Days, trendPercent };

export type DayPoint = { date: string; value: number };
export type DashboardStats = {
  totalSignals: { value: number; trendPercent: number | null; last7: number; previous7: number; series: DayPoint[] };
  liveAnalyses: { value: number; completed: number; series: DayPoint[] };
  usedCredits: { value: number; today: number; series: DayPoint[] };
  returnedCredits: { value: number; ratio: number; series: DayPoint[] };
};

const DAY = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Sums `weight` per UTC day of `at` over the last 7 days (zero-filled). */
export function dailySeries<T>(items: T[], at: (t: T) => string | null, now: number, weight: (t: T) => number = () => 1): DayPoint[] {
  const days = last7Days(now);
  const sums = new Map(days.map((d) => [d, 0]));
  for (const it of items) {
    const iso = at(it);
    const ms = iso ? Date.parse(iso) : NaN;
    if (Number.isNaN(ms)) continue;
    const k = dayKey(ms);
    if (sums.has(k)) sums.set(k, sums.get(k)! + weight(it));
  }
  return days.map((date) => ({ date, value: sums.get(date)! }));
}

function countWindow(items: (string | null)[], now: number, fromDays: number, toDays: number): number {
  return items.filter((iso) => {
    const ms = iso ? Date.parse(iso) : NaN;
    return !Number.isNaN(ms) && ms > now - toDays * DAY && ms <= now - fromDays * DAY;
  }).length;
}

export function computeStats(input: {
  signals: Signal[];
  analyses: Analysis[];
  transactions: Transaction[];
  usage: { used: number; refunded: number } | null;
  now: number;
}): DashboardStats {
  const { analyses, transactions, now } = input;
  // Signals issued (LONG, SHORT): a NO_TRADE is a refunded analysis, as the server counts it.
  const signals = input.signals.filter((s) => !s.noTrade);
  const signalTimes = signals.map((s) => s.createdAt);
  const last7 = countWindow(signalTimes, now, 0, 7);
  const previous7 = countWindow(signalTimes, now, 7, 14);
  const deductions = transactions.filter((t) => t.type === "DEDUCTION");
  const refunds = transactions.filter((t) => t.type === "REFUND");
  const used = input.usage?.used ?? deductions.reduce((s, t) => s + Math.abs(t.amount), 0);
  const refunded = input.usage?.refunded ?? refunds.reduce((s, t) => s + Math.abs(t.amount), 0);
  const today = dayKey(now);
  return {
    totalSignals: {
      value: signals.length,
      trendPercent: trendPercent(last7, previous7),
      last7,
      previous7,
      series: dailySeries(signals, (s) => s.createdAt, now),
    },
    liveAnalyses: {
      value: analyses.filter((a) => a.status.toUpperCase() === "IN_PROGRESS").length,
      completed: analyses.filter((a) => a.status.toUpperCase() === "COMPLETED").length,
      series: dailySeries(analyses, (a) => a.createdAt, now),
    },
    usedCredits: {
      value: used,
      today: deductions.filter((t) => t.createdAt && dayKey(Date.parse(t.createdAt)) === today).reduce((s, t) => s + Math.abs(t.amount), 0),
      series: dailySeries(
        deductions,
        (t) => t.createdAt,
        now,
        (t) => Math.abs(t.amount),
      ),
    },
    returnedCredits: {
      value: refunded,
      ratio: used === 0 ? 0 : Math.round((refunded / used) * 1000) / 1000,
      series: dailySeries(
        refunds,
        (t) => t.createdAt,
        now,
        (t) => Math.abs(t.amount),
      ),
    },
  };
}
