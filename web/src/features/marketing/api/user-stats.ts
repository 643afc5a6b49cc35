// GET /api/user/stats (signed in): average confidence and active signals for the home badges.
import { useQuery } from "@tanstack/react-query";
import { userKeys } from "@web/entities/user/api/keys";
import { apiQuery } from "@web/lib/api";
import { isObj, num, unwrap } from "@web/lib/decode";
import { useIsSignedIn } from "@web/lib/session";

export type UserStats = { activeSignals: number | null; avgConfidencePercent: number | null; credits: number | null };

export function normalizeUserStats(raw: unknown): UserStats | null {
  const data = unwrap(raw);
  if (!isObj(data)) return null;
  const conf = num(data, "avgConfidence", "avg_confidence");
  return {
    activeSignals: num(data, "activeSignals", "active_signals"),
    // Confidence may come as 0..1 or as a percent; the badge shows a whole percent.
    avgConfidencePercent: conf === null || conf <= 0 ? null : Math.round(conf <= 1 ? conf * 100 : conf),
    credits: num(data, "credits", "creditsRemaining"),
  };
}

export const fetchUserStats = () => apiQuery("/api/user/stats");

export function useUserStats() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: userKeys.stats(), queryFn: fetchUserStats, select: normalizeUserStats, enabled: signedIn });
}
