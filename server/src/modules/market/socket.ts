// WS /ws/market: public market topics, fanned out from ONE Redis subscriber per process via Bun topics; the same socket and
// subscriber carry the per-user pushes, whose sign-in and relay are the live module's (../live).
// Abuse limits (frame size, Origin, sockets per address, messages per socket) are defined in socket-limits.ts.
import { Elysia } from "elysia";
import type Redis from "ioredis";
import type { Server } from "bun";
import { MARKET_TOPICS, snapshotKeyName, type StoredSnapshot } from "@core/market/market-intervals";
import type { AppDeps, ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { versionMemoFor } from "../../lib/version-memo";
import { encodePush } from "@core/contract/socket";
import { forbidden, tooManyRequests } from "../../lib/http-error";
import { countSlowClose, MAX_BUFFERED_BYTES, type RawSocket, SLOW_CONSUMER_CODE, sendOrClose } from "../../lib/socket-send";
import { authenticate, dropAuth, isSignedIn, relayUserPush, userChannelPrefix, watchRevocations } from "../live";
import { MESSAGE_LIMIT, POLICY_VIOLATION_CODE, SocketsPerClient, messageLimiter, originAllowed } from "./socket-limits";
import { recordBroadcast, watchSockets } from "./socket-metrics";
import { rateLimited } from "@core/infra/metrics";

/** The refusals metric's names for the socket caps: WS_MAX_PER_IP (429 at upgrade, 1008 at open) and messages per socket. */
const SOCKET_CAP = "ws-per-ip";
const MESSAGE_CAP = "ws-messages";

export const MARKET_BUN_TOPIC = "market";
export { MAX_BUFFERED_BYTES, SLOW_CONSUMER_CODE } from "../../lib/socket-send";
export const HEARTBEAT_MS = 25_000;
/** RFC 6455's Service Restart: the server is going away on purpose and the client should reconnect (to another replica). */
export const RESTART_CODE = 1012;
/** How long a shutdown waits for its sockets' closing handshakes. */
const CLOSE_WAIT_MS = 2_000;
const HEARTBEAT_SLICES = 25;
const SUBSCRIBABLE = new Set(["market"]);

// The route (built in createApp) and the subscriber (started by main with the Bun server) share one registry per Redis client.
type Hub = { sockets: Set<RawSocket> };
const hubs = new WeakMap<Redis, Hub>();
function hubFor(redis: Redis): Hub {
  let hub = hubs.get(redis);
  if (!hub) {
    hub = { sockets: new Set() };
    hubs.set(redis, hub);
  }
  return hub;
}

function checkBackpressure(hub: Hub) {
  for (const ws of hub.sockets)
    if (ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
      countSlowClose();
      ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    }
}

const errorMessage = (detail: string) => encodePush({ type: "error", detail });

function parseMessage(message: unknown): Record<string, unknown> | null {
  let value = message;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

async function sendCurrentSnapshots(deps: Pick<ServerDeps, "redis" | "keys">, ws: RawSocket) {
  const raws = await deps.redis.mget(...MARKET_TOPICS.map((t) => deps.keys.key(snapshotKeyName(t.topic))));
  MARKET_TOPICS.forEach((t, i) => {
    const raw = raws[i];
    if (!raw || ws.readyState !== 1) return;
    const snap = JSON.parse(raw) as StoredSnapshot;
    sendOrClose(ws, encodePush({ type: t.wsType, data: snap.data }));
  });
}

/** What a socket is allowed and has been sent: its client key (for the per-address cap), its message budget, and the topics whose snapshots it has had. */
type Conn = { clientKey: string; allowMessage: () => boolean; snapshotted: Set<string> };
const conns = new WeakMap<RawSocket, Conn>();

/** The per-address key of a request: X-Forwarded-For only from TRUSTED_PROXY peers, IPv6 by /64 (see lib/client-ip). */
const clientKeyOf = (config: ServerDeps["config"], request: Request, peer: string | undefined) =>
  ipKey(clientIp(config, request, { requestIP: () => (peer ? { address: peer } : null) }));

async function subscribe(deps: ServerDeps, raw: RawSocket, conn: Conn, msg: Record<string, unknown>) {
  const topics = Array.isArray(msg.topics) ? msg.topics : null;
  if (!topics?.length || !topics.every((t) => typeof t === "string"))
    return void sendOrClose(raw, errorMessage('subscribe needs topics, e.g. {"action":"subscribe","topics":["market"]}'));
  const unknown = topics.filter((t) => !SUBSCRIBABLE.has(t as string));
  if (unknown.length) return void sendOrClose(raw, errorMessage(`Unknown topic: ${String(unknown[0]).slice(0, 40)} (available: market)`));
  // Subscribe before reading the snapshots so no update can fall between the two.
  raw.subscribe(MARKET_BUN_TOPIC);
  sendOrClose(raw, encodePush({ type: "subscribed", topics: topics as string[] }));
  // The stored snapshots go out once per topic per connection (marked before the read, so a burst of subscribes
  // cannot start parallel reads): repeating subscribe costs no Redis round trip. Live pushes keep the client current.
  const fresh = [...new Set(topics as string[])].filter((t) => !conn.snapshotted.has(t));
  if (!fresh.length) return;
  for (const t of fresh) conn.snapshotted.add(t);
  try {
    await sendCurrentSnapshots(deps, raw);
  } catch {
    for (const t of fresh) conn.snapshotted.delete(t);
    if (raw.readyState === 1) sendOrClose(raw, errorMessage("Current market snapshots are unavailable; subscribe again to retry"));
  }
}

export const marketSocket = (deps: AppDeps) => {
  const hub = hubFor(deps.redis);
  // Per app instance, i.e. per server process (see SocketsPerClient).
  const perClient = new SocketsPerClient(deps.config.WS_MAX_PER_IP);
  const tooMany = `Too many open sockets from this address (limit ${perClient.max})`;
  watchRevocations(deps, hub.sockets);
  // The frame-size limit is not set here: Bun reads it only from Bun.serve's options (MAX_WS_PAYLOAD_BYTES in main.ts).
  return new Elysia().ws("/ws/market", {
    // Runs before Bun upgrades the request; a thrown HttpError becomes a plain JSON HTTP answer and no socket exists.
    upgrade({ request, server }) {
      if (!originAllowed(deps.config, request.headers.get("origin"))) throw forbidden("Origin not allowed");
      if (perClient.full(clientKeyOf(deps.config, request, server?.requestIP(request)?.address))) throw tooManyRequests(SOCKET_CAP, tooMany);
    },
    open(ws) {
      const raw = ws.raw as RawSocket;
      // Checked again here: upgrades in flight at the same time all passed the check above before any of them opened.
      const clientKey = clientKeyOf(deps.config, ws.data.request, raw.remoteAddress);
      if (!perClient.add(clientKey)) {
        // Not a 429 (the socket is already open), but the same cap refusing: counted under its name.
        rateLimited.inc({ limiter: SOCKET_CAP });
        return void raw.close(POLICY_VIOLATION_CODE, tooMany);
      }
      conns.set(raw, { clientKey, allowMessage: messageLimiter(), snapshotted: new Set() });
      hub.sockets.add(raw);
    },
    close(ws) {
      const raw = ws.raw as RawSocket;
      const conn = conns.get(raw);
      if (conn) perClient.release(conn.clientKey);
      conns.delete(raw);
      hub.sockets.delete(raw);
      dropAuth(raw);
    },
    async message(ws, message) {
      const raw = ws.raw as RawSocket;
      const conn = conns.get(raw);
      if (!conn || raw.readyState !== 1) return;
      if (!conn.allowMessage()) {
        rateLimited.inc({ limiter: MESSAGE_CAP });
        return void raw.close(POLICY_VIOLATION_CODE, `rate limit: more than ${MESSAGE_LIMIT.max} messages in ${MESSAGE_LIMIT.windowMs / 1000} s`);
      }
      const msg = parseMessage(message);
      if (!msg) return void sendOrClose(raw, errorMessage("Messages must be JSON objects with an action"));
      switch (msg.action) {
        case "subscribe":
          return subscribe(deps, raw, conn, msg);
        case "unsubscribe":
          raw.unsubscribe(MARKET_BUN_TOPIC);
          return void sendOrClose(raw, encodePush({ type: "unsubscribed", topics: ["market"] }));
        case "auth":
          return authenticate(deps, raw, msg.token);
        case "ping":
          return void sendOrClose(raw, encodePush({ type: "pong" }));
        default:
          return void sendOrClose(raw, errorMessage(`Unknown action: ${String(msg.action).slice(0, 40)} (use subscribe, unsubscribe, auth or ping)`));
      }
    },
  });
};

/**
 * Starts this process's Redis subscriber (one connection, pattern-subscribed to the prefixed market and analysis
 * channels) and the heartbeat; call with the Bun server once it listens. Returns stop().
 */
export async function startMarketSocket(
  deps: Pick<ServerDeps, "redis" | "keys" | "log">,
  server: Pick<Server<unknown>, "publish">,
): Promise<() => Promise<void>> {
  const hub = hubFor(deps.redis);
  const marketPrefix = deps.keys.channel("market.");
  const userPrefix = userChannelPrefix(deps);
  const memo = versionMemoFor(deps.redis);
  // Named, so an operator (or a test) can find this process's subscriber in CLIENT LIST.
  // Subscribed by hand after each (re)connect, not by ioredis: the version copy must know when Redis has confirmed it.
  const subscriber = deps.redis.duplicate({ connectionName: `${deps.keys.channel("")}market-socket`, autoResubscribe: false });
  subscriber.on("pmessage", (_pattern: string, channel: string, message: string) => {
    if (channel.startsWith(marketPrefix)) {
      recordBroadcast(server.publish(MARKET_BUN_TOPIC, message), message, hub.sockets.size);
      // Only a broadcast can fill every socket's queue; a per-user push reaches a tab or two, and the heartbeat
      // checks those. Walking every socket after each per-user push would cost O(sockets) per trader event.
      checkBackpressure(hub);
    } else relayUserPush(server, memo, userPrefix, channel, message);
  });
  subscriber.on("error", (err) => deps.log.warn("market socket subscriber error", { error: String(err) }));
  // The version copy is trusted only while this subscriber hears every user_changed: from Redis's confirmation of the
  // subscription (not the connection's "ready", which comes before it) until the connection closes. What was announced
  // in between is lost, so each reconnect starts the copy over.
  const subscribe = () => subscriber.psubscribe(`${marketPrefix}*`, `${userPrefix}*`).then(() => memo.setLive(true));
  subscriber.on("close", () => memo.setLive(false));
  subscriber.on("ready", () => void subscribe().catch((err) => deps.log.warn("market socket resubscribe failed", { error: String(err) })));
  await subscribe();
  const unwatch = watchSockets(hub.sockets, isSignedIn, MARKET_BUN_TOPIC);
  // Each socket is pinged once per HEARTBEAT_MS, a slice of them every second: pinging 10,000 sockets at once is a
  // burst of writes that delays whatever update is being fanned out at that moment.
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slot = tick++ % HEARTBEAT_SLICES;
    let i = 0;
    for (const ws of hub.sockets) if (i++ % HEARTBEAT_SLICES === slot) sendPingOrClose(ws);
  }, HEARTBEAT_MS / HEARTBEAT_SLICES);
  return async () => {
    clearInterval(heartbeat);
    unwatch();
    memo.setLive(false);
    await subscriber.quit().catch(() => {});
    for (const ws of hub.sockets) ws.close(RESTART_CODE, "Server restarting: reconnect");
    // Each closing handshake ends when the client answers (the close handler then drops the socket): a process that
    // exited sooner cut the connections, and clients saw 1006 without the hint. Bounded: a silent client is not waited for.
    const until = performance.now() + CLOSE_WAIT_MS;
    while (hub.sockets.size && performance.now() < until) await Bun.sleep(20);
    hub.sockets.clear();
  };
}

function sendPingOrClose(ws: RawSocket): boolean {
  if (ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
    countSlowClose();
    ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    return false;
  }
  ws.ping();
  return true;
}
