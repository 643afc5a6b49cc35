// Badges shared by the table and the drawer: signal type (green LONG, red SHORT), LIVE tag and the status badge.
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import type { SignalType } from "@web/entities/signal/api/decode-signal";
import { statusLabel } from "../model/status";

export function TypeBadge({ type }: { type: SignalType | null }) {
  if (type === "LONG") return <Badge tone="accent">LONG</Badge>;
  if (type === "SHORT") return <Badge tone="negative">SHORT</Badge>;
  if (type === "NO_TRADE") return <Badge>NO TRADE</Badge>;
  return <Badge>—</Badge>;
}

export function LiveTag() {
  return (
    <Badge tone="info">
      <span className="size-1.5 animate-pulse rounded-full bg-sky-400" aria-hidden />
      LIVE
    </Badge>
  );
}

const STATUS_TONES = {
  negative: "border-negative/40 bg-negative/10 text-rose-300",
  info: "border-sky-500/30 bg-sky-500/10 text-sky-300",
  accent: "border-accent/30 bg-accent/10 text-accent-strong",
  neutral: "border-line-strong bg-white/5 text-muted",
} as const;

/** Reads Running, Completed, In Progress or the raw status (spec wording, not upper-cased); red for failures. */
export function StatusBadge({ status, live }: { status: string; live: boolean }) {
  const label = statusLabel(status, live);
  const tone = status === "FAILED" ? "negative" : live || label === "In Progress" ? "info" : label === "Completed" ? "accent" : "neutral";
  return (
    <span
      data-testid="status-badge"
      className={cn("inline-flex items-center rounded-md border px-2 py-0.5 text-[11px] font-semibold", STATUS_TONES[tone])}
    >
      {label}
    </span>
  );
}
