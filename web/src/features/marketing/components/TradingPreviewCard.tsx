// Hero card showing what a delivered signal looks like; values are an illustration and labelled as such.
import { ArrowUpRight, ShieldCheck } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { formatPrice } from "@web/lib/format";

const EXAMPLE = { symbol: "BTCUSDT", entry: 64250, tp: 66180, sl: 63290, confidence: 72, timeframe: "4H" };
const rr = (EXAMPLE.tp - EXAMPLE.entry) / (EXAMPLE.entry - EXAMPLE.sl);

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

export function TradingPreviewCard() {
  return (
    <div className="relative">
      <div className="absolute -inset-6 rounded-[2rem] bg-accent/10 blur-3xl" aria-hidden />
      <figure className="relative m-0 rounded-2xl border border-line-strong bg-surface/95 p-5 shadow-2xl" aria-label="Example signal">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2.5">
            <span className="grid size-9 place-items-center rounded-full bg-warn/15 font-mono text-[10px] font-bold text-amber-300">BTC</span>
            <div>
              <p className="font-mono text-sm font-semibold">{EXAMPLE.symbol}</p>
              <p className="text-xs text-muted">Timeframe {EXAMPLE.timeframe} · Entry now</p>
            </div>
          </div>
          <Badge tone="accent" className="text-xs">
            <ArrowUpRight className="size-3.5" aria-hidden />
            LONG
          </Badge>
        </div>
        <div className="mt-4">
          <div className="flex items-center justify-between text-xs">
            <span className="text-muted">Confidence</span>
            <span className="num font-semibold">{EXAMPLE.confidence}%</span>
          </div>
          <div className="mt-1.5 h-1.5 rounded-full bg-white/5">
            <div className="h-full rounded-full bg-gradient-to-r from-accent/70 to-accent-strong" style={{ width: `${EXAMPLE.confidence}%` }} />
          </div>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Tile label="Entry" value={formatPrice(EXAMPLE.entry)} />
          <Tile label="Risk / Reward" value={rr.toFixed(2)} />
          <Tile label="Take Profit" value={formatPrice(EXAMPLE.tp)} tone="pos" />
          <Tile label="Stop Loss" value={formatPrice(EXAMPLE.sl)} tone="neg" />
        </div>
        <p className="mt-4 rounded-lg border border-line bg-bg/40 p-3 text-xs leading-relaxed text-muted">
          Trend up on 1H and 4H, price reclaimed the 64,000 level on rising volume; stop below the last swing low, target at the prior range high.
        </p>
        <p className="mt-3 flex items-center gap-1.5 text-[11px] text-faint">
          <ShieldCheck className="size-3.5" aria-hidden /> Illustrative example of a signal card — not a live signal.
        </p>
      </figure>
    </div>
  );
}
