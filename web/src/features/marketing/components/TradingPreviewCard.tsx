// Hero card: the newest settled signal as it was issued (levels, odds, expected R) and how it ended; nothing typed by hand.
import { ArrowDownRight, ArrowUpRight, ShieldCheck } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { formatPrice, formatRatioPercent, formatSignedR, formatUtcMinute } from "@web/lib/format";
import { type ExampleSignal, useExampleSignal } from "../api/example-signal";

const OUTCOME_TEXT: Record<ExampleSignal["outcome"], string> = { TP_HIT: "Target hit", SL_HIT: "Stop hit", EXPIRED: "Expired" };

function Tile({ label, value, tone }: { label: string; value: string; tone?: "pos" | "neg" }) {
  return (
    <div className="rounded-lg border border-line bg-bg/50 px-3 py-2.5">
      <p className="text-[11px] uppercase tracking-wide text-faint">{label}</p>
      <p className={`num mt-0.5 font-mono text-sm font-semibold ${tone === "pos" ? "text-accent-strong" : tone === "neg" ? "text-rose-300" : ""}`}>
        {value}
      </p>
    </div>
  );
}

/** The odds as issued: the chance the target comes first, with the one expected R beside it. */
function Odds({ s }: { s: ExampleSignal }) {
  return (
    <div className="mt-4">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted">Target first within {s.expiryHours} h</span>
        <span data-testid="example-odds" className="num font-semibold">
          {formatRatioPercent(s.pTp)}
          {s.expectedR !== null ? <span className="font-normal text-muted"> · {formatSignedR(s.expectedR)} expected</span> : null}
        </span>
      </div>
      <div className="mt-1.5 h-1.5 rounded-full bg-white/5">
        <div className="h-full rounded-full bg-gradient-to-r from-accent/70 to-accent-strong" style={{ width: `${Math.round(s.pTp * 100)}%` }} />
      </div>
    </div>
  );
}

function Example({ s }: { s: ExampleSignal }) {
  const long = s.type === "LONG";
  const r = s.rMultiple;
  return (
    <>
      <div className="flex items-center justify-between">
        <div>
          <p className="font-mono text-sm font-semibold">{s.symbol}</p>
          <p data-testid="example-issued" className="num text-xs text-muted">
            {s.timeframe} · issued {formatUtcMinute(s.marketTimeMs)}
            {s.replay ? " market time (replay)" : ""}
          </p>
        </div>
        <Badge tone={long ? "accent" : "negative"} className="text-xs">
          {long ? <ArrowUpRight className="size-3.5" aria-hidden /> : <ArrowDownRight className="size-3.5" aria-hidden />}
          {s.type}
        </Badge>
      </div>
      <Odds s={s} />
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Tile label="Entry" value={formatPrice(s.entry)} />
        <Tile label="Risk / Reward" value={s.rr.toFixed(2)} />
        <Tile label="Take Profit" value={formatPrice(s.takeProfit)} tone="pos" />
        <Tile label="Stop Loss" value={formatPrice(s.stopLoss)} tone="neg" />
      </div>
      <p data-testid="example-outcome" className="num mt-4 rounded-lg border border-line bg-bg/40 p-3 text-xs leading-relaxed text-muted">
        Outcome: <span className="font-semibold text-ink">{OUTCOME_TEXT[s.outcome]}</span>
        {r !== null ? <span className={r > 0 ? "text-accent-strong" : r < 0 ? "text-rose-300" : ""}> {formatSignedR(r)} after costs</span> : null}
      </p>
    </>
  );
}

export function TradingPreviewCard() {
  const { data, isPending } = useExampleSignal();
  return (
    <div className="relative">
      <div className="absolute -inset-6 rounded-[2rem] bg-accent/10 blur-3xl" aria-hidden />
      <figure
        data-testid="example-signal"
        className="relative m-0 rounded-2xl border border-line-strong bg-surface/95 p-5 shadow-2xl"
        aria-label="Example signal"
      >
        {data ? (
          <Example s={data} />
        ) : (
          <p data-testid="example-empty" className="text-sm leading-relaxed text-muted">
            {isPending ? "Loading the newest settled signal…" : "The newest settled signal shows here once one has closed."}
          </p>
        )}
        <p className="mt-3 flex items-center gap-1.5 text-[11px] text-faint">
          <ShieldCheck className="size-3.5" aria-hidden /> The newest signal with a settled outcome, as it was issued — not a live signal.
        </p>
      </figure>
    </div>
  );
}
