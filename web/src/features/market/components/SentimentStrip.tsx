// Sentiment strip: BTC dominance bar (labelled by its basis: ours is BTC's share of 24h volume), BTC-ETH correlation
// percent, BTC funding (4 decimals) and the current session.
import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import { dominanceLabel, useSentiment } from "../api/sentiment";
import type { MarketSession } from "../api/session";

function Cell({ label, hint, children }: { label: string; hint?: string | null; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 px-4 py-3">
      <span className="flex items-center gap-1 text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">
        {label}
        {hint ? (
          <span title={hint} data-testid="dominance-basis" className="inline-flex cursor-help text-faint">
            <Info className="size-3" aria-hidden />
            <span className="sr-only">{hint}</span>
          </span>
        ) : null}
      </span>
      {children}
    </div>
  );
}

export function SentimentStrip({ session, sessionError }: { session: MarketSession | null | undefined; sessionError: string | null }) {
  const { data } = useSentiment();
  const dominance = data?.btcDominance ?? null;
  const named = dominanceLabel(data?.dominanceBasis ?? null);
  const corr = data?.correlationPercent ?? null;
  const funding = data?.fundingPercent ?? null;
  return (
    <section
      aria-label="Sentiment"
      data-testid="sentiment-strip"
      className="grid grid-cols-2 divide-line rounded-xl border border-line bg-surface md:grid-cols-4 md:divide-x"
    >
      <Cell label={named.label} hint={data?.dominanceBasis}>
        <div className="flex items-center gap-2" data-testid="btc-dominance">
          <span className="num font-mono text-sm font-semibold">{dominance === null ? "—" : `${dominance.toFixed(1)}%`}</span>
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/5" aria-hidden>
            <div className="h-full rounded-full bg-warn" style={{ width: `${Math.min(100, Math.max(0, dominance ?? 0))}%` }} />
          </div>
        </div>
        {named.note ? <span className="text-[10px] text-faint">{named.note}</span> : null}
      </Cell>
      <Cell label="BTC–ETH Correlation">
        <span className="num font-mono text-sm font-semibold">{corr === null ? "—" : `${corr.toFixed(1)}%`}</span>
      </Cell>
      <Cell label="BTC Funding">
        <span className={cn("num font-mono text-sm font-semibold", funding === null ? "" : funding >= 0 ? "text-accent-strong" : "text-rose-400")}>
          {funding === null ? "—" : `${funding.toFixed(4)}%`}
        </span>
      </Cell>
      <Cell label="Session">
        {sessionError ? (
          <span className="truncate text-xs text-rose-400" title={sessionError}>
            {sessionError}
          </span>
        ) : (
          <span className="text-sm font-semibold">{session?.current ?? "—"}</span>
        )}
      </Cell>
    </section>
  );
}
