// A per-user version in Redis that changes whenever the user's analyses, signals, ledger or favorites change: polled
// lists answer 304 from it alone. Rebuildable: a missing key (restart, flush, expiry) is a new version, never an old one.
// The write primitives (credit change, a phase's end, settlement, outcome, favorites, preferences) note the change in
// their own transaction; every server hears it on commit and one of them announces it, so no caller (the admin CLI
// included) has to remember.
import type Redis from "ioredis";
import { USER_CHANGED_MESSAGE, userChannel } from "../contract/socket";
import type { Sql, Tx } from "./db";
import type { Logger } from "./log";
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
  const [version] = await userVersions(deps, [userId]);
  return version;
}

const newVersion = () => `${Date.now().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;

/** userVersion for several users in one write to Redis (a server's polls of one event-loop turn; see VersionMemo). */
export async function userVersions(deps: { redis: Redis; keys: RedisKeys }, userIds: number[]): Promise<string[]> {
  const fresh = userIds.map(newVersion);
  // SET … NX GET answers the value already there (and sets nothing), or null when ours was set.
  const set = (i: number) => [versionKey(deps.keys, userIds[i]), fresh[i], "EX", VERSION_TTL_SECONDS, "NX", "GET"] as const;
  if (userIds.length === 1) return [(await deps.redis.set(...set(0))) ?? fresh[0]];
  const replies = (await deps.redis.pipeline(userIds.map((_, i) => ["set", ...set(i)])).exec()) ?? [];
  return userIds.map((_, i) => {
    const [err, existing] = replies[i] ?? [new Error("no reply")];
    if (err) throw err;
    return (existing as string | null) ?? fresh[i];
  });
}

/** Postgres channel of committed user changes: NOTIFY is delivered only on commit, and never for a rollback. */
export const USER_CHANGED_CHANNEL = "user_changed";

/**
 * Called by a write primitive inside its transaction: on commit every listening server hears `event` (unique per
 * change, e.g. `ledger-<id>`) for `userId`, and one of them announces it (listenUserChanges).
 */
export async function noteUserChanged(tx: Tx, userId: number, event: string): Promise<void> {
  await tx`select pg_notify(${USER_CHANGED_CHANNEL}, ${`${event}|${userId}`})`;
}

/**
 * Run by every server process: each committed change drops the user's version and tells their sockets. Every server
 * hears each NOTIFY; a Redis claim per event lets one of them announce it. Returns the unlisten function.
 */
export async function listenUserChanges(deps: { sql: Sql; redis: Redis; keys: RedisKeys; log: Logger }): Promise<() => Promise<void>> {
  const listening = deps.sql.listen(USER_CHANGED_CHANNEL, (payload) => {
    const cut = payload.lastIndexOf("|");
    const event = payload.slice(0, cut);
    const userId = Number(payload.slice(cut + 1));
    if (cut < 1 || !Number.isSafeInteger(userId)) return;
    deps.redis
      .set(deps.keys.key(`user-change-announced:${event}`), "1", "EX", 60, "NX")
      .then((won) => (won === "OK" ? userChanged(deps, userId) : undefined))
      .catch((err) => deps.log.warn("user change announce failed", { user_id: userId, error: String(err) }));
  });
  // A database without LISTEN leaves only the version's 5-minute expiry: logged loudly, not fatal.
  const { unlisten } = await listening.catch((err) => {
    deps.log.error("user change listener not started", { error: String(err) });
    return { unlisten: async () => {} };
  });
  return unlisten;
}
