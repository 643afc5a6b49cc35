// The notification list: one line per alert (pair, side, stage, R, time), unread ones marked; a click marks one read.
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import { type AlertItem, formatR, STAGE_LABELS, timeAgo, tone } from "../model/alerts";

export function AlertList({ items, onRead }: { items: AlertItem[]; onRead: (id: number) => void }) {
  if (!items.length)
    return (
      <p className="px-4 py-8 text-center text-sm text-muted">No alerts yet. You will hear here when a signal you bought moves to its next stage.</p>
    );
  return (
    <ul aria-label="Alerts" className="max-h-[60vh] divide-y divide-line overflow-y-auto">
      {items.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            onClick={() => !a.read && onRead(a.id)}
            data-unread={a.read ? undefined : ""}
            className={cn("flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-white/[0.03]", !a.read && "bg-accent/[0.04]")}
          >
            <span aria-hidden className={cn("mt-1.5 size-2 shrink-0 rounded-full", a.read ? "bg-transparent" : "bg-accent")} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="text-sm font-semibold text-ink">{a.symbol}</span>
                <Badge tone={a.side === "LONG" ? "accent" : "negative"}>{a.side}</Badge>
                {a.read ? null : <span className="sr-only">unread</span>}
              </span>
              <span className="mt-0.5 block text-[13px] text-muted">{STAGE_LABELS[a.kind]}</span>
            </span>
            <span className="shrink-0 text-right">
              {formatR(a.r_multiple) ? (
                <span className={cn("block font-mono text-sm font-semibold", tone(a) === "accent" ? "text-accent-strong" : "text-rose-300")}>
                  {formatR(a.r_multiple)}
                </span>
              ) : null}
              <time dateTime={a.created_at} className="block text-[11px] text-faint">
                {timeAgo(a.created_at)}
              </time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
