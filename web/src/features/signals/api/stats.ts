// GET /api/signals/stats: the four stat cards with 7-day series; the page falls back to client-side counts when it fails.
import { useQuery } from "@tanstack/react-query";
import { signalKeys } from "@web/entities/analysis/api/keys";
import { apiQuery } from "@web/lib/api";
import { isObj, num, obj, str, unwrap, type Obj } from "@web/lib/read";
import { useIsSignedIn } from "@web/lib/session";
import { STATS_POLL_MS } from "../model/polling";
import type { DashboardStats, DayPoint } from "../model/stats";
import { useLivePoll } from "@web/lib/live-socket";

function series(o: Obj | null): DayPoint[] {
  const raw = o && Array.isArray(o.series) ? o.series : [];
  return raw.flatMap((p) => {
    if (!isObj(p)) return [];
    const date = str(p, "date");
    const value = num(p, "value");
    return date && value !== null ? [{ date, value }] : [];
  });
}

export function normalizeStats(raw: unknown): DashboardStats | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const total = obj(data, "total_signals");
  const live = obj(data, "live_analyses");
  const used = obj(data, "used_credits");
  const returned = obj(data, "returned_credits");
  if (!total || !live || !used || !returned) return null;
  return {
    totalSignals: {
      value: num(total, "value") ?? 0,
      trendPercent: num(total, "trend_percent"),
      last7: num(total, "last_7_days") ?? 0,
      previous7: num(total, "previous_7_days") ?? 0,
      series: series(total),
    },
    liveAnalyses: { value: num(live, "value") ?? 0, completed: num(live, "completed") ?? 0, series: series(live) },
    usedCredits: { value: num(used, "value") ?? 0, today: num(used, "today") ?? 0, series: series(used) },
    returnedCredits: { value: num(returned, "value") ?? 0, ratio: num(returned, "ratio") ?? 0, series: series(returned) },
  };
}

export const fetchSignalStats = () => apiQuery("/api/signals/stats");

export function useSignalStats() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalKeys.stats(),
    queryFn: fetchSignalStats,
    select: normalizeStats,
    enabled: signedIn,
    refetchInterval: useLivePoll(STATS_POLL_MS, "user"),
    staleTime: 0,
  });
}
