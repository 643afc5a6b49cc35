// GET /api/user/stats (signed in): average confidence and active signals for the home badges.
import { useQuery } from "@tanstack/react-query";
import { userKeys } from "@web/entities/user/api/keys";
import { apiQuery } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { normalizeUserStats, type UserStats } from "./decode-public";

export { normalizeUserStats, type UserStats };

export const fetchUserStats = () => apiQuery("/api/user/stats");

export function useUserStats() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: userKeys.stats(), queryFn: fetchUserStats, select: normalizeUserStats, enabled: signedIn });
}
