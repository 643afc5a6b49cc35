// GET /api/signals/stats: the four stat cards with 7-day series, as the server computes them (the one tier that does).
import type { SignalStats } from "@core/contract/signal";
import { useQuery } from "@tanstack/react-query";
import { signalKeys } from "@web/entities/signal/api/keys";
import { apiQuery } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { STATS_POLL_MS } from "../model/polling";
import type { DashboardStats } from "../model/stats";
import { useLivePoll } from "@web/lib/live-socket";

/** The contract's cards renamed for the screen; the two credit totals come from GET /api/credits/usage instead. */
export const toDashboardStats = (s: SignalStats): DashboardStats => ({
  totalSignals: {
    value: s.total_signals.value,
    trendPercent: s.total_signals.trend_percent,
    last7: s.total_signals.last_7_days,
    previous7: s.total_signals.previous_7_days,
    series: s.total_signals.series,
  },
  liveAnalyses: { value: s.live_analyses.value, completed: s.live_analyses.completed, series: s.live_analyses.series },
  usedCredits: { today: s.used_credits.today, series: s.used_credits.series },
  returnedCredits: { ratio: s.returned_credits.ratio, series: s.returned_credits.series },
});

export const fetchSignalStats = () => apiQuery<SignalStats>("/api/signals/stats");

export function useSignalStats() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: signalKeys.stats(),
    queryFn: fetchSignalStats,
    select: (s) => (s ? toDashboardStats(s) : null),
    enabled: signedIn,
    refetchInterval: useLivePoll(STATS_POLL_MS, "user"),
    staleTime: 0,
  });
}
