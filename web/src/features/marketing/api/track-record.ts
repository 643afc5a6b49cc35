// GET /api/public/track-record: measured win rate with period and sample size; nothing is shown when it is unavailable.
import { useQuery } from "@tanstack/react-query";
import { marketingKeys } from "./keys";
import { isObj, num, obj, str, unwrap, type Obj } from "@web/lib/read";

export type TrackRecord = {
  winRate: number; // 0..1
  sampleSize: number;
  periodStart: string | null;
  periodEnd: string | null;
  expectancyR: number | null;
  /** Where the figure comes from: live outcomes of issued signals, or the out-of-sample backtest. */
  source: "live signals" | "out-of-sample backtest";
};

export const NO_TRACK_RECORD_TEXT = "Track record published after the first backtest";

/** Live outcomes replace the backtest once this many live signals have closed; fewer say little. */
export const LIVE_MIN_CLOSED = 30;

function measured(o: Obj, source: TrackRecord["source"]): TrackRecord | null {
  const rate = num(o, "win_rate");
  const sample = num(o, "sample_size");
  if (rate === null || sample === null || sample < 1) return null;
  const period = obj(o, "period") ?? {};
  return {
    winRate: rate > 1 ? rate / 100 : rate,
    sampleSize: Math.round(sample),
    periodStart: str(period, "from"),
    periodEnd: str(period, "to"),
    expectancyR: num(o, "expectancy_r", "avg_r_multiple"),
    source,
  };
}

/**
 * GET /api/public/track-record answers {backtest, live}: live outcomes when enough have closed, else the backtest;
 * null when neither holds a real measurement.
 */
export function normalizeTrackRecord(raw: unknown): TrackRecord | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const live = obj(data, "live");
  if (live && (num(live, "sample_size") ?? 0) >= LIVE_MIN_CLOSED) {
    const fromLive = measured(live, "live signals");
    if (fromLive) return fromLive;
  }
  const backtest = obj(data, "backtest");
  return backtest ? measured(backtest, "out-of-sample backtest") : null;
}

/** The backtest in full, for the page that shows how the headline figure was measured and what it is compared with. */
export type BacktestDetail = {
  from: string | null;
  to: string | null;
  pairs: number | null;
  evaluations: number | null;
  signals: number;
  noTradeRate: number | null;
  winRate: number;
  expectancyR: number | null;
  profitFactor: number | null;
  maxDrawdownR: number | null;
  fees: string | null;
  baselines: { name: string; winRate: number | null; expectancyR: number | null }[];
};

const BASELINE_NAMES: Record<string, string> = { always_long: "Always LONG, same entries", random_direction: "Random direction, same entries" };

export function normalizeBacktest(raw: unknown): BacktestDetail | null {
  const data = unwrap(raw);
  const bt = isObj(data) ? obj(data, "backtest") : null;
  if (!bt) return null;
  const signals = num(bt, "sample_size", "signals");
  const winRate = num(bt, "win_rate");
  if (signals === null || signals < 1 || winRate === null) return null;
  const period = obj(bt, "period") ?? {};
  const baselines = obj(bt, "baselines") ?? {};
  return {
    from: str(period, "from"),
    to: str(period, "to"),
    pairs: num(bt, "pairs"),
    evaluations: num(bt, "evaluations"),
    signals,
    noTradeRate: num(bt, "no_trade_rate"),
    winRate,
    expectancyR: num(bt, "expectancy_r"),
    profitFactor: num(bt, "profit_factor"),
    maxDrawdownR: num(bt, "max_drawdown_r"),
    fees: str(bt, "fees"),
    baselines: Object.entries(baselines)
      .filter((e): e is [string, Obj] => isObj(e[1]))
      .map(([key, b]) => ({ name: BASELINE_NAMES[key] ?? key, winRate: num(b, "win_rate"), expectancyR: num(b, "expectancy_r") })),
  };
}

export function useBacktestDetail() {
  return useQuery({ queryKey: marketingKeys.trackRecord, select: normalizeBacktest, staleTime: 600_000 });
}

export function useTrackRecord() {
  return useQuery({ queryKey: marketingKeys.trackRecord, select: normalizeTrackRecord, staleTime: 600_000 });
}
