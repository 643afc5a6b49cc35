// GET /api/public/track-record: one cached answer, read two ways (decode-track-record): the About page's full backtest and
// the one-line note elsewhere.
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api";
import { normalizeBacktest, normalizeTrackRecord } from "./decode-track-record";
import { trackRecordKeys } from "@web/entities/track-record/api/keys";

export const fetchTrackRecord = () => apiQuery("/api/public/track-record");

/** One cached answer, two readings: the About page's full backtest and the one-line note elsewhere. */
const trackRecordQuery = { queryKey: trackRecordKeys.record(), queryFn: fetchTrackRecord, staleTime: 600_000 };

export function useBacktestDetail() {
  return useQuery({ ...trackRecordQuery, select: normalizeBacktest });
}

export function useTrackRecord() {
  return useQuery({ ...trackRecordQuery, select: normalizeTrackRecord });
}
