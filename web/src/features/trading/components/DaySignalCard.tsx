// 'Day Signal' side card (spec 02 §2): today's signals (UTC), at most 5, reset at the next UTC midnight.
import { ArrowDownRight, ArrowUpRight, Ban, CalendarDays, ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@web/components/ui/Badge";
import { Card, CardHeader, CardTitle } from "@web/components/ui/Card";
import { outcomeView } from "@web/lib/signal-outcome";
import { cn } from "@web/components/ui/cn";
import { formatPrice } from "@web/lib/format";
import type { Signal } from "@web/lib/entities";
import type { SignalType } from "@web/lib/signal-type";
import { isRefunded, tradeType } from "../api/normalize";
import { DAY_SNIPPET_MAX, truncateText } from "../hooks/reasoning-text";
import { isOnUtcDay, utcDayTitle } from "../hooks/utc-day";

export const DAY_SIGNAL_LIMIT = 5;

const timeUtc = (iso: string | null) =>
  iso ? `${new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC` : "—";

function TypeBadge({ type }: { type: SignalType }) {
  if (type === "LONG")
    return (
      <Badge tone="accent">
        <ArrowUpRight className="size-3" aria-hidden /> LONG
      </Badge>
    );
  if (type === "SHORT")
    return (
      <Badge tone="negative">
        <ArrowDownRight className="size-3" aria-hidden /> SHORT
      </Badge>
    );
  return (
    <Badge>
      <Ban className="size-3" aria-hidden /> NO TRADE
    </Badge>
  );
}

function Tile({ label, value, tone }: { label: string; value: string; tone?: "pos" | "neg" }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-bg/50 px-2 py-1.5">
      <p className="text-[10px] font-medium uppercase tracking-wide text-faint">{label}</p>
      <p className={cn("num truncate font-mono text-[13px] font-semibold", tone === "pos" ? "text-accent-strong" : tone === "neg" ? "text-rose-300" : "text-ink")}>{value}</p>
    </div>
  );
}

function DaySignalItem({ signal, expanded, onToggle }: { signal: Signal; expanded: boolean; onToggle: () => void }) {
  const refunded = isRefunded(signal);
  const type = tradeType(signal);
  const noTrade = type === "NO_TRADE";
  const outcome = noTrade ? null : outcomeView(signal.outcome, signal.rMultiple);
  return (
    <li className="rounded-lg border border-line bg-bg/40 p-3" data-testid="day-signal">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2">
            <span className="font-mono text-sm font-semibold">{signal.symbol}</span>
            <span className="num text-xs text-faint">#{signal.id}</span>
          </p>
          <p className="num mt-0.5 text-xs text-muted">{timeUtc(signal.createdAt)}</p>
        </div>
        <TypeBadge type={type} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <p className={cn("inline-flex rounded border px-1.5 py-0.5 text-[11px] font-medium", refunded ? "border-sky-500/30 bg-sky-500/10 text-sky-300" : "border-line-strong bg-white/5 text-muted")}>
          {refunded ? "Refunded 1 credit" : "Used 1 credit"}
        </p>
        {outcome ? (
          <p
            data-testid="day-signal-outcome"
            className={cn("num inline-flex rounded border border-line px-1.5 py-0.5 text-[11px] font-medium", outcome.tone === "pos" ? "text-accent-strong" : outcome.tone === "neg" ? "text-rose-300" : "text-muted")}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      {noTrade ? (
        <p className="mt-2.5 rounded-md border border-line-strong bg-white/[0.03] px-3 py-2 text-xs text-muted">
          <span className="font-semibold text-ink">NO TRADE</span> — conditions did not justify a position, so the credit was returned.
        </p>
      ) : (
        <div className="mt-2.5 grid grid-cols-3 gap-1.5">
          <Tile label="Entry" value={formatPrice(signal.entry)} />
          <Tile label="TP" value={formatPrice(signal.takeProfit)} tone="pos" />
          <Tile label="SL" value={formatPrice(signal.stopLoss)} tone="neg" />
          <Tile label="RR" value={signal.rr === null ? "—" : signal.rr.toFixed(2)} />
          <Tile label="TF" value={signal.timeframe ?? "—"} />
          <Tile label="EntryNow" value={signal.entryTiming ?? "Now"} />
        </div>
      )}
      {signal.reasoning ? (
        <>
          {expanded ? (
            <p className="mt-2.5 whitespace-pre-line text-xs leading-relaxed text-ink/85">{signal.reasoning}</p>
          ) : (
            <p className="mt-2.5 line-clamp-2 text-xs leading-relaxed text-muted">{truncateText(signal.reasoning, DAY_SNIPPET_MAX)}</p>
          )}
          <button type="button" onClick={onToggle} aria-expanded={expanded} className="mt-1.5 inline-flex items-center gap-1 text-xs font-semibold text-accent-strong hover:underline">
            {expanded ? "Hide Full Reasoning" : "View Full Reasoning"}
            <ChevronDown className={cn("size-3.5 transition-transform", expanded && "rotate-180")} aria-hidden />
          </button>
        </>
      ) : null}
    </li>
  );
}

export function DaySignalCard({ signals, dayKey, loading }: { signals: readonly Signal[]; dayKey: string; loading: boolean }) {
  const today = signals.filter((s) => isOnUtcDay(s.createdAt, dayKey));
  const shown = today.slice(0, DAY_SIGNAL_LIMIT);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // A new UTC day starts with every card collapsed.
  useEffect(() => setExpanded(new Set()), [dayKey]);
  return (
    <Card className="lg:sticky lg:top-20" data-testid="day-signal-card">
      <CardHeader>
        <div className="flex items-center gap-2">
          <CalendarDays className="size-4 text-accent" aria-hidden />
          <CardTitle>
            Day Signal <span className="num font-normal text-muted">({utcDayTitle(dayKey)})</span>
          </CardTitle>
        </div>
        <Badge tone={today.length > 0 ? "accent" : "neutral"} aria-label={`${today.length} ${today.length === 1 ? "signal" : "signals"} today`}>
          {today.length}
        </Badge>
      </CardHeader>
      <div className="p-4">
        {shown.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-muted">
            {loading ? "Loading…" : "No signals yet today. They will appear here once completed."}
          </p>
        ) : (
          <ul className="space-y-3">
            {shown.map((s) => (
              <DaySignalItem
                key={s.id}
                signal={s}
                expanded={expanded.has(s.id)}
                onToggle={() =>
                  setExpanded((prev) => {
                    const next = new Set(prev);
                    if (next.has(s.id)) next.delete(s.id);
                    else next.add(s.id);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        )}
        <p className="mt-3 text-[11px] text-faint">Resets at 00:00 UTC.</p>
      </div>
    </Card>
  );
}
