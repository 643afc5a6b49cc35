// What the signal chart shows for a signal: the candle window around issue (and exit), its level lines and its markers.
import type { Signal } from "@web/entities/signal/api/decode-signal";

export const CHART_TIMEFRAMES = ["1h", "4h", "1d"] as const;
export type ChartTimeframe = (typeof CHART_TIMEFRAMES)[number];
export const TIMEFRAME_MS: Record<ChartTimeframe, number> = { "1h": 3_600_000, "4h": 14_400_000, "1d": 86_400_000 };

/** Bars shown before the issue and after the exit, per timeframe: about three days of 1h context, a quarter of 1d. */
const BARS_BEFORE: Record<ChartTimeframe, number> = { "1h": 72, "4h": 60, "1d": 90 };
const BARS_AFTER: Record<ChartTimeframe, number> = { "1h": 12, "4h": 6, "1d": 5 };
/** The server's cap per request. */
export const MAX_BARS = 500;

/** Colours of the app's dark theme (styles.css tokens), spelled out because the chart paints on a canvas. */
export const CHART_COLORS = {
  up: "#10b981",
  down: "#f43f5e",
  entry: "#e6edf6",
  tp: "#34d399",
  sl: "#f43f5e",
  grid: "#1e2633",
  text: "#8b97a8",
  path: "#38bdf8",
} as const;

export type ChartWindow = { end: number | undefined; limit: number };

/**
 * A resolved signal: from BARS_BEFORE before the issue to BARS_AFTER past the exit. An open one: the latest bars
 * (end undefined: the server stops at its market clock), enough to reach back to BARS_BEFORE before the issue.
 */
export function chartWindow(issueMs: number, exitMs: number | null, tf: ChartTimeframe, nowMs: number | null = null): ChartWindow {
  const step = TIMEFRAME_MS[tf];
  const from = issueMs - BARS_BEFORE[tf] * step;
  if (exitMs !== null) {
    const end = Math.ceil(exitMs / step) * step + BARS_AFTER[tf] * step;
    return { end, limit: Math.min(MAX_BARS, Math.ceil((end - from) / step)) };
  }
  const span = nowMs !== null && nowMs > from ? Math.ceil((nowMs - from) / step) : BARS_BEFORE[tf] + 48;
  return { end: undefined, limit: Math.min(MAX_BARS, Math.max(BARS_BEFORE[tf], span)) };
}

export type LevelKey = "entry" | "tp" | "sl";
export type ChartLevel = { key: LevelKey; label: string; price: number; color: string; dashed: boolean };

/** Entry, stop loss and take profit; levels the signal lacks are left out. The structure level behind the setup is not
 *  drawn: the stop is the one exit below the entry that counts, and a second line there read as a second stop. */
export function chartLevels(signal: Pick<Signal, "entry_price" | "stop_loss" | "take_profit" | "context">): ChartLevel[] {
  const rows: [LevelKey, string, number | null | undefined, boolean][] = [
    ["tp", "Take profit", signal.take_profit, false],
    ["entry", "Entry", signal.entry_price, false],
    ["sl", "Stop loss", signal.stop_loss, false],
  ];
  return rows
    .filter((r): r is [LevelKey, string, number, boolean] => typeof r[2] === "number" && Number.isFinite(r[2]) && r[2] > 0)
    .map(([key, label, price, dashed]) => ({ key, label, price, color: CHART_COLORS[key], dashed }));
}

export type ExitView = { atMs: number; label: string; tone: "pos" | "neg" | "muted" };

const EXIT_NAMES: Record<string, string> = { TP_HIT: "TP", SL_HIT: "SL", EXPIRED: "Expiry" };

/** The exit of a resolved signal: where, and its label ('TP +1.85R', 'SL −1.10R', 'Expiry +0.20R'); null while open. */
export function exitView(signal: Pick<Signal, "outcome" | "outcome_market_ms" | "r_multiple">): ExitView | null {
  const name = EXIT_NAMES[signal.outcome?.toUpperCase() ?? ""];
  const at = signal.outcome_market_ms;
  if (!name || typeof at !== "number" || at <= 0) return null;
  const r = signal.r_multiple;
  const rText = r === null ? "" : ` ${r >= 0 ? "+" : "−"}${Math.abs(r).toFixed(2)}R`;
  return { atMs: at, label: `${name}${rText}`, tone: r === null || r === 0 ? "muted" : r > 0 ? "pos" : "neg" };
}

/** A marker on the chart, at the bar `atMs` falls in. */
export type ChartMark = {
  atMs: number;
  position: "aboveBar" | "belowBar";
  shape: "arrowUp" | "arrowDown" | "circle";
  color: string;
  text: string;
};

/** A signal's own markers: where it was issued and, once resolved, its exit with the result. */
export function signalMarks(side: "LONG" | "SHORT", issueMs: number, exit: ExitView | null): ChartMark[] {
  const long = side === "LONG";
  const issued: ChartMark = {
    atMs: issueMs,
    position: long ? "belowBar" : "aboveBar",
    shape: long ? "arrowUp" : "arrowDown",
    color: CHART_COLORS.path,
    text: `${side} issued`,
  };
  if (!exit) return [issued];
  const color = exit.tone === "pos" ? CHART_COLORS.tp : exit.tone === "neg" ? CHART_COLORS.sl : CHART_COLORS.entry;
  return [issued, { atMs: exit.atMs, position: long ? "aboveBar" : "belowBar", shape: "circle", color, text: exit.label }];
}

/** The bar a moment falls in (chart times are bar open times). */
export const barOf = (ms: number, tf: ChartTimeframe) => Math.floor(ms / TIMEFRAME_MS[tf]) * TIMEFRAME_MS[tf];

export type PriceRange = { minValue: number; maxValue: number };

/** The candles' own price range widened to hold every level line, so the target (and stop, entry) is never off the
 *  chart however far it sits from the bars shown (1h and 1d alike); null when there is neither. */
export function rangeWithLevels(candles: PriceRange | null, levels: readonly Pick<ChartLevel, "price">[]): PriceRange | null {
  const prices = levels.map((l) => l.price).filter((p) => Number.isFinite(p));
  if (prices.length === 0) return candles;
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  if (!candles) return { minValue: lo, maxValue: hi };
  return { minValue: Math.min(candles.minValue, lo), maxValue: Math.max(candles.maxValue, hi) };
}

/** Decimals the price axis needs: the app's rule for ordinary prices, more for sub-cent coins (PEPE, SHIB). */
export function pricePrecision(price: number): number {
  if (!(price > 0)) return 2;
  if (price >= 100) return 2;
  if (price >= 1) return 3;
  return Math.min(10, Math.max(5, Math.ceil(-Math.log10(price)) + 3));
}
