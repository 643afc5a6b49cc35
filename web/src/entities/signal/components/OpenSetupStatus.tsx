// An OPEN LONG/SHORT against the current price: distance to entry, stop and target (% and R), where it stands in R,
// time left before expiry, and "Not reached entry" when it ran away unfilled; it names the price's own (market) time.
import { cn } from "@web/components/ui/cn";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { formatPrice, formatSignedPercent, formatUtcMinute } from "@web/lib/format";
import { useCandles } from "../api/candles";
import { useLatestPrice } from "../api/latest-price";
import { chartWindow, TIMEFRAME_MS } from "../model/chart-window";
import { type Distance, entryTouched, formatTimeLeft, type OpenState, openSetupStatus } from "../model/open-status";

const STATE_TONE: Record<OpenState, string> = {
  in_play: "border-sky-500/30 bg-sky-500/10 text-sky-300",
  not_reached_entry: "border-amber-500/30 bg-amber-500/10 text-amber-300",
  through_target: "border-accent/30 bg-accent/10 text-accent-strong",
  through_stop: "border-negative/30 bg-negative/10 text-rose-300",
  expired: "border-line-strong bg-white/5 text-muted",
};

const signedR = (r: number) => `${r >= 0 ? "+" : "−"}${Math.abs(r).toFixed(2)}R`;

function Dist({ label, d, tone }: { label: string; d: Distance; tone?: "pos" | "neg" }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-bg/50 px-2 py-1.5">
      <dt className="text-[10px] uppercase tracking-wide text-faint">{label}</dt>
      <dd
        className={cn(
          "num font-mono text-[13px] font-semibold",
          tone === "pos" ? "text-accent-strong" : tone === "neg" ? "text-rose-300" : "text-ink",
        )}
      >
        {formatSignedPercent(d.pct)}
        {/* Its own line: beside the percent it ran into the next tile in the drawer's four columns (issue 33 screenshots). */}
        <span className="block text-[11px] font-medium text-muted">{d.r.toFixed(2)}R</span>
      </dd>
    </div>
  );
}

export type StatusSignal = Pick<Signal, "symbol" | "type" | "entry_price" | "stop_loss" | "take_profit" | "context" | "market_time_ms">;

export function OpenSetupStatus({ signal }: { signal: StatusSignal }) {
  const side = signal.type === "LONG" || signal.type === "SHORT" ? signal.type : "LONG";
  const issueMs = signal.market_time_ms ?? 0;
  // The chart's own 1h window (one cache entry): the fill check reads it, and its newest close is the fallback price.
  const q = useCandles(signal.symbol, "1h", undefined, chartWindow(issueMs, null, "1h").limit);
  const hourly = q.data?.candles;
  const latest = useLatestPrice(signal.symbol, hourly);
  const { entry_price: entry, stop_loss: stop, take_profit: target } = signal;
  if (entry === null || stop === null || target === null) return null;
  if (!latest) return <p className="mt-3 text-xs text-muted">Waiting for a price…</p>;
  const expires = signal.context?.expires_at ? Date.parse(signal.context.expires_at) : Number.NaN;
  const s = openSetupStatus({
    side,
    entry,
    stop,
    target,
    price: latest.price,
    priceAtMs: latest.atMs,
    expiresAtMs: Number.isNaN(expires) ? null : expires,
    entryTouched: entryTouched(side, entry, hourly ?? [], TIMEFRAME_MS["1h"], issueMs, latest.price),
  });
  if (!s) return null;
  const replay = q.data?.source === "replay";
  return (
    <section aria-label="Open setup status" data-testid="open-status" className="mt-3 rounded-lg border border-line bg-bg/40 p-2.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="num text-xs text-muted">
          Price <span className="font-mono font-semibold text-ink">{formatPrice(latest.price)}</span>
          <span className={cn("ml-1.5 font-mono", s.openR >= 0 ? "text-accent-strong" : "text-rose-300")}>{signedR(s.openR)}</span>
        </p>
        <span data-testid="open-status-state" className={cn("rounded border px-1.5 py-0.5 text-[11px] font-semibold", STATE_TONE[s.state])}>
          {s.label}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-1.5 sm:grid-cols-4">
        <Dist label="To entry" d={s.toEntry} />
        <Dist label="To stop" d={s.toStop} tone="neg" />
        <Dist label="To target" d={s.toTarget} tone="pos" />
        <div className="min-w-0 rounded-md border border-line bg-bg/50 px-2 py-1.5">
          <dt className="text-[10px] uppercase tracking-wide text-faint">Time left</dt>
          <dd data-testid="open-status-time-left" className="num font-mono text-[13px] font-semibold text-ink">
            {formatTimeLeft(s.timeLeftMs)}
          </dd>
        </div>
      </dl>
      <p data-testid="open-status-as-of" className="num mt-1.5 text-[11px] text-faint">
        {latest.source === "live" ? "Last close pushed live" : "Last 1h close"} · {formatUtcMinute(new Date(latest.atMs).toISOString())}
        {replay ? " market time (replay)" : ""}
      </p>
    </section>
  );
}
