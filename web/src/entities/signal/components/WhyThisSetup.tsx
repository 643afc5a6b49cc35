// "Why this setup" block of the drawer and Day Signal: venue, the odds within the horizon (target first, stop first, neither)
// with the one expected R beside them, costs, expiry and which exits count, crowding, and where the odds come from.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import type { SignalContext } from "@web/entities/signal/api/decode-signal";
import { bestSideText, contextView, crowdingText, historyView, type Outcome } from "../model/signal-context";

const BAR_COLORS: Record<Outcome["key"], string> = { tp: "bg-accent", sl: "bg-negative", expiry: "bg-slate-500" };
const FIGURE_COLORS: Record<Outcome["key"], string> = { tp: "text-accent-strong", sl: "text-rose-300", expiry: "text-ink" };

/** One stacked bar of the three outcomes (decorative: the figures beside it carry the numbers). */
function OutcomeBar({ outcomes }: { outcomes: Outcome[] }) {
  const total = outcomes.reduce((s, o) => s + Math.max(0, o.share), 0) || 1;
  return (
    <div className="flex h-1.5 w-full overflow-hidden rounded-full bg-white/5" aria-hidden>
      {outcomes.map((o) => (
        <div key={o.key} className={BAR_COLORS[o.key]} style={{ width: `${(Math.max(0, o.share) / total) * 100}%` }} />
      ))}
    </div>
  );
}

function Row({ label, children, hint, testId, dense }: { label: string; children: ReactNode; hint?: string; testId?: string; dense: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-3 border-t border-line/60 first:border-t-0", dense ? "py-1" : "py-1.5")}>
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right" data-testid={testId}>
        <span className="num font-mono font-semibold text-ink">{children}</span>
        {hint ? <span className="block text-[10px] text-faint">{hint}</span> : null}
      </dd>
    </div>
  );
}

/** Where the odds come from: the out-of-fold sample of similar setups (no second R figure: the card states one). */
function OddsSource({ context, symbol, dense }: { context: SignalContext; symbol: string; dense: boolean }) {
  if (!context.history) return null;
  const h = historyView(context.history, symbol, context.side);
  return (
    <div data-testid="setup-history" className={cn("mt-2 border-t border-line/60", dense ? "pt-2" : "pt-2.5")}>
      <h4 className="text-xs text-muted">Where the odds come from</h4>
      <p data-testid="setup-history-pooled" className="num mt-1 text-xs leading-snug text-ink/90">
        {h.sample}
      </p>
      {h.pair ? (
        <p data-testid="setup-history-pair" className="num mt-0.5 text-[11px] leading-snug text-muted">
          {h.pair}
        </p>
      ) : null}
    </div>
  );
}

/** The three ways the trade ends within its horizon, with the one expected R beside them. */
function Odds({ v }: { v: ReturnType<typeof contextView> }) {
  return (
    <div className="mt-2">
      <div className="flex items-baseline justify-between gap-3 text-xs">
        <span data-testid="setup-horizon" className="text-muted">
          {v.horizon}
        </span>
        <span className="text-muted">
          Expected after costs{" "}
          <span
            data-testid="setup-expected-r"
            className={cn(
              "num font-mono font-semibold",
              v.expectedTone === "pos" ? "text-accent-strong" : v.expectedTone === "neg" ? "text-rose-300" : "text-ink",
            )}
          >
            {v.expectedR}
          </span>
        </span>
      </div>
      <div className="mt-1.5">
        <OutcomeBar outcomes={v.outcomes} />
      </div>
      <dl className="mt-1.5 grid grid-cols-3 gap-2" data-testid="setup-probabilities">
        {v.outcomes.map((o) => (
          <div key={o.key} className={cn("min-w-0", o.key === "sl" && "text-center", o.key === "expiry" && "text-right")}>
            <dt className="text-[10px] text-faint">{o.label}</dt>
            <dd className={cn("num font-mono text-[13px] font-semibold", FIGURE_COLORS[o.key])}>{o.text}</dd>
          </div>
        ))}
      </dl>
      {v.noSkill ? (
        <p data-testid="setup-no-skill" className="mt-1 text-[11px] text-muted">
          {v.noSkill}
        </p>
      ) : null}
      <p data-testid="setup-exits" className="mt-1 text-[11px] text-muted">
        {v.exits}
      </p>
    </div>
  );
}

/** The full block; `dense` tightens it for the narrow Day Signal card. `symbol` names the pair in its history line. */
export function WhyThisSetup({ context, symbol, dense = false }: { context: SignalContext; symbol: string; dense?: boolean }) {
  const v = contextView(context);
  const crowding = crowdingText(context);
  return (
    <section
      data-testid="why-this-setup"
      aria-label="Why this setup"
      className={cn("rounded-lg border border-line bg-bg/40", dense ? "mt-2.5 p-2.5" : "mt-4 p-3")}
    >
      <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">Why this setup</h3>
      <p className="mt-1 text-xs text-muted">
        Venue{" "}
        <span data-testid="setup-venue" className="font-medium text-ink">
          {v.venue}
        </span>
        {v.venueNote ? <span className="text-amber-300"> — {v.venueNote}</span> : null}
      </p>
      <Odds v={v} />
      <dl className={cn("mt-2 text-xs", !dense && "sm:text-[13px]")}>
        {v.costs ? (
          <Row label="Costs" testId="setup-costs" dense={dense}>
            {v.costs}
          </Row>
        ) : null}
        {v.expires ? (
          <Row label="Expires" testId="setup-expires" dense={dense}>
            {v.expires}
          </Row>
        ) : null}
        {crowding ? (
          <Row label="Crowding" testId="setup-crowding" dense={dense}>
            <span className="inline-block font-sans font-medium text-balance">{crowding}</span>
          </Row>
        ) : null}
      </dl>
      <OddsSource context={context} symbol={symbol} dense={dense} />
    </section>
  );
}

/** A NO_TRADE's best side that did not clear the bar, in one line. */
export function BestSideNote({ context, className }: { context: SignalContext; className?: string }) {
  return (
    <p data-testid="best-side" className={cn("num text-xs text-muted", className)}>
      {bestSideText(context)}
    </p>
  );
}
