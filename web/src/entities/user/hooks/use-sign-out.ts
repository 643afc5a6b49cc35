// Sign Out: server logout, then local session and caches cleared whatever the answer, then /login; when the server
// could not be reached (no answer within the time limit) the spec's network text says so.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@web/components/ui/toast";
import { NETWORK_ISSUE } from "@web/lib/fetch-errors";
import { logout } from "@web/lib/session";

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const reached = await logout();
    queryClient.clear();
    navigate("/login", { replace: true });
    // Signed out here either way; the server may still hold the session, so the user learns to retry later.
    if (!reached) toast({ title: "Signed out on this device", description: NETWORK_ISSUE, variant: "destructive" });
  };
}
