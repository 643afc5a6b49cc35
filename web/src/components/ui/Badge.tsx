// Small status labels (LIVE, POPULAR, LONG/SHORT...).
import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "accent" | "negative" | "warn" | "info";
const TONES: Record<BadgeTone, string> = {
  neutral: "bg-white/5 text-muted border-line-strong",
  accent: "bg-accent/10 text-accent-strong border-accent/30",
  negative: "bg-negative/10 text-rose-300 border-negative/30",
  warn: "bg-warn/10 text-amber-300 border-warn/30",
  info: "bg-sky-500/10 text-sky-300 border-sky-500/30",
};

export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        // A badge is one label: it never breaks across lines (NO TRADE, Replay on a phone).
        "inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
