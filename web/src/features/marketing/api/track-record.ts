// GET /api/public/track-record: measured win rate with period and sample size; nothing is shown when it is unavailable.
import { useQuery } from "@tanstack/react-query";
import { marketingKeys } from "./keys";
import { isObj, num, str, unwrap } from "./read";

export type TrackRecord = {
  winRate: number; // 0..1
  sampleSize: number;
  periodStart: string | null;
  periodEnd: string | null;
  expectancyR: number | null;
  source: string | null;
};

export const NO_TRACK_RECORD_TEXT = "Track record published after the first backtest";

/** Null unless there is a real measurement (a win rate over at least one closed signal). */
export function normalizeTrackRecord(raw: unknown): TrackRecord | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const rate = num(data, "win_rate");
  const sample = num(data, "sample_size");
  if (rate === null || sample === null || sample < 1) return null;
  return {
    // Accept either a 0..1 ratio or a percentage.
    winRate: rate > 1 ? rate / 100 : rate,
    sampleSize: Math.round(sample),
    periodStart: str(data, "period_start"),
    periodEnd: str(data, "period_end"),
    expectancyR: num(data, "expectancy_r"),
    source: str(data, "source"),
  };
}

export function useTrackRecord() {
  return useQuery({ queryKey: marketingKeys.trackRecord, select: normalizeTrackRecord, staleTime: 600_000 });
}
