// The four stat cards (spec 02 §2): Total Signals with 7-day trend, Live Analyses, Used Credits, Returned Credits; the two
// credit totals are spec 02 §3's credit usage, everything else the server's stats. A credit is used when it bought a
// signal (so Used Credits agrees with Total Signals); one held and returned is counted under Returned Credits only.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import { formatCount, formatSignedPercent } from "@web/lib/format";
import type { CreditTotals } from "@web/entities/user/model/credit-usage";
import type { DashboardStats, DayPoint } from "../model/stats";
import { Sparkline } from "./Sparkline";

function StatCard(props: { id: string; title: string; value: number | null; sub: ReactNode; series: DayPoint[]; color: string }) {
  return (
    <section aria-label={props.title} data-testid={`stat-${props.id}`} className="flex flex-col rounded-xl border border-line bg-surface p-4">
      <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{props.title}</h3>
      <div className="mt-1 flex items-end justify-between gap-3">
        <p className="num text-2xl font-semibold tracking-tight">{props.value === null ? "—" : formatCount(props.value)}</p>
        <div className="text-right text-[11px] text-muted">{props.sub}</div>
      </div>
      <div className="mt-2">
        <Sparkline id={props.id} data={props.series} color={props.color} />
      </div>
    </section>
  );
}

function Trend({ percent, last7, previous7 }: { percent: number | null; last7: number; previous7: number }) {
  const tone = last7 > previous7 ? "text-accent-strong" : last7 < previous7 ? "text-rose-400" : "text-muted";
  return (
    <span className={cn("num font-medium", tone)}>
      {percent === null ? (last7 > 0 ? "New" : "—") : formatSignedPercent(percent, 1)} <span className="text-faint">vs prev 7d</span>
    </span>
  );
}

export function StatCards({ stats, credits }: { stats: DashboardStats | null; credits: CreditTotals | null }) {
  const s = stats;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        id="total"
        title="Total Signals"
        value={s?.totalSignals.value ?? null}
        sub={s ? <Trend percent={s.totalSignals.trendPercent} last7={s.totalSignals.last7} previous7={s.totalSignals.previous7} /> : null}
        series={s?.totalSignals.series ?? []}
        color="#34d399"
      />
      <StatCard
        id="live"
        title="Live Analyses"
        value={s?.liveAnalyses.value ?? null}
        sub={s ? <span className="num">{formatCount(s.liveAnalyses.completed)} completed</span> : null}
        series={s?.liveAnalyses.series ?? []}
        color="#38bdf8"
      />
      <StatCard
        id="used"
        title="Used Credits"
        value={credits?.used ?? null}
        sub={s ? <span className="num">{formatCount(s.usedCredits.today)} today</span> : null}
        series={s?.usedCredits.series ?? []}
        color="#f59e0b"
      />
      <StatCard
        id="returned"
        title="Returned Credits"
        value={credits?.refunded ?? null}
        // The ratio is of the credits analyses held (used + returned + running): "of used" read as more than 100 %.
        sub={s ? <span className="num">{Math.round(s.returnedCredits.ratio * 100)}% of analyses</span> : null}
        series={s?.returnedCredits.series ?? []}
        color="#a78bfa"
      />
    </div>
  );
}
