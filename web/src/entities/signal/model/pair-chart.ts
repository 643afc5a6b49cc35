// What the pair chart on Start Trading shows: the last 7 days of 1h candles and the trader's own signals on that pair
// inside them, each as a marker on the canvas and a line of its HTML legend.
import type { Candle } from "@core/market/candles";
import { outcomeView } from "@web/entities/signal/model/signal-outcome";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import { formatUtcMinute } from "@web/lib/format";
import { CHART_COLORS, type ChartMark, TIMEFRAME_MS } from "./chart-window";

/** The last 7 days of hourly bars. */
export const PAIR_CHART_BARS = 7 * 24;

export type PairSignalMark = { id: number; type: "LONG" | "SHORT" | "NO_TRADE"; legend: string; mark: ChartMark };

const MARK_STYLE = {
  LONG: { position: "belowBar", shape: "arrowUp", color: CHART_COLORS.up, text: "LONG" },
  SHORT: { position: "aboveBar", shape: "arrowDown", color: CHART_COLORS.down, text: "SHORT" },
  NO_TRADE: { position: "aboveBar", shape: "circle", color: CHART_COLORS.text, text: "NO TRADE" },
} as const;

/**
 * `symbol`'s signals issued (on the market clock) within the candles shown, oldest first; a signal without its issue
 * time or direction cannot be placed and is left out.
 */
export function pairSignalMarks(signals: readonly Signal[], symbol: string, candles: readonly Candle[]): PairSignalMark[] {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return [];
  const end = last.t + TIMEFRAME_MS["1h"];
  return signals
    .flatMap((s): PairSignalMark[] => {
      const at = s.market_time_ms ?? null;
      if (s.symbol !== symbol || !s.type || at === null || at < first.t || at >= end) return [];
      const outcome = s.type === "NO_TRADE" ? null : outcomeView(s.outcome, s.r_multiple);
      const words = MARK_STYLE[s.type].text;
      return [
        {
          id: s.id,
          type: s.type,
          legend: `${words} · ${formatUtcMinute(new Date(at).toISOString())}${outcome ? ` · ${outcome.text}` : ""}`,
          mark: { atMs: at, ...MARK_STYLE[s.type] },
        },
      ];
    })
    .sort((a, b) => a.mark.atMs - b.mark.atMs);
}
