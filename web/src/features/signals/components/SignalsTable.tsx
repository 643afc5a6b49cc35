// Signals table (spec 02 §2): Date, Symbol, Signal, Confidence / Progress, Status, View; newest first, 800px scroll.
import { confidencePercent } from "@web/entities/signal/api/decode-signal";
import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import { ProgressBar } from "@web/components/ui/ProgressBar";
import { MarketTime } from "@web/entities/analysis/components/MarketTime";
import { formatCountdown, secondsLeft } from "@web/entities/analysis/model/countdown";
import { formatUtcDayTime } from "@web/lib/format";
import { useNow } from "@web/lib/use-now";
import { liveProgress, type Row } from "../model/rows";
import { LiveTag, StatusBadge, TypeBadge } from "./SignalBadges";

export const EMPTY_TEXT = "No signals yet. Start a new analysis.";
export const NO_MATCH_TEXT = "No signals match the current filters.";

/** 'Nov 15, 14:05 UTC': the app's one clock. */
export const formatRowDate = (iso: string | null) => formatUtcDayTime(iso);

function ConfidenceBar({ value }: { value: number | null }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 w-24 overflow-hidden rounded-full bg-white/5" aria-hidden>
        <div className="h-full rounded-full bg-gradient-to-r from-accent/60 to-accent-strong" style={{ width: `${value ?? 0}%` }} />
      </div>
      <span className="num w-10 font-mono text-xs">{value === null ? "—" : `${value}%`}</span>
    </div>
  );
}

function LiveProgress({ row, now, fetchedAt }: { row: Extract<Row, { kind: "analysis" }>; now: number; fetchedAt: number }) {
  const pct = liveProgress(row.analysis);
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <div className="flex items-center gap-2">
        <ProgressBar value={pct} className="w-24" label={`${row.symbol} progress`} />
        <span className="num w-10 font-mono text-xs">{pct}%</span>
      </div>
      <span className="num font-mono text-[11px] text-muted">
        Next {formatCountdown(secondsLeft(row.analysis.next_run_at, now, { seconds: row.analysis.time_remaining_seconds, receivedAtMs: fetchedAt }))}
      </span>
    </div>
  );
}

function ViewButton({ row, onView }: { row: Row; onView: (row: Row) => void }) {
  return (
    <button
      type="button"
      onClick={() => onView(row)}
      aria-label={`View ${row.symbol}`}
      className="inline-flex h-7 items-center gap-1.5 rounded-md border border-line-strong px-2.5 text-xs font-medium text-muted hover:border-accent/50 hover:text-ink"
    >
      <Eye className="size-3.5" aria-hidden />
      View
    </button>
  );
}

function Measure({ row, now, fetchedAt }: { row: Row; now: number; fetchedAt: number }) {
  return row.kind === "analysis" && row.live ? (
    <LiveProgress row={row} now={now} fetchedAt={fetchedAt} />
  ) : (
    // A NO_TRADE issued nothing to be confident in: its bar stays empty, with a dash.
    <ConfidenceBar value={row.kind === "signal" && !row.signal.no_trade ? confidencePercent(row.signal) : null} />
  );
}

const signalCell = (row: Row) => (row.live ? <LiveTag /> : <TypeBadge type={row.kind === "signal" ? row.signal.type : null} />);

/** The market clock a row read: its signal's, else its analysis's. */
const marketTimeOf = (row: Row) => (row.kind === "signal" ? row.signal.market_time_ms : row.analysis.market_time_ms);

/** `footer`: the paging foot, inside the scroll area so reaching it loads the older page. */
export function SignalsTable(props: { rows: Row[]; filtered: boolean; fetchedAt: number; onView: (row: Row) => void; footer?: ReactNode }) {
  const anyLive = props.rows.some((r) => r.live);
  const now = useNow(1_000, anyLive);
  const th = "sticky top-0 z-10 bg-surface-2 px-4 py-2.5 text-left text-[11px] font-semibold uppercase tracking-[0.08em] text-muted";
  if (props.rows.length === 0) {
    return (
      <div className="rounded-xl border border-line bg-surface px-4 py-14 text-center text-sm text-muted" data-testid="signals-empty">
        {props.filtered ? NO_MATCH_TEXT : EMPTY_TEXT}
      </div>
    );
  }
  return (
    <div className="max-h-[800px] overflow-auto rounded-xl border border-line bg-surface" data-testid="signals-table">
      {/* Narrow screens: one compact card per row instead of a sideways-scrolling table. */}
      <ul className="divide-y divide-line md:hidden">
        {props.rows.map((row) => (
          <li key={row.key} data-testid="signal-card" className={cn("flex flex-col gap-2 px-4 py-3", row.live && "bg-sky-500/[0.03]")}>
            <div className="flex items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <span className="font-mono text-[13px] font-semibold">{row.symbol}</span>
                {signalCell(row)}
              </div>
              <StatusBadge status={row.status} live={row.live} />
            </div>
            <div className="flex items-end justify-between gap-2">
              <div className="flex flex-col gap-1">
                <Measure row={row} now={now} fetchedAt={props.fetchedAt} />
                <span className="num font-mono text-[11px] text-faint">{formatRowDate(row.created_at)}</span>
                <MarketTime marketTimeMs={marketTimeOf(row)} createdAt={row.created_at} />
              </div>
              <ViewButton row={row} onView={props.onView} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full border-collapse text-sm md:table">
        <thead>
          <tr>
            <th className={th}>Date</th>
            <th className={th}>Symbol</th>
            <th className={th}>Signal</th>
            <th className={th}>Confidence / Progress</th>
            <th className={th}>Status</th>
            <th className={cn(th, "text-right")}>View</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr
              key={row.key}
              data-testid="signal-row"
              className={cn("border-t border-line transition-colors hover:bg-white/[0.02]", row.live && "bg-sky-500/[0.03]")}
            >
              <td className="num whitespace-nowrap px-4 py-2.5 font-mono text-xs text-muted">
                {formatRowDate(row.created_at)}
                <MarketTime marketTimeMs={marketTimeOf(row)} createdAt={row.created_at} className="mt-0.5 font-sans" />
              </td>
              <td className="px-4 py-2.5 font-mono text-[13px] font-semibold">{row.symbol}</td>
              <td className="px-4 py-2.5">{signalCell(row)}</td>
              <td className="px-4 py-2.5">
                <Measure row={row} now={now} fetchedAt={props.fetchedAt} />
              </td>
              <td className="px-4 py-2.5">
                <StatusBadge status={row.status} live={row.live} />
              </td>
              <td className="px-4 py-2.5 text-right">
                <ViewButton row={row} onView={props.onView} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.footer}
    </div>
  );
}
