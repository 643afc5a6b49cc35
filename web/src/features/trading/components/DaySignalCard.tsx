// 'Day Signal' side card (spec 02 §2): today's signals (UTC, on the market clock), at most 5, reset at the next UTC
// midnight; a failed load says so (spec 02 §8) instead of passing for an empty day.
import { AlertTriangle, CalendarDays } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@web/components/ui/Badge";
import { Card, CardHeader, CardTitle } from "@web/components/ui/Card";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { describeFetchError } from "@web/lib/fetch-errors";
import { isIssuedOnDay, utcDayTitle } from "../model/utc-day";
import { DaySignalItem } from "./DaySignalItem";

export const DAY_SIGNAL_LIMIT = 5;

/** The load failure, once the feed's retries are spent: the spec's title, the message and a Retry. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="day-signal-error" className="mb-3 rounded-lg border border-rose-500/30 bg-rose-500/[0.06] px-3.5 py-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-rose-300">
        <AlertTriangle className="size-4" aria-hidden /> Error Loading Signals
      </p>
      <p className="mt-1 break-words text-xs text-muted">{describeFetchError(error)}</p>
      <button type="button" onClick={onRetry} className="mt-2 text-xs font-semibold text-accent-strong hover:underline">
        Retry
      </button>
    </div>
  );
}

export function DaySignalCard(props: { signals: readonly Signal[]; dayKey: string; loading: boolean; error: unknown; onRetry: () => void }) {
  const { signals, dayKey, loading, error } = props;
  const today = signals.filter((s) => isIssuedOnDay(s, dayKey));
  const shown = today.slice(0, DAY_SIGNAL_LIMIT);
  // The badge counts signals: a No Trade is listed (its credit came back) but is not one.
  const issued = today.filter((s) => !s.no_trade).length;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // A new UTC day starts with every card collapsed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reset on a new day, keyed on it
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
        <Badge
          tone={issued > 0 ? "accent" : "neutral"}
          aria-label={`${issued} ${issued === 1 ? "signal" : "signals"} today`}
          data-testid="day-signal-count"
        >
          {issued}
        </Badge>
      </CardHeader>
      <div className="p-4">
        {error ? <LoadError error={error} onRetry={props.onRetry} /> : null}
        {shown.length === 0 && error ? null : shown.length === 0 ? (
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
