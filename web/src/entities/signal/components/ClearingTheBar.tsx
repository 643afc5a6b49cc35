// A NO_TRADE's "Clearing the bar now": up to 3 other pairs whose setup clears the issue bar, each a link that fills the
// pair in on Start Trading (nothing starts, and no credit is held, until the trader presses Start there).
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import type { SignalContext } from "@web/entities/signal/api/decode-signal";
import { alternativesView, isFresh, type AlternativeView, type NearMissView } from "../model/signal-context";
import { startTradingHref } from "@web/entities/signal/model/start-trading-link";
import { useNow } from "@web/lib/use-now";

const TONE_TEXT = { pos: "text-accent-strong", neg: "text-rose-300", muted: "text-ink" } as const;

/** The side, one width for both so the rows line up (the colour carries the direction; no arrow, to leave the pair its room). */
function SideBadge({ side }: { side: AlternativeView["side"] }) {
  return (
    <Badge tone={side === "LONG" ? "accent" : "negative"} className="w-[3.75rem] shrink-0 justify-center px-0 text-[10px]">
      {side}
    </Badge>
  );
}

function AlternativeLink({ a, dense }: { a: AlternativeView; dense: boolean }) {
  return (
    <Link
      to={startTradingHref(a.symbol)}
      data-testid="alternative"
      title={`Pick ${a.symbol} on Start Trading (${a.venue})`}
      className="group -mx-1.5 flex items-center gap-1.5 rounded-md px-1.5 py-1.5 transition-colors hover:bg-white/[0.04]"
    >
      {/* A fixed basis lines the badges up; it gives way before the figures do. */}
      <span
        className={cn(
          "min-w-0 truncate font-mono font-semibold text-ink group-hover:text-accent-strong",
          dense ? "flex-[0_1_5.75rem] text-xs" : "flex-[0_1_6.25rem] text-[13px]",
        )}
      >
        {a.symbol}
      </span>
      <SideBadge side={a.side} />
      <span className={cn("num ml-auto shrink-0 font-mono text-xs font-semibold", TONE_TEXT[a.tone])}>{a.expectedR}</span>
      <span className={cn("num shrink-0 whitespace-nowrap text-right font-mono text-xs text-muted", dense ? "w-[3.75rem]" : "w-[4.5rem]")}>
        <span className={cn("text-faint", dense && "text-[10px]")}>P(TP)</span> {a.pTp}
      </span>
      {/* The narrow card has no room for it; the hover state and the note say it is a link there. */}
      {dense ? null : <ChevronRight className="size-3.5 shrink-0 text-faint group-hover:text-accent-strong" aria-hidden />}
      <span className="sr-only">: pick on Start Trading</span>
    </Link>
  );
}

/** A pair below the bar: not a link (it would not be issued now), only how far it is from being one. */
function NearMiss({ a, dense }: { a: NearMissView; dense: boolean }) {
  return (
    <div data-testid="near-miss" className="flex items-center gap-1.5 py-1">
      <span className={cn("min-w-0 truncate font-mono text-muted", dense ? "flex-[0_1_5.75rem] text-xs" : "flex-[0_1_6.25rem] text-[13px]")}>
        {a.symbol}
      </span>
      <SideBadge side={a.side} />
      <span className={cn("num ml-auto shrink-0 font-mono text-xs", TONE_TEXT[a.tone])}>{a.expectedR}</span>
      <span className="num shrink-0 whitespace-nowrap text-right font-mono text-[11px] text-faint">{a.gap}</span>
    </div>
  );
}

/** Nothing for a context that does not say (signals from before the list existed). */
export function ClearingTheBar({ context, createdAt, dense = false }: { context: SignalContext; createdAt: string | null; dense?: boolean }) {
  const now = useNow(60_000);
  const v = alternativesView(context, isFresh(createdAt, now));
  if (!v) return null;
  return (
    <section
      data-testid="alternatives"
      aria-label={v.heading}
      className={cn("rounded-lg border border-line bg-bg/40", dense ? "mt-2.5 p-2.5" : "mt-4 p-3")}
    >
      <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{v.heading}</h3>
      {v.items.length === 0 ? (
        <p data-testid="alternatives-empty" className="mt-1.5 text-xs text-muted">
          {v.empty}
        </p>
      ) : (
        <>
          <ul className="mt-1 divide-y divide-line/60">
            {v.items.map((a) => (
              <li key={a.symbol}>
                <AlternativeLink a={a} dense={dense} />
              </li>
            ))}
          </ul>
          <p data-testid="alternatives-note" className="mt-1 text-[11px] text-faint">
            {v.note}
          </p>
        </>
      )}
      {v.nearest.items.length > 0 ? (
        <div data-testid="nearest" className="mt-2 border-t border-line/60 pt-1.5">
          <h4 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-faint">{v.nearest.heading}</h4>
          <ul className="mt-0.5">
            {v.nearest.items.map((a) => (
              <li key={a.symbol}>
                <NearMiss a={a} dense={dense} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
