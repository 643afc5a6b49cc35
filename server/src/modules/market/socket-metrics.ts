// The socket's metrics: sends and drops as they happen, connections and subscriptions read at scrape, and the fan-out lag.
import type { ServerWebSocket } from "bun";
import { addCollector } from "@core/infra/metrics-collect";
import { fanoutLag, socketConnections, socketMessagesDropped, socketMessagesSent, socketSubscriptions } from "@core/infra/metrics";

type RawSocket = ServerWebSocket<unknown>;

/**
 * One market update handed to every subscribed socket (Bun's publish copies it into each socket's buffer before it
 * returns). The engine stamps `published_at` (ms) on its updates: now minus that is the lag from its Redis publish to
 * the last socket send of this process.
 */
export function recordBroadcast(status: number, message: string, openSockets: number) {
  if (status === 0) socketMessagesDropped.inc({ kind: "broadcast" });
  // Counted per open socket (nearly every tab subscribes to market); walking them to count exactly costs O(sockets).
  else socketMessagesSent.inc({ kind: "broadcast" }, openSockets);
  const stamp = /"published_at":(\d{13})/.exec(message.slice(0, 40))?.[1];
  if (stamp) fanoutLag.observe(Math.max(0, Date.now() - Number(stamp)) / 1000);
}

/** Reads the open sockets and their subscriptions at each scrape (O(sockets), every scrape interval only). */
export function watchSockets(sockets: Set<RawSocket>, signedIn: (ws: RawSocket) => boolean, marketTopic: string): () => void {
  const stop = addCollector("sockets", () => {
    let market = 0;
    let user = 0;
    for (const ws of sockets) {
      if (ws.readyState === 1 && ws.isSubscribed(marketTopic)) market++;
      if (signedIn(ws)) user++;
    }
    socketConnections.set(sockets.size);
    socketSubscriptions.set({ topic: "market" }, market);
    socketSubscriptions.set({ topic: "user" }, user);
  });
  return stop;
}
