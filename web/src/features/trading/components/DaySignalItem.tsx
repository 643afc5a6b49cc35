// One Day Signal entry_price: symbol, time, direction, credit and outcome, the levels and "Why this setup" (or NO TRADE and the
// pairs clearing the bar), reasoning.
import { ArrowDownRight, ArrowUpRight, Ban, ChevronDown } from "lucide-react";
import { ClearingTheBar } from "@web/entities/signal/components/ClearingTheBar";
import { SignalChart } from "@web/entities/signal/components/SignalChart";
import { TradeTools } from "@web/entities/signal/components/TradeTools";
import { BestSideNote, WhyThisSetup } from "@web/entities/signal/components/WhyThisSetup";
import { PlainLine } from "@web/entities/analysis/components/PlainLine";
import { Badge } from "@web/components/ui/Badge";
import { cn } from "@web/components/ui/cn";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { formatPrice, formatUtcClock } from "@web/lib/format";
import { outcomeView } from "@web/entities/signal/model/signal-outcome";
import type { SignalType } from "@web/entities/signal/api/decode-signal";
import { isRefunded } from "../api/normalize";
import { DAY_SNIPPET_MAX, truncateText } from "../model/reasoning-text";

/** When it was issued on the market clock (the card's day is the market's), else when its row was written. */
const issuedAt = (s: Signal) => formatUtcClock(typeof s.market_time_ms === "number" && s.market_time_ms > 0 ? s.market_time_ms : s.created_at);

function TypeBadge({ type }: { type: SignalType }) {
  if (type === "LONG")
    return (
      <Badge tone="accent">
        <ArrowUpRight className="size-3" aria-hidden /> LONG
      </Badge>
    );
  if (type === "SHORT")
    return (
      <Badge tone="negative">
        <ArrowDownRight className="size-3" aria-hidden /> SHORT
      </Badge>
    );
  return (
    <Badge>
      <Ban className="size-3" aria-hidden /> NO TRADE
    </Badge>
  );
}

function Tile({ label, value, tone }: { label: string; value: string; tone?: "pos" | "neg" }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-bg/50 px-2 py-1.5">
      <p className="text-[10px] font-medium uppercase tracking-wide text-faint">{label}</p>
      <p
        className={cn(
          "num truncate font-mono text-[13px] font-semibold",
          tone === "pos" ? "text-accent-strong" : tone === "neg" ? "text-rose-300" : "text-ink",
        )}
      >
        {value}
      </p>
    </div>
  );
}

export function DaySignalItem({ signal, expanded, onToggle }: { signal: Signal; expanded: boolean; onToggle: () => void }) {
  const refunded = isRefunded(signal);
  const type = signal.type;
  const noTrade = type === "NO_TRADE";
  const outcome = noTrade ? null : outcomeView(signal.outcome, signal.r_multiple);
  return (
    <li className="rounded-lg border border-line bg-bg/40 p-3" data-testid="day-signal">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2">
            <span className="font-mono text-sm font-semibold">{signal.symbol}</span>
            <span className="num text-xs text-faint">#{signal.id}</span>
          </p>
          <p className="num mt-0.5 text-xs text-muted" data-testid="day-signal-time">
            {issuedAt(signal)}
          </p>
        </div>
        <TypeBadge type={type} />
      </div>
      <PlainLine signal={{ ...signal, type }} dense className="mt-2" />
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <p
          className={cn(
            "inline-flex rounded border px-1.5 py-0.5 text-[11px] font-medium",
            refunded ? "border-sky-500/30 bg-sky-500/10 text-sky-300" : "border-line-strong bg-white/5 text-muted",
          )}
        >
          {refunded ? "Refunded 1 credit" : "Used 1 credit"}
        </p>
        {outcome ? (
          <p
            data-testid="day-signal-outcome"
            className={cn(
              "num inline-flex rounded border border-line px-1.5 py-0.5 text-[11px] font-medium",
              outcome.tone === "pos" ? "text-accent-strong" : outcome.tone === "neg" ? "text-rose-300" : "text-muted",
            )}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
      {noTrade ? (
        <div className="mt-2.5 rounded-md border border-line-strong bg-white/[0.03] px-3 py-2 text-xs text-muted">
          <p>
            <span className="font-semibold text-ink">NO TRADE</span> — conditions did not justify a position, so the credit was returned.
          </p>
          {signal.context ? <BestSideNote context={signal.context} className="mt-1" /> : null}
        </div>
      ) : (
        <div className="mt-2.5 grid grid-cols-3 gap-1.5">
          <Tile label="Entry" value={formatPrice(signal.entry_price)} />
          <Tile label="TP" value={formatPrice(signal.take_profit)} tone="pos" />
          <Tile label="SL" value={formatPrice(signal.stop_loss)} tone="neg" />
          <Tile label="RR" value={signal.rr_ratio === null ? "—" : signal.rr_ratio.toFixed(2)} />
          <Tile label="TF" value={signal.timeframe ?? "—"} />
          {/* Spec 02 §2's EntryNow tile, in words (the label is set in capitals: "ENTRYNOW" read as one word). */}
          <Tile label="Entry now" value={signal.entry_timing ?? "Now"} />
        </div>
      )}
      {expanded && !noTrade ? <SignalChart signal={signal} dense /> : null}
      {signal.context && !noTrade ? <WhyThisSetup context={signal.context} symbol={signal.symbol} dense /> : null}
      {expanded && !noTrade ? <TradeTools signal={signal} dense /> : null}
      {signal.context && noTrade ? <ClearingTheBar context={signal.context} createdAt={signal.created_at} dense /> : null}
      {signal.reasoning ? (
        <>
          {expanded ? (
            <p className="mt-2.5 whitespace-pre-line text-xs leading-relaxed text-ink/85">{signal.reasoning}</p>
          ) : (
            <p className="mt-2.5 line-clamp-2 text-xs leading-relaxed text-muted">{truncateText(signal.reasoning, DAY_SNIPPET_MAX)}</p>
          )}
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            className="mt-1.5 inline-flex items-center gap-1 text-xs font-semibold text-accent-strong hover:underline"
          >
            {expanded ? "Hide Full Reasoning" : "View Full Reasoning"}
            <ChevronDown className={cn("size-3.5 transition-transform", expanded && "rotate-180")} aria-hidden />
          </button>
        </>
      ) : null}
    </li>
  );
}
