// WS /ws/market: public market topics and per-user analysis progress, fanned out from ONE Redis subscriber per process via Bun topics.
// Abuse limits (frame size, Origin, sockets per address, messages per socket) are defined in socket-limits.ts.
import { Elysia } from "elysia";
import type Redis from "ioredis";
import type { Server, ServerWebSocket } from "bun";
import { MARKET_TOPICS, snapshotKeyName, type StoredSnapshot } from "@core/market-intervals";
import type { AppDeps, AuthUser, ServerDeps } from "../../deps";
import { verifyAccessToken, verifyOptions } from "../../lib/auth";
import { clientIp, ipKey } from "../../lib/client-ip";
import { versionMemoFor } from "../../lib/version-memo";
import { encodePush, USER_CHANGED_MESSAGE, USER_CHANNEL_PREFIX } from "@core/contract/socket";
import { forbidden, tooManyRequests } from "../../lib/http-error";
import { joinRevocations } from "../sessions/revocations";
import { MESSAGE_LIMIT, POLICY_VIOLATION_CODE, SocketsPerClient, messageLimiter, originAllowed } from "./socket-limits";

export const MARKET_BUN_TOPIC = "market";
export const userBunTopic = (userId: number) => `user:${userId}`;
/** Above this many queued bytes a client is too slow to keep up and is closed with 1013 ("try again later"). */
export const MAX_BUFFERED_BYTES = 512 * 1024;
export const HEARTBEAT_MS = 25_000;
const HEARTBEAT_SLICES = 25;
export const SLOW_CONSUMER_CODE = 1013;
const SUBSCRIBABLE = new Set(["market"]);

type RawSocket = ServerWebSocket<unknown>;

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

/** Sends one message; a dropped send or an overfull buffer closes the socket as a slow consumer. */
function sendOrClose(ws: RawSocket, payload: string): boolean {
  const status = ws.send(payload);
  if (status === 0 || ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
    ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    return false;
  }
  return true;
}

function checkBackpressure(hub: Hub) {
  for (const ws of hub.sockets)
    if (ws.getBufferedAmount() > MAX_BUFFERED_BYTES) ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
}

/**
 * A socket's signed-in user and session: progress and alert pushes flow only while the access token it presented is
 * valid and its session live, so an expired token, or a session revoked since (logout, remote logout, reset, change,
 * block), stops them until the client sends a fresh token.
 */
type SocketAuth = { user: AuthUser; timer: ReturnType<typeof setTimeout> };
const socketAuth = new WeakMap<RawSocket, SocketAuth>();

function dropAuth(ws: RawSocket) {
  const auth = socketAuth.get(ws);
  if (!auth) return;
  clearTimeout(auth.timer);
  socketAuth.delete(ws);
  if (ws.readyState === 1) ws.unsubscribe(userBunTopic(auth.user.id));
}

/**
 * When the session checks are asked again after a revocation is announced. The announcement can come from inside the
 * revoking transaction, before it commits, so one check at once could still see the session live; the session check
 * reads Postgres (no cache) for 5 s after an announcement, and the last check falls inside that window.
 */
const REVOCATION_RECHECK_MS = [50, 1_000, 4_000];

/** Checks each signed-in socket of `userId` (0: every signed-in socket) again; a dead session loses its user topic. */
function recheckSessions(deps: AppDeps, sockets: Iterable<RawSocket>, userId: number) {
  for (const ws of sockets) {
    const auth = socketAuth.get(ws);
    if (!auth || (userId !== 0 && auth.user.id !== userId)) continue;
    deps
      .sessionCheck(auth.user)
      .catch(() => false)
      .then((live) => {
        if (live || socketAuth.get(ws) !== auth) return;
        dropAuth(ws);
        if (ws.readyState === 1) sendOrClose(ws, encodePush({ type: "auth_revoked", detail: "Session ended: sign in again" }));
      });
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

async function authenticate(deps: AppDeps, raw: RawSocket, token: unknown) {
  const user = typeof token === "string" ? await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config)) : null;
  const live = user ? await deps.sessionCheck(user).catch(() => false) : false;
  if (!user || !live || raw.readyState !== 1) return void sendOrClose(raw, errorMessage("Invalid or expired access token"));
  dropAuth(raw);
  raw.subscribe(userBunTopic(user.id));
  const ttl = Math.max(0, (user.expiresAt ?? Date.now()) - Date.now());
  const timer = setTimeout(() => {
    dropAuth(raw);
    sendOrClose(raw, encodePush({ type: "auth_expired", detail: "Access token expired: send a fresh one with {action: auth}" }));
  }, ttl);
  socketAuth.set(raw, { user, timer });
  sendOrClose(raw, encodePush({ type: "authenticated", data: { user_id: user.id } }));
}

export const marketSocket = (deps: AppDeps) => {
  const hub = hubFor(deps.redis);
  // Per app instance, i.e. per server process (see SocketsPerClient).
  const perClient = new SocketsPerClient(deps.config.WS_MAX_PER_IP);
  const tooMany = `Too many open sockets from this address (limit ${perClient.max})`;
  // A revocation anywhere (this process or another, through Redis) is checked against this app's signed-in sockets.
  joinRevocations(deps, (userId) => {
    for (const ms of REVOCATION_RECHECK_MS) setTimeout(() => recheckSessions(deps, hub.sockets, userId), ms).unref?.();
  });
  // The frame-size limit is not set here: Bun reads it only from Bun.serve's options (MAX_WS_PAYLOAD_BYTES in main.ts).
  return new Elysia().ws("/ws/market", {
    // Runs before Bun upgrades the request; a thrown HttpError becomes a plain JSON HTTP answer and no socket exists.
    upgrade({ request, server }) {
      if (!originAllowed(deps.config, request.headers.get("origin"))) throw forbidden("Origin not allowed");
      if (perClient.full(clientKeyOf(deps.config, request, server?.requestIP(request)?.address))) throw tooManyRequests(tooMany);
    },
    open(ws) {
      const raw = ws.raw as RawSocket;
      // Checked again here: upgrades in flight at the same time all passed the check above before any of them opened.
      const clientKey = clientKeyOf(deps.config, ws.data.request, raw.remoteAddress);
      if (!perClient.add(clientKey)) return void raw.close(POLICY_VIOLATION_CODE, tooMany);
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
      if (!conn.allowMessage())
        return void raw.close(POLICY_VIOLATION_CODE, `rate limit: more than ${MESSAGE_LIMIT.max} messages in ${MESSAGE_LIMIT.windowMs / 1000} s`);
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
  const analysisPrefix = deps.keys.channel(USER_CHANNEL_PREFIX);
  const memo = versionMemoFor(deps.redis);
  // Named, so an operator (or a test) can find this process's subscriber in CLIENT LIST.
  const subscriber = deps.redis.duplicate({ connectionName: `${deps.keys.channel("")}market-socket` });
  subscriber.on("pmessage", (_pattern: string, channel: string, message: string) => {
    if (channel.startsWith(marketPrefix)) {
      server.publish(MARKET_BUN_TOPIC, message);
      // Only a broadcast can fill every socket's queue; a per-user push reaches a tab or two, and the heartbeat
      // checks those. Walking every socket after each per-user push would cost O(sockets) per trader event.
      checkBackpressure(hub);
    } else if (channel.startsWith(analysisPrefix)) {
      const userId = Number(channel.slice(analysisPrefix.length));
      if (!Number.isInteger(userId)) return;
      // Dropped before the tabs hear of it: the refetch a push causes must not be answered from the old version.
      if (message === USER_CHANGED_MESSAGE) memo.drop(userId);
      server.publish(userBunTopic(userId), message);
    }
  });
  subscriber.on("error", (err) => deps.log.warn("market socket subscriber error", { error: String(err) }));
  // The version copy is trusted only while this subscriber hears every user_changed; after a reconnect ioredis
  // subscribes again by itself, and what was announced in between is lost, so the copy starts over.
  subscriber.on("close", () => memo.setLive(false));
  subscriber.on("ready", () => memo.setLive(true));
  await subscriber.psubscribe(`${marketPrefix}*`, `${analysisPrefix}*`);
  memo.setLive(true);
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
    memo.setLive(false);
    await subscriber.quit().catch(() => {});
    for (const ws of hub.sockets) ws.close(1001, "Server shutting down");
    hub.sockets.clear();
  };
}

function sendPingOrClose(ws: RawSocket): boolean {
  if (ws.getBufferedAmount() > MAX_BUFFERED_BYTES) {
    ws.close(SLOW_CONSUMER_CODE, "Slow consumer: too many unsent messages");
    return false;
  }
  ws.ping();
  return true;
}
