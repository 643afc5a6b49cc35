// The signal chart shared by the signals drawer and Day Signal: candles around a LONG/SHORT with its levels, issue and
// exit, a 1h / 4h / 1d switch and an HTML legend; the charting library is a separate chunk loaded on first show.
import { lazy, Suspense, useMemo, useState } from "react";
import { Spinner } from "@web/components/ui/Spinner";
import { cn } from "@web/components/ui/cn";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { chartCandles, useCandles } from "../api/candles";
import { CHART_TIMEFRAMES, type ChartTimeframe, chartLevels, chartWindow, exitView, signalMarks } from "../model/chart-window";
import { ChartLegend } from "./ChartLegend";
import { OpenSetupStatus } from "./OpenSetupStatus";

const ChartCanvas = lazy(() => import("./ChartCanvas"));

function TimeframeSwitch({ value, onChange }: { value: ChartTimeframe; onChange: (tf: ChartTimeframe) => void }) {
  return (
    <fieldset aria-label="Chart timeframe" className="flex rounded-md border border-line bg-bg/60 p-0.5">
      {CHART_TIMEFRAMES.map((tf) => (
        <button
          key={tf}
          type="button"
          aria-pressed={tf === value}
          onClick={() => onChange(tf)}
          className={cn(
            "num rounded px-2 py-0.5 font-mono text-[11px] font-semibold transition-colors",
            tf === value ? "bg-white/10 text-ink" : "text-muted hover:text-ink",
          )}
        >
          {tf}
        </button>
      ))}
    </fieldset>
  );
}

/** The chart area's stand-in while candles load, or when there are none; shared with the pair chart. */
export function Placeholder({ children }: { children?: React.ReactNode }) {
  return <div className="flex h-full items-center justify-center text-xs text-muted">{children ?? <Spinner label="Loading chart" />}</div>;
}

export type ChartSignal = Pick<
  Signal,
  "symbol" | "type" | "entry_price" | "stop_loss" | "take_profit" | "context" | "market_time_ms" | "outcome" | "outcome_market_ms" | "r_multiple"
>;

/** Nothing for a No Trade or a signal without its issue time. `dense` fits the narrow Day Signal card. */
export function SignalChart({ signal, dense = false }: { signal: ChartSignal; dense?: boolean }) {
  const [tf, setTf] = useState<ChartTimeframe>("1h");
  const issueMs = signal.market_time_ms ?? 0;
  const side = signal.type === "LONG" || signal.type === "SHORT" ? signal.type : null;
  const exit = useMemo(() => exitView(signal), [signal]);
  const win = chartWindow(issueMs, exit?.atMs ?? null, tf);
  const q = useCandles(signal.symbol, tf, win.end, win.limit);
  const levels = useMemo(() => chartLevels(signal), [signal]);
  // An open window also draws the forming candle, so a signal issued since the last close shows its issue at once.
  const candles = useMemo(() => (q.data?.interval === tf ? chartCandles(q.data) : null), [q.data, tf]);
  const canvas = useMemo(
    () =>
      candles && side
        ? {
            candles,
            tf,
            levels,
            marks: signalMarks(side, issueMs, exit),
            path: { fromMs: issueMs, toMs: exit?.atMs ?? null },
            label: `${signal.symbol} ${tf} candles with entry, stop loss and take profit lines`,
          }
        : null,
    [candles, tf, levels, side, issueMs, exit, signal.symbol],
  );
  if (!side || issueMs <= 0) return null;
  return (
    <section
      aria-label="Signal chart"
      data-testid="signal-chart"
      className={cn("rounded-lg border border-line bg-bg/40", dense ? "mt-2.5 p-2" : "mt-4 p-3")}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">
          Chart <span className="font-mono normal-case tracking-normal text-faint">{signal.symbol}</span>
        </h3>
        <TimeframeSwitch value={tf} onChange={setTf} />
      </div>
      {signal.outcome?.toUpperCase() === "OPEN" ? <OpenSetupStatus signal={signal} /> : null}
      <div className={cn("relative mt-2", dense ? "h-48" : "h-56 sm:h-64")}>
        {q.isError ? (
          <Placeholder>Chart unavailable right now.</Placeholder>
        ) : !canvas ? (
          <Placeholder />
        ) : canvas.candles.length === 0 ? (
          <Placeholder>No candles for this window.</Placeholder>
        ) : (
          <Suspense fallback={<Placeholder />}>
            <ChartCanvas spec={canvas} />
          </Suspense>
        )}
      </div>
      <ChartLegend levels={levels} issueMs={issueMs} exit={exit} dense={dense} />
    </section>
  );
}
