// The /ws/market socket's address and reconnect schedule (the connection: live-socket.ts; its frames: decode-socket.ts).

export const RECONNECT_MS = 4_000;
/** The doubling stops here: with every server down, each client still tries about twice a minute, not every 4 s. */
export const RECONNECT_MAX_MS = 30_000;
/** Up to this share of the wait is added at random, so a dead server's clients do not all come back at one instant. */
export const RECONNECT_JITTER = 0.25;

/** Wait before reconnect attempt `attempt` (0 right after a close, reset once a socket opens): 4 s doubling to 30 s, plus jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** Math.max(0, Math.floor(attempt)));
  return Math.round(base * (1 + RECONNECT_JITTER * Math.min(1, Math.max(0, random()))));
}

/** ws: or wss: to /ws/market on the page's own host. */
export function marketSocketUrl(loc: Pick<Location, "protocol" | "host">): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws/market`;
}
