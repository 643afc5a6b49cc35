// GET/PUT /api/alerts/preferences: the channel × stage grid, the VAPID key and the subscribed devices.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import type { Preference, Preferences } from "../model/alerts";
import { alertKeys } from "./keys";

export const fetchPreferences = () => apiQuery<Preferences>("/api/alerts/preferences");

export const preferencesQuery = (enabled: boolean) => queryOptions({ queryKey: alertKeys.preferences(), queryFn: fetchPreferences, enabled });

export function usePreferences() {
  return useQuery(preferencesQuery(useIsSignedIn()));
}

export const savePreferences = (preferences: Preference[]) => apiRequest<Preferences>("PUT", "/api/alerts/preferences", { preferences });

/** The grid with `changes` applied: shown at once (the toggle answers the click), put back if the save fails. */
export const withChanges = (prefs: Preferences, changes: Preference[]): Preferences => ({
  ...prefs,
  preferences: prefs.preferences.map((p) => changes.find((c) => c.channel === p.channel && c.kind === p.kind) ?? p),
});

export function useSavePreferences() {
  const qc = useQueryClient();
  const key = alertKeys.preferences();
  return useMutation({
    mutationFn: savePreferences,
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Preferences>(key);
      if (before) qc.setQueryData(key, withChanges(before, changes));
      return { before };
    },
    onError: (_err, _changes, context) => context?.before && qc.setQueryData(key, context.before),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}
