// Market panel of the dashboard (spec 02 §2): gate banner, health, BTC/ETH cards, sentiment, movers, session pulse, books;
// on a phone it folds behind its heading (issue 24 #16), and folded it reads nothing.
import * as C from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { CORE_ASSET_SYMBOLS } from "@core/market/market-intervals";
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

/** Everything under the heading; mounted only while shown, so a folded panel polls nothing. */
function PanelBody() {
  const assets = useCoreAssets();
  const session = useMarketSession();
  const sessionError = session.isError ? `Session load failed: ${errorText(session.error)}` : null;
  return (
    <>
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
    </>
  );
}

/** The replay badge and (unless the folded heading shows it) the socket's state. */
function Status({ socket }: { socket: SocketStatus | null }) {
  const session = useMarketSession();
  return (
    <div className="flex items-center gap-3">
      <ReplayBadge marketTime={session.data?.marketTime ?? null} />
      {socket ? <LiveDot status={socket} /> : null}
    </div>
  );
}

/** `collapsible`: folded at first behind a 'Market' button (phones); otherwise always open. */
export function MarketPanel({ socket, collapsible = false }: { socket: SocketStatus; collapsible?: boolean }) {
  const [open, setOpen] = useState(!collapsible);
  if (!collapsible)
    return (
      <section aria-labelledby="market-heading" className="flex flex-col gap-3">
        {/* On a phone the badge moves below the heading as a whole rather than breaking inside. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="market-heading" className="text-sm font-semibold tracking-tight">
            Market
          </h2>
          <Status socket={socket} />
        </div>
        <PanelBody />
      </section>
    );
  return (
    <C.Root open={open} onOpenChange={setOpen} asChild>
      <section aria-labelledby="market-heading" className="flex flex-col gap-3" data-testid="market-panel-collapsible">
        <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3">
          <h2 id="market-heading" className="text-sm font-semibold tracking-tight">
            <C.Trigger className="flex items-center gap-2 text-left">
              Market
              <span className="text-xs font-normal text-muted">{open ? "Hide" : "Show"}</span>
              <ChevronDown className={cn("size-4 text-muted transition-transform", open && "rotate-180")} aria-hidden />
            </C.Trigger>
          </h2>
          <LiveDot status={socket} />
        </div>
        <C.Content className="flex flex-col gap-3">
          <Status socket={null} />
          <PanelBody />
        </C.Content>
      </section>
    </C.Root>
  );
}
