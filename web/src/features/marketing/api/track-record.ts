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

export function useTrackRecord() {
  return useQuery({ queryKey: marketingKeys.trackRecord, select: normalizeTrackRecord, staleTime: 600_000 });
}
