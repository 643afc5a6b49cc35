// Progress bar: a rounded 0-100 fill, or an indeterminate sweep when progress is unknown or below 1 (spec 02 §2).
import { cn } from "./cn";

export function ProgressBar({ value, className, label }: { value: number | null | undefined; className?: string; label?: string }) {
  const known = typeof value === "number" && Number.isFinite(value) && value >= 1;
  const pct = known ? Math.min(100, Math.max(0, Math.round(value))) : null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct ?? undefined}
      className={cn("relative h-1.5 w-full overflow-hidden rounded-full bg-white/5", className)}
    >
      {pct === null ? (
        <div className="absolute inset-y-0 left-0 w-2/5 animate-indeterminate rounded-full bg-accent/80" />
      ) : (
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${pct}%` }} />
      )}
    </div>
  );
}
