// Session revocations pushed to every server process: the cached session checks drop the user's entries at once.
import type Redis from "ioredis";
import type { RedisKeys } from "@core/infra/redis";
import type { Logger } from "@core/infra/log";

/** Called with a user id, or with 0 for everyone (the subscriber reconnected and may have missed messages). */
type Listener = (userId: number) => void;

const CHANNEL = "sessions.revoked";
const listeners = new Set<Listener>();
const publishers = new Map<string, { redis: Redis; keys: RedisKeys }>();
const subscribers = new Map<string, Redis>();

/** For a process with no server in it (the admin CLI): tells the servers through Redis only. */
export async function publishRevoked(deps: { redis: Redis; keys: RedisKeys }, userIds: number[]) {
  for (const id of new Set(userIds)) await deps.redis.publish(deps.keys.channel(CHANNEL), String(id));
}

/** Tells this process's caches at once and every other process through Redis; a failed publish is logged, never thrown. */
export function announceRevoked(userIds: number[], log?: Logger) {
  for (const id of new Set(userIds)) {
    for (const listen of listeners) listen(id);
    for (const { redis, keys } of publishers.values())
      redis.publish(keys.channel(CHANNEL), String(id)).catch((err) => log?.warn("revocation publish failed", { error: String(err) }));
  }
}

/**
 * Joins this process to the revocation channel of one deployment (its key prefix): one subscriber connection per
 * prefix however many apps a process builds (tests build many). Returns the function that stops listening.
 */
export function joinRevocations(deps: { redis: Redis; keys: RedisKeys; log: Logger }, listen: Listener): () => void {
  const channel = deps.keys.channel(CHANNEL);
  publishers.set(channel, { redis: deps.redis, keys: deps.keys });
  if (!subscribers.has(channel)) {
    const sub = deps.redis.duplicate();
    subscribers.set(channel, sub);
    sub.on("message", (_channel: string, message: string) => {
      const id = Number(message);
      if (Number.isSafeInteger(id)) for (const l of listeners) l(id);
    });
    // Messages sent while the connection was down are lost: on every (re)connect each cache starts over.
    sub.on("ready", () => {
      for (const l of listeners) l(0);
    });
    sub.on("error", (err) => deps.log.debug("revocation subscriber error", { error: String(err) }));
    sub.subscribe(channel).catch((err) => deps.log.warn("revocation subscribe failed", { error: String(err) }));
  }
  listeners.add(listen);
  return () => listeners.delete(listen);
}
