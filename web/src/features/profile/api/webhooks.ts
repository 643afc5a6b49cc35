// /api/webhooks: the trader's endpoints (list, add, enable, delete, send test) and each one's delivery log.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { channelKeys } from "./keys";

export type Webhook = { id: number; url: string; enabled: boolean; secret_hint: string; created_at: string };
export type WebhookList = { webhooks: Webhook[]; limit: number };
export type Delivery = {
  id: number;
  event_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  ok: boolean;
  error: string | null;
  response_body: string | null;
  created_at: string;
};

export const fetchWebhooks = () => apiQuery<WebhookList>("/api/webhooks");
export const fetchDeliveries = (id: number) => apiQuery<{ deliveries: Delivery[] }>(`/api/webhooks/${id}/deliveries`);

export function useWebhooks() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: channelKeys.webhooks(), queryFn: fetchWebhooks, enabled: signedIn });
}

/** Polled while shown: retries land on their own schedule (seconds to minutes apart). */
export function useDeliveries(id: number, open: boolean) {
  return useQuery({
    queryKey: channelKeys.deliveries(id),
    queryFn: () => fetchDeliveries(id),
    enabled: open,
    refetchInterval: open ? 3000 : false,
    select: (d) => d?.deliveries ?? [],
  });
}

function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: channelKeys.webhooks() }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: { url: string }) => apiRequest<{ webhook: Webhook; secret: string }>("POST", "/api/webhooks", input));
export const useToggleWebhook = () =>
  useWebhookMutation(({ id, enabled }: { id: number; enabled: boolean }) => apiRequest<Webhook>("PATCH", `/api/webhooks/${id}`, { enabled }));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => apiRequest<unknown>("DELETE", `/api/webhooks/${id}`));
export const useSendTest = () => useWebhookMutation((id: number) => apiRequest<{ event_id: string }>("POST", `/api/webhooks/${id}/test`));
