// GET/PUT /api/user/preferences: the position sizer's account size (USDT) and risk per trade (%), remembered per user.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { isObj, num } from "@web/lib/decode";
import { useIsSignedIn } from "@web/lib/session";
import { userKeys } from "./keys";

export type Preferences = { accountSize: number | null; riskPercent: number | null };

const read = (raw: unknown): Preferences => {
  const o = isObj(raw) ? raw : {};
  return { accountSize: num(o, "account_size"), riskPercent: num(o, "risk_percent") };
};

export const fetchPreferences = async () => read(await apiQuery("/api/user/preferences"));

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
      read(await apiRequest("PUT", "/api/user/preferences", { account_size: p.accountSize, risk_percent: p.riskPercent })),
    onSuccess: (saved) => client.setQueryData(userKeys.preferences(), saved),
  });
}
