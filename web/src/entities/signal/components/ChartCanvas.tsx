// The canvas part of the signal and pair charts (TradingView lightweight-charts, loaded on demand): candles, level lines,
// markers (a signal's issue and exit, or a pair's recent signals) and a price path drawn over the candles.
import type { Candle } from "@core/market/candles";
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
import { barOf, CHART_COLORS, type ChartLevel, type ChartMark, type ChartTimeframe, pricePrecision, rangeWithLevels } from "../model/chart-window";

export type ChartCanvasProps = {
  candles: Candle[];
  tf: ChartTimeframe;
  levels: ChartLevel[];
  marks: ChartMark[];
  /** Closes from the bar of `fromMs` to that of `toMs` (the newest while null) drawn as a line; null draws none. */
  path: { fromMs: number; toMs: number | null } | null;
  label: string;
};

const at = (ms: number) => (ms / 1000) as UTCTimestamp;
const SHORT_LABEL: Record<ChartLevel["key"], string> = { entry: "Entry", tp: "TP", sl: "SL" };

/** The library wants markers in time order. */
const markersOf = (p: ChartCanvasProps): SeriesMarker<UTCTimestamp>[] =>
  p.marks
    .map((m) => ({ time: at(barOf(m.atMs, p.tf)), position: m.position, shape: m.shape, color: m.color, text: m.text }))
    .sort((a, b) => a.time - b.time);

function pathOf(p: ChartCanvasProps) {
  if (!p.path) return [];
  const from = barOf(p.path.fromMs, p.tf);
  const to = p.path.toMs !== null ? barOf(p.path.toMs, p.tf) : Number.POSITIVE_INFINITY;
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
    // The whole window stays in view when the box changes width (a phone turned, a window narrowed), not the newest bars only.
    timeScale: {
      borderColor: CHART_COLORS.grid,
      timeVisible: p.tf !== "1d",
      secondsVisible: false,
      lockVisibleTimeRangeOnResize: true,
      // Room right of the newest bar for half a marker's label: a signal issued on it ("NO TRADE", "LONG issued") was
      // cut by the price scale when the offset was 4 bars of a week's window (about 16 px).
      rightOffset: 4,
      rightOffsetPixels: 44,
    },
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
    // Every level line inside the scale, not only the candles' range: a far target stays on the chart.
    autoscaleInfoProvider: (original: () => { priceRange: { minValue: number; maxValue: number } | null } | null) => {
      const base = original();
      const priceRange = rangeWithLevels(base?.priceRange ?? null, p.levels);
      return priceRange ? { ...base, priceRange } : base;
    },
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
  if (p.path) {
    const path = chart.addSeries(LineSeries, {
      color: CHART_COLORS.path,
      lineWidth: 3,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    path.setData(pathOf(p));
  }
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
