// Market pushes from the tab's shared socket (lib/live-socket) go straight into the market query cache; after a
// reconnect the market topics and the active list are re-read.
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "@web/lib/store";
import { useEffect } from "react";
import { holdSocket, socketStatusAtom } from "@web/lib/live-socket";
import { analysisProgressKeys, mergeSnapshot, resyncKeys, routeSocketMessage } from "./socket-messages";

export type SocketStatus = "connecting" | "live" | "reconnecting";

export function useMarketSocket(): SocketStatus {
  const qc = useQueryClient();
  const status = useAtomValue(socketStatusAtom);

  useEffect(
    () =>
      holdSocket({
        market: true,
        onMessage: (msg) => {
          const action = routeSocketMessage(msg);
          if (action.kind === "market") qc.setQueryData(action.key, (old: unknown) => mergeSnapshot(old, action.data));
          else if (action.kind === "analysis") for (const queryKey of analysisProgressKeys(action.id)) void qc.invalidateQueries({ queryKey });
        },
        onReopen: () => {
          for (const queryKey of resyncKeys()) void qc.invalidateQueries({ queryKey });
        },
      }),
    [qc],
  );

  return status === "idle" ? "connecting" : status;
}
