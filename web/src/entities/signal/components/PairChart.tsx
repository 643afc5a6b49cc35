// The pair chart of Start Trading: the chosen pair's last 7 days of 1h candles with its latest price and the trader's own
// signals on it marked, so the pair can be seen before a credit is spent. Reuses the signal chart's canvas and endpoint.
import { lazy, Suspense, useMemo } from "react";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { formatPrice, formatUtcMinute } from "@web/lib/format";
import { chartCandles, useCandles } from "../api/candles";
import { type LatestPrice, useLatestPrice } from "../api/latest-price";
import { useMarketNow } from "../api/market-clock";
import { PAIR_CHART_BARS, pairSignalMarks } from "../model/pair-chart";
import { Placeholder } from "./SignalChart";

const ChartCanvas = lazy(() => import("./ChartCanvas"));

type Latest = ReturnType<typeof useLatestPrice>;

function PriceFigure({ latest }: { latest: Latest }) {
  return (
    <span className="num font-mono text-base font-semibold text-ink" data-testid="pair-chart-price">
      {latest ? formatPrice(latest.price) : "—"}
    </span>
  );
}

/** Where the price comes from and its (market) time: the socket's push, or the newest closed candle. */
function PriceAsOf({ latest, replay }: { latest: Latest; replay: boolean }) {
  if (!latest) return null;
  return (
    <p className="num mt-1 text-[11px] text-faint" data-testid="pair-chart-as-of">
      {latest.source === "live" ? "Live price" : "Last 1h close"} · {formatUtcMinute(new Date(latest.atMs).toISOString())}
      {replay ? " market time (replay)" : ""}
    </p>
  );
}

/** `signals`: the trader's own (any pair); those on `symbol` inside the window are marked and listed. */
export function PairChart({ symbol, signals }: { symbol: string; signals: readonly Signal[] }) {
  const q = useCandles(symbol, "1h", undefined, PAIR_CHART_BARS);
  const closed = q.data?.symbol === symbol && q.data.interval === "1h" ? q.data.candles : null;
  // The forming hour too: a signal issued since the last close is marked at once.
  const candles = useMemo(() => (closed && q.data ? chartCandles(q.data) : null), [closed, q.data]);
  const pushedOrClose = useLatestPrice(symbol, closed ?? undefined);
  // The forming candle's close is the live price the chart's last bar shows; the header says the same figure.
  const clock = useMarketNow(60_000);
  const forming = q.data?.symbol === symbol ? q.data.forming : null;
  const latest: LatestPrice | null =
    forming && clock.known && (!pushedOrClose || clock.nowMs > pushedOrClose.atMs)
      ? { price: forming.c, atMs: clock.nowMs, source: "live" }
      : pushedOrClose;
  const marks = useMemo(() => (candles ? pairSignalMarks(signals, symbol, candles) : []), [signals, symbol, candles]);
  // Redrawn only when the candles or the marked signals change, not on every poll of the signal list.
  const marksKey = marks.map((m) => `${m.id}:${m.legend}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: marksKey stands for marks (same content, same chart)
  const canvas = useMemo(
    () =>
      candles
        ? { candles, tf: "1h" as const, levels: [], marks: marks.map((m) => m.mark), path: null, label: `${symbol} 1h candles, last 7 days` }
        : null,
    [candles, marksKey, symbol],
  );
  return (
    <section aria-label={`${symbol} chart`} data-testid="pair-chart" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-mono text-sm font-semibold">
          {symbol} <span className="ml-1 font-sans text-xs font-normal text-muted">Last 7 days · 1h</span>
        </h2>
        <PriceFigure latest={latest} />
      </div>
      <PriceAsOf latest={latest} replay={q.data?.source === "replay"} />
      <div className="relative mt-3 h-56 sm:h-72">
        {q.isError ? (
          <Placeholder>Chart unavailable right now.</Placeholder>
        ) : !canvas ? (
          <Placeholder />
        ) : canvas.candles.length === 0 ? (
          <Placeholder>No candles for this pair yet.</Placeholder>
        ) : (
          <Suspense fallback={<Placeholder />}>
            <ChartCanvas spec={canvas} />
          </Suspense>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-[11px] text-muted">
        {marks.length ? (
          <ul aria-label="Your signals on this chart" data-testid="pair-chart-signals" className="num flex flex-col gap-0.5 font-mono">
            {marks.map((m) => (
              <li key={m.id}>{m.legend}</li>
            ))}
          </ul>
        ) : (
          <p data-testid="pair-chart-no-signals">None of your signals on {symbol} in these 7 days.</p>
        )}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="text-faint underline-offset-2 hover:underline">
          Chart by TradingView
        </a>
      </div>
    </section>
  );
}
