// Per-user pushes on the shared /ws/market socket: signing a socket in with an access token, the user's Bun topic,
// dropping it when the token expires or the session ends, and relaying the user's Redis channel (core/contract/socket).
import type { Server } from "bun";
import { encodePush, USER_CHANGED_MESSAGE, USER_CHANNEL_PREFIX } from "@core/contract/socket";
import type { AppDeps, AuthUser, ServerDeps } from "../../deps";
import { verifyAccessToken, verifyOptions } from "../../lib/auth";
import { countDirectSend, type RawSocket, sendOrClose } from "../../lib/socket-send";
import type { VersionMemo } from "../../lib/version-memo";
import { joinRevocations } from "../sessions/revocations";

export const userBunTopic = (userId: number) => `user:${userId}`;

/**
 * A socket's signed-in user and session: progress and alert pushes flow only while the access token it presented is
 * valid and its session live, so an expired token, or a session revoked since (logout, remote logout, reset, change,
 * block), stops them until the client sends a fresh token.
 */
type SocketAuth = { user: AuthUser; timer: ReturnType<typeof setTimeout> };
const socketAuth = new WeakMap<RawSocket, SocketAuth>();

/** True while the socket is signed in (the metrics count signed-in sockets at each scrape). */
export const isSignedIn = (ws: RawSocket) => socketAuth.has(ws);

/** Signs the socket out: its user's pushes stop (on close, expiry, revocation or a new auth). */
export function dropAuth(ws: RawSocket) {
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

/** A revocation anywhere (this process or another, through Redis) is checked against this app's signed-in `sockets`. */
export function watchRevocations(deps: AppDeps, sockets: Iterable<RawSocket>) {
  joinRevocations(deps, (userId) => {
    for (const ms of REVOCATION_RECHECK_MS) setTimeout(() => recheckSessions(deps, sockets, userId), ms).unref?.();
  });
}

/** {action: "auth", token}: a valid token of a live session subscribes the socket to its user's pushes until the token expires. */
export async function authenticate(deps: AppDeps, raw: RawSocket, token: unknown) {
  const user = typeof token === "string" ? await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config)) : null;
  const live = user ? await deps.sessionCheck(user).catch(() => false) : false;
  if (!user || !live || raw.readyState !== 1) return void sendOrClose(raw, encodePush({ type: "error", detail: "Invalid or expired access token" }));
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

/** The Redis channel pattern (prefixed) this process's subscriber listens on for every user's pushes. */
export const userChannelPrefix = (deps: Pick<ServerDeps, "keys">) => deps.keys.channel(USER_CHANNEL_PREFIX);

/**
 * Relays one message from a user's Redis channel to that user's signed-in sockets. Returns false for a channel that
 * is not a user's. A user_changed first drops this process's copy of the user's version: the refetch the push causes
 * must not be answered from the old one.
 */
export function relayUserPush(
  server: Pick<Server<unknown>, "publish">,
  memo: VersionMemo,
  prefix: string,
  channel: string,
  message: string,
): boolean {
  if (!channel.startsWith(prefix)) return false;
  const userId = Number(channel.slice(prefix.length));
  if (!Number.isInteger(userId)) return true;
  if (message === USER_CHANGED_MESSAGE) memo.drop(userId);
  countDirectSend(server.publish(userBunTopic(userId), message));
  return true;
}
