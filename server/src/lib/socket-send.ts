// Sending on a /ws/market socket, shared by the market topics and the per-user pushes: a slow reader is closed, not buffered without end.
import type { ServerWebSocket } from "bun";
import { socketMessagesDropped, socketMessagesSent, socketSlowCloses } from "@core/infra/metrics";

export type RawSocket = ServerWebSocket<unknown>;

/** Above this many queued bytes a client is too slow to keep up and is closed with 1013 ("try again later"). */
export const MAX_BUFFERED_BYTES = 512 * 1024;
export const SLOW_CONSUMER_CODE = 1013;

/** Bun's send/publish status: bytes sent (> 0), -1 queued under backpressure, 0 dropped. */
export function countDirectSend(status: number) {
  if (status === 0) socketMessagesDropped.inc({ kind: "direct" });
  else socketMessagesSent.inc({ kind: "direct" });
}

export const countSlowClose = () => socketSlowCloses.inc();

/** Sends one message; a dropped send or an overfull buffer closes the socket as a slow consumer. */
export function sendOrClose(ws: RawSocket, payload: string): boolean {
  const status = ws.send(payload);
  countDirectSend(status);
  if (status === 0 || ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
    countSlowClose();
    ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    return false;
  }
  return true;
}
