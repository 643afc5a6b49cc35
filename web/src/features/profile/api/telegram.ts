// /api/telegram: link status (polled while a deep link waits for /start), the start link, and unlinking.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";
import { channelKeys } from "./keys";

export type TelegramStatus = {
  configured: boolean;
  bot_username: string | null;
  linked: boolean;
  chat: { username: string | null; first_name: string | null; linked_at: string } | null;
};
export type TelegramLink = { token: string; url: string; expires_at: string };

export const fetchTelegram = () => apiQuery<TelegramStatus>("/api/telegram");

export function useTelegram(waiting: boolean) {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: channelKeys.telegram(), queryFn: fetchTelegram, enabled: signedIn, refetchInterval: waiting ? 3000 : false });
}

export const useLinkTelegram = () => useMutation({ mutationFn: () => apiRequest<TelegramLink>("POST", "/api/telegram/link") });

export function useUnlinkTelegram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>("DELETE", "/api/telegram/link"),
    onSettled: () => qc.invalidateQueries({ queryKey: channelKeys.telegram() }),
  });
}
