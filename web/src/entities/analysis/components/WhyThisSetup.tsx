// "Why this setup" block of the drawer and Day Signal: venue, P(TP/SL/expiry first) vs no skill, expected R, costs, expiry,
// invalidation, crowding, and how the same setup did in history.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";
import type { SignalContext } from "../model/readers";
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

const TONE_TEXT = { pos: "text-accent-strong", neg: "text-rose-300", muted: "text-ink" } as const;

/** "In history": out-of-fold outcomes of setups like this one, pooled over all pairs, then this pair's own. */
function InHistory({ context, symbol, dense }: { context: SignalContext; symbol: string; dense: boolean }) {
  if (!context.history) return null;
  const h = historyView(context.history, symbol, context.side);
  const { sample, shares, meanR, ci } = h.parts;
  // Wraps only between the pieces, never inside '48%' or an interval.
  const piece = "whitespace-nowrap";
  return (
    <div data-testid="setup-history" className={cn("mt-2 border-t border-line/60", dense ? "pt-2" : "pt-2.5")}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h4 className="text-xs text-muted">In history</h4>
        {h.band ? <p className="num text-[10px] text-faint">{h.band}</p> : null}
      </div>
      <div className="mt-1.5">
        <OutcomeBar outcomes={h.outcomes} />
      </div>
      <p data-testid="setup-history-pooled" className="num mt-1.5 text-xs leading-snug text-ink/90">
        {sample}{" "}
        {shares.map((s) => (
          <span key={s}>
            <span className={piece}>{s}</span>{" "}
          </span>
        ))}
        <span className={piece}>
          mean <span className={cn("font-semibold", TONE_TEXT[h.meanTone])}>{meanR}</span>
        </span>
        {ci ? (
          <>
            {" "}
            <span className={cn(piece, "text-muted")}>{ci}</span>
          </>
        ) : null}
      </p>
      {h.pair ? (
        <p data-testid="setup-history-pair" className="num mt-1 text-[11px] leading-snug text-muted">
          {h.pair}
        </p>
      ) : null}
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
        {crowding ? (
          <Row label="Crowding" testId="setup-crowding" dense={dense}>
            <span className="inline-block font-sans font-medium text-balance">{crowding}</span>
          </Row>
        ) : null}
      </dl>
      <InHistory context={context} symbol={symbol} dense={dense} />
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
