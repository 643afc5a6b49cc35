// GET/PUT /api/user/preferences: the position sizer's account size (USDT) and risk per trade (%), remembered per user.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { decodePreferences, type Preferences } from "./decode-user";
import { userKeys } from "./keys";

export type { Preferences };

export const fetchPreferences = async () => decodePreferences(await apiQuery("/api/user/preferences"));

export const preferencesQuery = () => queryOptions({ queryKey: userKeys.preferences(), queryFn: fetchPreferences, staleTime: 60_000 });

export function usePreferences() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...preferencesQuery(), enabled: signedIn });
}

/** Saves both values; the answer becomes the cached preferences, so every open sizer shows them. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (p: { accountSize: number; riskPercent: number }) =>
      decodePreferences(await apiRequest("PUT", "/api/user/preferences", { account_size: p.accountSize, risk_percent: p.riskPercent })),
    onSuccess: (saved) => client.setQueryData(userKeys.preferences(), saved),
  });
}
