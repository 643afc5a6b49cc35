// GET /api/alerts and POST /api/alerts/read: the trader's newest alerts with the unread count, and marking them read.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import type { AlertsPage } from "../model/alerts";
import { alertKeys } from "./keys";

export const ALERTS_SHOWN = 20;
/** The socket pushes new alerts at once; the poll only catches what a dropped socket missed. */
const POLL_MS = 60_000;

export const fetchAlerts = () => apiQuery<AlertsPage>(`/api/alerts?limit=${ALERTS_SHOWN}`);

export const alertsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: alertKeys.list(), queryFn: fetchAlerts, enabled, refetchInterval: POLL_MS, staleTime: 10_000 });

export function useAlerts() {
  return useQuery(alertsQuery(useIsSignedIn()));
}

export const markAlertsRead = (ids?: number[]) => apiRequest<{ unread_count: number }>("POST", "/api/alerts/read", ids ? { ids } : { all: true });

export function useMarkAlertsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAlertsRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.list() }),
  });
}
