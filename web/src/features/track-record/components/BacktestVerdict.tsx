// The backtest's verdict in plain words, shown first on About; a missing edge is never folded away.
import { CheckCircle2, Scale } from "lucide-react";
import { cn } from "@web/components/ui/cn";
import type { BacktestDetail } from "@web/entities/track-record/api/decode-track-record";

export function BacktestVerdict({ data }: { data: BacktestDetail }) {
  const verdict = data.verdict;
  if (!verdict) return null;
  const Icon = verdict.edge ? CheckCircle2 : Scale;
  return (
    <section
      data-testid="backtest-verdict"
      aria-labelledby="backtest-verdict-title"
      className={cn("flex gap-4 rounded-xl border p-5 sm:p-6", verdict.edge ? "border-accent/30 bg-accent/[0.06]" : "border-warn/40 bg-warn/[0.07]")}
    >
      <Icon className={cn("mt-0.5 size-6 shrink-0", verdict.edge ? "text-accent-strong" : "text-amber-300")} aria-hidden />
      <div className="min-w-0">
        <h2 id="backtest-verdict-title" className="text-base font-semibold">
          {verdict.edge ? "What testing found: an edge" : "What testing found: no edge"}
        </h2>
        <p data-testid="backtest-verdict-text" className="mt-2 text-sm leading-relaxed text-ink/90 text-pretty">
          {verdict.text}
        </p>
        {data.method ? <p className="mt-2 text-xs text-muted">Method: {data.method}.</p> : null}
      </div>
    </section>
  );
}
