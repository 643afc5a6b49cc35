// While signed in: each "alert" push on the tab's shared socket shows a toast and refreshes the alert list (unread
// count); after a reconnect the list is re-read, since pushes sent meanwhile are gone.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@web/components/ui/toast";
import { holdSocket } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";
import { alertKeys } from "../api/keys";

export function useAlertSocket() {
  const qc = useQueryClient();
  const signedIn = useIsSignedIn();

  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: alertKeys.list() });
    return holdSocket({
      onMessage: (msg) => {
        if (msg.type !== "alert") return;
        const alert = msg.data;
        toast({ title: alert.title, description: alert.detail, variant: alert.kind === "SL_HIT" ? "destructive" : "success" });
        refresh();
      },
      onReopen: refresh,
    });
  }, [qc, signedIn]);
}
