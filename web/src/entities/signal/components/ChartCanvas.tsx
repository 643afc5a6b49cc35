// The canvas part of the signal chart (TradingView lightweight-charts, loaded on demand): candles, level lines, the
// issue and exit markers, and the price path from issue to exit drawn over the candles.
import type { Candle } from "@core/candles";
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  LineSeries,
  LineStyle,
  type SeriesMarker,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { barOf, CHART_COLORS, type ChartLevel, type ChartTimeframe, type ExitView, pricePrecision } from "../model/chart-window";

export type ChartCanvasProps = {
  candles: Candle[];
  tf: ChartTimeframe;
  levels: ChartLevel[];
  side: "LONG" | "SHORT";
  issueMs: number;
  exit: ExitView | null;
  label: string;
};

const at = (ms: number) => (ms / 1000) as UTCTimestamp;
const SHORT_LABEL: Record<ChartLevel["key"], string> = { entry: "Entry", tp: "TP", sl: "SL", invalidation: "Inval." };

function markersOf(p: ChartCanvasProps): SeriesMarker<UTCTimestamp>[] {
  const long = p.side === "LONG";
  const issued: SeriesMarker<UTCTimestamp> = {
    time: at(barOf(p.issueMs, p.tf)),
    position: long ? "belowBar" : "aboveBar",
    shape: long ? "arrowUp" : "arrowDown",
    color: CHART_COLORS.path,
    text: `${p.side} issued`,
  };
  if (!p.exit) return [issued];
  const color = p.exit.tone === "pos" ? CHART_COLORS.tp : p.exit.tone === "neg" ? CHART_COLORS.sl : CHART_COLORS.entry;
  return [issued, { time: at(barOf(p.exit.atMs, p.tf)), position: long ? "aboveBar" : "belowBar", shape: "circle", color, text: p.exit.label }];
}

/** Closes from the issue's bar to the exit's (or the newest bar while open): the path the trade took. */
function pathOf(p: ChartCanvasProps) {
  const from = barOf(p.issueMs, p.tf);
  const to = p.exit ? barOf(p.exit.atMs, p.tf) : Number.POSITIVE_INFINITY;
  return p.candles.filter((k) => k.t >= from && k.t <= to).map((k) => ({ time: at(k.t), value: k.c }));
}

function draw(el: HTMLElement, p: ChartCanvasProps) {
  const chart = createChart(el, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: "transparent" },
      textColor: CHART_COLORS.text,
      fontSize: 11,
      fontFamily: "Inter, ui-sans-serif, system-ui, sans-serif",
      // The library's logo injects an un-nonced <style> the CSP refuses; the legend carries the attribution instead.
      attributionLogo: false,
    },
    grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
    rightPriceScale: { borderColor: CHART_COLORS.grid, scaleMargins: { top: 0.12, bottom: 0.12 } },
    timeScale: { borderColor: CHART_COLORS.grid, timeVisible: p.tf !== "1d", secondsVisible: false },
    crosshair: { horzLine: { labelBackgroundColor: "#2a3444" }, vertLine: { labelBackgroundColor: "#2a3444" } },
  });
  const precision = pricePrecision(p.levels[0]?.price ?? p.candles[0]?.c ?? 1);
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: CHART_COLORS.up,
    downColor: CHART_COLORS.down,
    wickUpColor: CHART_COLORS.up,
    wickDownColor: CHART_COLORS.down,
    borderVisible: false,
    priceLineVisible: false,
    priceFormat: { type: "price", precision, minMove: 10 ** -precision },
  });
  candles.setData(p.candles.map((k) => ({ time: at(k.t), open: k.o, high: k.h, low: k.l, close: k.c })));
  for (const lv of p.levels)
    candles.createPriceLine({
      price: lv.price,
      color: lv.color,
      lineWidth: lv.key === "entry" ? 2 : 1,
      lineStyle: lv.dashed ? LineStyle.Dashed : LineStyle.Solid,
      axisLabelVisible: true,
      title: SHORT_LABEL[lv.key],
    });
  const path = chart.addSeries(LineSeries, {
    color: CHART_COLORS.path,
    lineWidth: 3,
    priceLineVisible: false,
    lastValueVisible: false,
    crosshairMarkerVisible: false,
  });
  path.setData(pathOf(p));
  createSeriesMarkers(candles, markersOf(p));
  chart.timeScale().fitContent();
  return chart;
}

/** `spec` is memoised by the caller: a new one redraws the chart from scratch. */
export default function ChartCanvas({ spec }: { spec: ChartCanvasProps }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = draw(ref.current, spec);
    return () => chart.remove();
  }, [spec]);
  return <div ref={ref} role="img" aria-label={spec.label} data-testid="chart-canvas" className="h-full w-full" />;
}
