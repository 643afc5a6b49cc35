// "Why this setup" block of the drawer and Day Signal: venue, P(TP/SL/expiry first) vs no skill, expected R, costs, expiry, invalidation.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import type { SignalContext } from "@web/lib/entities";
import { bestSideText, contextView, type Outcome } from "@web/lib/signal-context";

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

/** The full block; `dense` tightens it for the narrow Day Signal card. */
export function WhyThisSetup({ context, dense = false }: { context: SignalContext; dense?: boolean }) {
  const v = contextView(context);
  return (
    <section data-testid="why-this-setup" aria-label="Why this setup" className={cn("rounded-lg border border-line bg-bg/40", dense ? "mt-2.5 p-2.5" : "mt-4 p-3")}>
      <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">Why this setup</h3>
      <p className="mt-1 text-xs text-muted">
        Venue{" "}
        <span data-testid="setup-venue" className="font-medium text-ink">
          {v.venue}
        </span>
        {v.venueNote ? <span className="text-amber-300"> — {v.venueNote}</span> : null}
      </p>
      <div className="mt-2">
        <OutcomeBar outcomes={v.outcomes} />
        <dl className="mt-1.5 grid grid-cols-3 gap-2" data-testid="setup-probabilities">
          {v.outcomes.map((o) => (
            <div key={o.key} className={cn("min-w-0", o.key === "sl" && "text-center", o.key === "expiry" && "text-right")}>
              <dt className="text-[10px] text-faint">P({o.label})</dt>
              <dd className={cn("num font-mono text-[13px] font-semibold", FIGURE_COLORS[o.key])}>{o.text}</dd>
            </div>
          ))}
        </dl>
        {v.noSkill ? (
          <p data-testid="setup-no-skill" className="mt-1 text-[11px] text-muted">
            {v.noSkill}
          </p>
        ) : null}
      </div>
      <dl className={cn("mt-2 text-xs", !dense && "sm:text-[13px]")}>
        <Row label="Expected R after costs" testId="setup-expected-r" dense={dense}>
          <span className={cn(v.expectedTone === "pos" && "text-accent-strong", v.expectedTone === "neg" && "text-rose-300")}>{v.expectedR}</span>
        </Row>
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
        {v.invalidation ? (
          <Row label="Invalidation" hint={dense ? undefined : v.invalidationNote} testId="setup-invalidation" dense={dense}>
            {v.invalidation}
          </Row>
        ) : null}
      </dl>
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
