// 'Day Signal' side card (spec 02 §2): today's signals (UTC), at most 5, reset at the next UTC midnight.
import { CalendarDays } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@web/components/ui/Badge";
import { Card, CardHeader, CardTitle } from "@web/components/ui/Card";
import type { Signal } from "@web/lib/entities";
import { isOnUtcDay, utcDayTitle } from "../hooks/utc-day";
import { DaySignalItem } from "./DaySignalItem";

export const DAY_SIGNAL_LIMIT = 5;

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
