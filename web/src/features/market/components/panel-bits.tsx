// Small building blocks of the market panel: a dense tile with a label row, a metric line and signed-change text.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import { formatSignedPercent } from "@web/lib/format";

export function Tile(props: { title: string; right?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section
      data-testid={props.testId}
      aria-label={props.title}
      className={cn("flex flex-col rounded-xl border border-line bg-surface p-4", props.className)}
    >
      <header className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{props.title}</h3>
        {props.right}
      </header>
      {props.children}
    </section>
  );
}

export function Metric({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-3 text-xs", className)}>
      <span className="text-faint">{label}</span>
      <span className="num font-mono text-ink">{value}</span>
    </div>
  );
}

export const changeTone = (v: number | null | undefined) =>
  typeof v !== "number" || v === 0 ? "text-muted" : v > 0 ? "text-accent-strong" : "text-rose-400";

export function Change({ value, className }: { value: number | null | undefined; className?: string }) {
  return <span className={cn("num font-mono", changeTone(value), className)}>{formatSignedPercent(value)}</span>;
}

/** Placeholder shown while a topic has not loaded (or the engine has not published it yet). */
export function Unavailable({ loading }: { loading: boolean }) {
  return <p className="text-xs text-faint">{loading ? "Loading…" : "Not available yet"}</p>;
}
