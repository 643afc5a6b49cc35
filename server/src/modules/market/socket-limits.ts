// Abuse limits of /ws/market: largest frame, allowed Origins, sockets per client address, messages per socket.
import type { Config } from "@core/infra/config";

/**
 * Largest frame a client may send (our messages are a few hundred bytes). Bun enforces it only when it is set on
 * Bun.serve's `websocket` options (server/src/main.ts): a larger frame closes that socket with 1009 instead of
 * being buffered, so nobody can make the process hold megabytes per message.
 */
export const MAX_WS_PAYLOAD_BYTES = 16 * 1024;

/** Close code for a client breaking the rules (RFC 6455 "policy violation"). */
export const POLICY_VIOLATION_CODE = 1008;

/** Per socket: at most `max` messages in any `windowMs`; the web app sends two per connection. */
export const MESSAGE_LIMIT = { max: 20, windowMs: 10_000 } as const;

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether an upgrade with this Origin header may proceed. Browsers always send Origin, so checking it stops other
 * sites from opening sockets through their visitors' browsers; non-browser clients (k6, scripts) send none and could
 * forge any value anyway, so a missing Origin is allowed. Outside production any localhost port is fine (Vite, tests).
 */
export function originAllowed(config: Pick<Config, "PUBLIC_ORIGIN" | "isProduction">, origin: string | null): boolean {
  if (origin === null) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
  if (url.origin === new URL(config.PUBLIC_ORIGIN).origin) return true;
  return !config.isProduction && (url.protocol === "http:" || url.protocol === "https:") && LOCAL_HOSTNAMES.has(url.hostname);
}

/**
 * Open sockets per client key (ipKey: an IPv4 address or an IPv6 /64), counted in this process only: behind a load
 * balancer with N server processes one address can hold up to N × max sockets, which still bounds it. Shared counting
 * would need a Redis counter with leases that survive crashed processes; the per-process bound is enough here.
 */
export class SocketsPerClient {
  private readonly open = new Map<string, number>();
  constructor(readonly max: number) {}

  /** True when the client already holds `max` sockets: its next upgrade is refused. */
  full(key: string): boolean {
    return (this.open.get(key) ?? 0) >= this.max;
  }

  /** Counts one more socket; false (and nothing counted) when that would pass the cap. */
  add(key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= this.max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.open.get(key) ?? 0) - 1;
    if (n > 0) this.open.set(key, n);
    else this.open.delete(key); // no entry per address that ever connected
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

/**
 * A sliding-window limiter for one socket: returns false once a message would be the (max+1)-th within windowMs.
 * It remembers the last `max` arrival times in a ring, so a burst straddling a window edge cannot double the rate.
 */
export function messageLimiter(limit: { max: number; windowMs: number } = MESSAGE_LIMIT, now: () => number = Date.now) {
  const times = new Array<number>(limit.max).fill(-Infinity);
  let oldest = 0;
  return (): boolean => {
    const t = now();
    if (t - times[oldest] < limit.windowMs) return false;
    times[oldest] = t;
    oldest = (oldest + 1) % limit.max;
    return true;
  };
}
