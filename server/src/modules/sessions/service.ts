// Login sessions: lifetime rules, refresh-token chains, revocation, the per-request session check and the device list.
import { dropSessionPush } from "@core/alerts/alert-destinations";
import type { Sql, Tx } from "@core/infra/db";
import type { ServerDeps } from "../../deps";
import type { Session } from "@core/contract/session";
import type { AuthUser, SessionCheck } from "../../lib/auth";
import { forbidden, notFound } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import { announceRevoked, joinRevocations } from "./revocations";
import { Coalescer, TurnBatch } from "@core/infra/coalesce";
import { sessionCacheHit, sessionCacheMiss } from "@core/infra/metrics";

type Db = Sql | Tx;

export const REMEMBER_ME_SECONDS = 30 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/** Two tabs refreshing with the same cookie at once is normal, not theft: a parent presented this soon after its rotation is tolerated. */
export const ROTATION_GRACE_SECONDS = 10;
export const BLOCKED_DETAIL = "This account is blocked. Contact support.";

export const sessionLifetimeSeconds = (rememberMe: boolean) => (rememberMe ? REMEMBER_ME_SECONDS : SESSION_SECONDS);
/** A session unused for this long ends before its absolute expiry (a forgotten browser is not a standing key). */
export const IDLE_SECONDS = { session: 2 * 3600, rememberMe: 7 * 24 * 3600 } as const;
export const idleSeconds = (rememberMe: boolean) => (rememberMe ? IDLE_SECONDS.rememberMe : IDLE_SECONDS.session);

/** A new refresh token for a session; the chain shares the session's absolute expiry (no sliding lifetime). */
export async function issueRefreshToken(db: Db, sessionId: number, parentId: number | null = null): Promise<string> {
  const token = newToken();
  await db`
    insert into refresh_tokens (session_id, token_hash, parent_id, expires_at)
    select id, ${hashToken(token)}, ${parentId}, expires_at from login_sessions where id = ${sessionId}`;
  return token;
}

/** Every revocation goes through these two functions, and both announce it (revocations.ts) to the cached checks. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  const rows =
    await db`update login_sessions set status = 'revoked', updated_at = now() where id = ${sessionId} and status <> 'revoked' returning user_id`;
  await db`update refresh_tokens set revoked_at = now() where session_id = ${sessionId} and revoked_at is null`;
  await dropSessionPush(db, [sessionId]);
  announceRevoked(rows.map((r) => r.user_id as number));
}

/** Revoke every session of a user except one (null: all of them); used by password change/reset and blocking. */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId: number | null): Promise<number> {
  const rows = await db`
    update login_sessions set status = 'revoked', updated_at = now()
    where user_id = ${userId} and status <> 'revoked' and id is distinct from ${exceptSessionId}
    returning id`;
  const ids = rows.map((r) => r.id as number);
  if (ids.length) await db`update refresh_tokens set revoked_at = now() where session_id in ${db(ids)} and revoked_at is null`;
  await dropSessionPush(db, ids);
  // Announced even when nothing was live: a block revokes first, and session-less tokens need the news too.
  announceRevoked([userId]);
  return ids.length;
}

/** A session found live is trusted this long without asking Postgres (a revocation ends it sooner, see below). */
const CACHE_MS = 30_000;
/**
 * After a revocation is announced the user's checks go to Postgres for this long: the announcement can arrive before
 * the revoking transaction commits, and a check in between would otherwise cache the session as still live.
 */
const QUIET_MS = 5_000;

/**
 * A polled entry this close to its end is read again in the background (refreshAhead): a trader's checks keep being
 * answered from memory while Postgres confirms the session, instead of one check in every CACHE_MS taking the route.
 * What is trusted never grows older than CACHE_MS since Postgres last said so.
 */
const REFRESH_AHEAD_MS = 10_000;
/** Background confirmations asked for within this long go to Postgres as one statement. */
const REFRESH_WINDOW_MS = 100;

type Cached = { userId: number; until: number; refreshing?: boolean };

/**
 * The auth plugin's check beyond the JWT signature: one indexed query, then the answer kept in memory for up to
 * CACHE_MS (never past the session's own expiry). Revocations and blocks are announced over Redis
 * (revocations.ts), and every process drops that user's entries on the spot, so a revoked session fails at once.
 * Tokens without a session id are only minted internally (tests, tools); for them only the block applies.
 */
export function createSessionCheck(deps: Pick<ServerDeps, "sql" | "redis" | "keys" | "log">): SessionCheck {
  // By session id (a session-less token: minus the user id), a number: looked up on every authenticated request.
  const live = new Map<number, Cached>();
  const quietUntil = new Map<number, number>();
  // A tab's lists all arrive at once when it opens: one query answers all of them (dropped when a revocation lands).
  const lookups = new Coalescer<string, boolean>();
  joinRevocations(deps, (userId) => {
    if (userId === 0) {
      lookups.forgetWhere(() => true);
      return live.clear();
    }
    quietUntil.set(userId, Date.now() + QUIET_MS);
    lookups.forgetWhere((key) => key.startsWith(`${userId}:`));
    for (const [key, entry] of live) if (entry.userId === userId) live.delete(key);
  });
  const touch = lastSeenWriter(deps);
  const rows = new TurnBatch((users: AuthUser[]) => readSessions(deps.sql, users));
  const ahead = new TurnBatch((users: AuthUser[]) => readSessions(deps.sql, users), REFRESH_WINDOW_MS);
  const keyOf = (user: AuthUser) => `${user.id}:${user.sessionId ?? "-"}`;
  const known = (user: AuthUser) => {
    const hit = live.get(liveKey(user));
    const now = Date.now();
    if (!hit || hit.userId !== user.id || hit.until <= now) return false;
    if (hit.until - now < REFRESH_AHEAD_MS && !hit.refreshing) refreshAhead({ ahead, touch, live, quietUntil, log: deps.log }, user, hit);
    sessionCacheHit();
    return true;
  };
  const check = async (user: AuthUser) => {
    if (known(user)) return true;
    sessionCacheMiss();
    const key = keyOf(user);
    return lookups.run(key, () => lookupSession(rows, touch, user, live, quietUntil));
  };
  return Object.assign(check, { known });
}

const liveKey = (user: AuthUser) => user.sessionId ?? -user.id;

/** How often the gathered "last seen" writes go out (one statement for all of them). */
const TOUCH_EVERY_MS = 1_000;

/**
 * "Last seen" writes gathered and sent as one UPDATE a second, not awaited by the request: after a deploy every tab's
 * first check finds its session stale at once, and a commit per session (each waiting for its WAL flush) queued ahead
 * of the list reads on the same connections. A write lost with the process is made again by the next check.
 */
function lastSeenWriter(deps: Pick<ServerDeps, "sql" | "log">): (sessionId: number) => void {
  let due = new Set<number>();
  let scheduled = false;
  const flush = async () => {
    scheduled = false;
    const ids = [...due];
    due = new Set();
    await deps.sql`
      update login_sessions set last_seen_at = now()
      where id = any(${ids}::bigint[]) and last_seen_at < now() - interval '60 seconds'`.catch((err) =>
      deps.log.warn("last seen update failed", { sessions: ids.length, error: String(err) }),
    );
  };
  return (sessionId) => {
    due.add(sessionId);
    if (!scheduled) setTimeout(() => void flush(), TOUCH_EVERY_MS);
    scheduled = true;
  };
}

type SessionRow = { is_blocked: boolean; session_ok: boolean | null; expires_at: Date | null; stale: boolean | null };

/**
 * The rows behind several checks in one statement: checks that miss the cache come in waves (every tab opening after
 * a deploy, or every entry made in one busy minute running out together), and a query each was most of such a wave's
 * cost. A user with no row (deleted) has no answer.
 */
async function readSessions(sql: Sql, users: AuthUser[]): Promise<(SessionRow | undefined)[]> {
  const rows = await sql<(SessionRow & { i: number })[]>`
    select q.i::int as i, u.is_blocked,
           (s.status = 'active' and s.expires_at > now()) as session_ok,
           s.expires_at,
           s.last_seen_at < now() - interval '60 seconds' as stale
    from unnest(${users.map((u) => u.id)}::bigint[], ${users.map((u) => u.sessionId)}::bigint[]) with ordinality as q(user_id, session_id, i)
    join users u on u.id = q.user_id
    left join login_sessions s on s.id = q.session_id and s.user_id = u.id`;
  const byIndex = new Map(rows.map((r) => [r.i, r]));
  return users.map((_, i) => byIndex.get(i + 1));
}

/** The session's row checked in Postgres; a live one is remembered in `live` unless a revocation is still settling. */
async function lookupSession(
  rows: TurnBatch<AuthUser, SessionRow | undefined>,
  touch: (sessionId: number) => void,
  user: AuthUser,
  live: Map<number, Cached>,
  quietUntil: Map<number, number>,
) {
  const now = Date.now();
  const row = await rows.add(user);
  if (!row) return false;
  if (row.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");
  if (user.sessionId !== null && !row.session_ok) return false;
  // "Last seen" at minute precision is enough for the device list and the idle limit, and spares a write per request.
  if (user.sessionId !== null && row.stale) touch(user.sessionId);
  if ((quietUntil.get(user.id) ?? 0) <= now) {
    const expires = row.expires_at ? row.expires_at.getTime() : Number.POSITIVE_INFINITY;
    // Bounded: expired entries are only replaced, so a process that has seen very many sessions starts over.
    if (live.size >= 100_000) live.clear();
    live.set(liveKey(user), { userId: user.id, until: Math.min(now + CACHE_MS, expires) });
  }
  return true;
}

/**
 * The session behind a cached entry confirmed again before the entry runs out. The entry is extended only if it is
 * still the one in the cache when the answer comes (a revocation drops it, and then what was read may predate the
 * revoking commit) and no revocation of the user is settling; a session found ended, or a blocked user, drops it.
 * A failed read leaves the entry to run out as before.
 */
function refreshAhead(
  o: {
    ahead: TurnBatch<AuthUser, SessionRow | undefined>;
    touch: (sessionId: number) => void;
    live: Map<number, Cached>;
    quietUntil: Map<number, number>;
    log: Pick<ServerDeps["log"], "debug">;
  },
  user: AuthUser,
  hit: Cached,
) {
  const started = Date.now();
  hit.refreshing = true;
  o.ahead.add(user).then(
    (row) => {
      hit.refreshing = false;
      const key = liveKey(user);
      if (o.live.get(key) !== hit) return;
      const ok = row && !row.is_blocked && (user.sessionId === null || row.session_ok);
      if (!ok) return void o.live.delete(key);
      if (user.sessionId !== null && row.stale) o.touch(user.sessionId);
      if ((o.quietUntil.get(user.id) ?? 0) > Date.now()) return;
      hit.until = Math.min(started + CACHE_MS, row.expires_at ? row.expires_at.getTime() : Number.POSITIVE_INFINITY);
    },
    (err) => {
      hit.refreshing = false;
      o.log.debug("session refresh-ahead failed", { error: String(err) });
    },
  );
}

export async function listSessions({ sql }: Pick<ServerDeps, "sql">, userId: number, currentSessionId: number | null): Promise<Session[]> {
  const rows = await sql`
    select id, device_id, device_name, device_type, browser, os, ip_address, location_city, location_country,
           remember_me, status, expires_at, last_seen_at, updated_at, created_at
    from login_sessions
    where user_id = ${userId} and status = 'active' and expires_at > now()
    order by last_seen_at desc, id desc`;
  return rows.map((r) => ({
    id: r.id as number,
    device_id: r.device_id as string,
    device_name: r.device_name as string,
    device_type: r.device_type as string,
    browser: r.browser as string | null,
    os: r.os as string | null,
    ip_address: r.ip_address as string | null,
    location_city: r.location_city as string | null,
    location_country: r.location_country as string | null,
    remember_me: r.remember_me as boolean,
    status: r.status as string,
    is_current: r.id === currentSessionId,
    expires_at: (r.expires_at as Date).toISOString(),
    last_seen_at: (r.last_seen_at as Date).toISOString(),
    updated_at: (r.updated_at as Date).toISOString(),
    created_at: (r.created_at as Date).toISOString(),
  }));
}

/** Log out one of the caller's own sessions; another user's id answers exactly like a missing one. */
export async function revokeOwnSession({ sql }: Pick<ServerDeps, "sql">, userId: number, sessionId: number) {
  await sql.begin(async (tx) => {
    const [row] = await tx`select id from login_sessions where id = ${sessionId} and user_id = ${userId} and status <> 'revoked' for update`;
    if (!row) throw notFound("Session not found");
    await revokeSession(tx, sessionId);
  });
}
