// GET/DELETE /api/user/trusted-browsers: browsers that sign in without an e-mail code; sign-out keeps their trust,
// so the owner withdraws it here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrustedBrowser } from "@core/contract/session";
import { userKeys } from "@web/entities/user/api/keys";
import { apiQuery, apiRequest } from "@web/lib/api";
import { useIsSignedIn } from "@web/lib/session";

export type { TrustedBrowser };

export function useTrustedBrowsers() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: userKeys.trustedBrowsers(),
    queryFn: () => apiQuery<{ browsers: TrustedBrowser[] }>("/api/user/trusted-browsers"),
    enabled: signedIn,
    select: (data) => data?.browsers ?? [],
  });
}

export function useRemoveTrustedBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => apiRequest<unknown>("DELETE", `/api/user/trusted-browsers/${encodeURIComponent(deviceId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.trustedBrowsers() }),
  });
}
