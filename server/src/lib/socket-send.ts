// Sending on a /ws/market socket, shared by the market topics and the per-user pushes: a slow reader is closed, not buffered without end.
import type { ServerWebSocket } from "bun";

export type RawSocket = ServerWebSocket<unknown>;

/** Above this many queued bytes a client is too slow to keep up and is closed with 1013 ("try again later"). */
export const MAX_BUFFERED_BYTES = 512 * 1024;
export const SLOW_CONSUMER_CODE = 1013;

/** Sends one message; a dropped send or an overfull buffer closes the socket as a slow consumer. */
export function sendOrClose(ws: RawSocket, payload: string): boolean {
  const status = ws.send(payload);
  if (status === 0 || ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
    ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    return false;
  }
  return true;
}
