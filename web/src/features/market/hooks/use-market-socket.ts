// One WebSocket to /ws/market: pushes go straight into the market query cache; reconnects with backoff and jitter and re-fetches.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getAccessToken, subscribeSession } from "@web/lib/session";
import {
  analysisProgressKeys,
  marketSocketUrl,
  mergeSnapshot,
  parseSocketMessage,
  reconnectDelayMs,
  resyncKeys,
  routeSocketMessage,
} from "./socket-messages";

export type SocketStatus = "connecting" | "live" | "reconnecting";

export function useMarketSocket(): SocketStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>("connecting");

  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let everOpened = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let sentToken: string | null = null;

    const sendAuth = () => {
      const token = getAccessToken();
      if (!ws || ws.readyState !== WebSocket.OPEN || !token || token === sentToken) return;
      sentToken = token;
      ws.send(JSON.stringify({ action: "auth", token }));
    };

    const connect = () => {
      const socket = new WebSocket(marketSocketUrl(window.location));
      ws = socket;
      sentToken = null;
      socket.onopen = () => {
        attempt = 0;
        setStatus("live");
        socket.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
        sendAuth();
        // Pushes missed while disconnected are gone: the REST reads fill the gap.
        if (everOpened) {
          for (const queryKey of resyncKeys()) void qc.invalidateQueries({ queryKey });
        }
        everOpened = true;
      };
      socket.onmessage = (e) => {
        const msg = parseSocketMessage(e.data);
        if (!msg) return;
        const action = routeSocketMessage(msg);
        if (action.kind === "market") qc.setQueryData(action.key, (old: unknown) => mergeSnapshot(old, action.data));
        else if (action.kind === "analysis") for (const queryKey of analysisProgressKeys(action.id)) void qc.invalidateQueries({ queryKey });
      };
      socket.onclose = () => {
        if (stopped) return;
        setStatus("reconnecting");
        // Spread out: when a server dies, all of its clients lose their sockets in the same instant.
        timer = setTimeout(connect, reconnectDelayMs(attempt++));
      };
      // An error is always followed by close, which schedules the reconnect.
      socket.onerror = () => socket.close();
    };

    connect();
    // A refreshed access token re-authenticates the socket so progress pushes keep flowing.
    const unsubscribe = subscribeSession(sendAuth);
    return () => {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      ws?.close();
    };
  }, [qc]);

  return status;
}
