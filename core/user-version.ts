// A per-user version in Redis that changes whenever the user's analyses, signals, ledger or favorites change: polled
// lists answer 304 from it alone. Rebuildable: a missing key (restart, flush, expiry) is a new version, never an old one.
import type Redis from "ioredis";
import { USER_CHANGED_MESSAGE, userChannel } from "./contract/socket";
import type { RedisKeys } from "./redis";

/** Bounds how long a change made by a path that forgot to announce it can hide behind a 304. */
const VERSION_TTL_SECONDS = 300;

const versionKey = (keys: RedisKeys, userId: number) => keys.key(`user-version:${userId}`);

/**
 * Called after a change has committed: the version is dropped, so the next read makes a new one, and the user's
 * sockets are told. A drop, not an increment: an incremented counter recreated after a flush could repeat a number a
 * client still holds.
 */
export async function userChanged(deps: { redis: Redis; keys: RedisKeys }, ...userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await deps.redis.del(...userIds.map((id) => versionKey(deps.keys, id)));
  // The same news on the user's socket topic: a connected client refetches now instead of at its next poll.
  for (const id of new Set(userIds)) await deps.redis.publish(deps.keys.channel(userChannel(id)), USER_CHANGED_MESSAGE);
}

/**
 * The user's current version, made if there is none. Read it BEFORE reading Postgres: a change that commits after this
 * read drops the version it returned, so an answer built from older rows is never confirmed by a later 304.
 */
export async function userVersion(deps: { redis: Redis; keys: RedisKeys }, userId: number): Promise<string> {
  const key = versionKey(deps.keys, userId);
  const fresh = `${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
  // SET … NX GET answers the value already there (and sets nothing), or null when ours was set.
  const existing = await deps.redis.set(key, fresh, "EX", VERSION_TTL_SECONDS, "NX", "GET");
  return existing ?? fresh;
}
