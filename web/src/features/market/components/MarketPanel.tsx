// Market panel of the dashboard (spec 02 §2): gate banner, health, BTC/ETH cards, sentiment, movers, session pulse, books.
import { CORE_ASSET_SYMBOLS } from "@core/market-intervals";
import { cn } from "@web/components/ui/cn";
import { serverMessage } from "@web/lib/api";
import { useCoreAssets } from "../api/core-assets";
import { replayDate, useMarketSession } from "../api/session";
import type { SocketStatus } from "../hooks/use-market-socket";
import { AssetCard } from "./AssetCard";
import { GateBanner } from "./GateBanner";
import { HealthCard } from "./HealthCard";
import { MoversCard } from "./MoversCard";
import { OrderbookCard } from "./OrderbookCard";
import { SentimentStrip } from "./SentimentStrip";
import { SessionPulseCard } from "./SessionPulseCard";

const errorText = (err: unknown) => serverMessage(err) ?? (err instanceof Error ? err.message : String(err));

function LiveDot({ status }: { status: SocketStatus }) {
  const live = status === "live";
  return (
    <span data-testid="socket-status" className="inline-flex items-center gap-1.5 text-[11px] font-medium text-muted">
      <span className={cn("size-1.5 rounded-full", live ? "animate-pulse bg-accent" : "bg-warn")} aria-hidden />
      {live ? "Live" : status === "connecting" ? "Connecting…" : "Reconnecting…"}
    </span>
  );
}

/** Honest labelling: replayed recordings say so, with the recorded time the market is at, named as market time. */
function ReplayBadge({ marketTime }: { marketTime: string | null }) {
  const date = replayDate(marketTime, Date.now());
  if (!date) return null;
  return (
    <span
      data-testid="replay-badge"
      title="Prices are replayed in real time from recorded Binance candles; between closes they follow a stated path through each candle's open, high, low and close"
      className="whitespace-nowrap rounded-md border border-line px-1.5 py-0.5 font-mono text-[10px] text-muted"
    >
      Replay · market time {date} UTC
    </span>
  );
}

export function MarketPanel({ socket }: { socket: SocketStatus }) {
  const assets = useCoreAssets();
  const session = useMarketSession();
  const sessionError = session.isError ? `Session load failed: ${errorText(session.error)}` : null;
  return (
    <section aria-labelledby="market-heading" className="flex flex-col gap-3">
      {/* On a phone the badge moves below the heading as a whole rather than breaking inside. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="market-heading" className="text-sm font-semibold tracking-tight">
          Market
        </h2>
        <div className="flex items-center gap-3">
          <ReplayBadge marketTime={session.data?.marketTime ?? null} />
          <LiveDot status={socket} />
        </div>
      </div>
      <GateBanner />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <HealthCard />
        {CORE_ASSET_SYMBOLS.map((s) => (
          <AssetCard key={s} symbol={s} asset={assets.data?.[s]} loading={assets.isPending} />
        ))}
        <MoversCard />
      </div>
      <SentimentStrip session={session.data} sessionError={sessionError} />
      <div className="grid gap-3 md:grid-cols-3">
        <SessionPulseCard session={session.data} error={sessionError} />
        {CORE_ASSET_SYMBOLS.map((s) => (
          <OrderbookCard key={s} symbol={s} />
        ))}
      </div>
    </section>
  );
}
