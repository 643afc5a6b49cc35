// Login sessions: lifetime rules, refresh-token chains, revocation, the per-request session check and the device list.
import type { Sql, Tx } from "@core/db";
import type { ServerDeps } from "../../deps";
import type { Session } from "@core/contract/session";
import type { AuthUser, SessionCheck } from "../../lib/auth";
import { forbidden, notFound } from "../../lib/http-error";
import { hashToken, newToken } from "../auth/secrets";

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

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db`update login_sessions set status = 'revoked', updated_at = now() where id = ${sessionId} and status <> 'revoked'`;
  await db`update refresh_tokens set revoked_at = now() where session_id = ${sessionId} and revoked_at is null`;
}

/** Revoke every session of a user except one (null: all of them); used by password change/reset and blocking. */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId: number | null): Promise<number> {
  const rows = await db`
    update login_sessions set status = 'revoked', updated_at = now()
    where user_id = ${userId} and status <> 'revoked' and id is distinct from ${exceptSessionId}
    returning id`;
  const ids = rows.map((r) => r.id as number);
  if (ids.length) await db`update refresh_tokens set revoked_at = now() where session_id in ${db(ids)} and revoked_at is null`;
  return ids.length;
}

/**
 * The auth plugin's check beyond the JWT signature, one indexed query per request and no cache, so a
 * revocation or a block takes effect on the very next call. Tokens without a session id are only minted
 * internally (tests, tools); for them only the block applies.
 */
export function createSessionCheck({ sql }: Pick<ServerDeps, "sql">): SessionCheck {
  return async (user: AuthUser) => {
    const [row] = await sql`
      select u.is_blocked,
             s.id as session_id,
             (s.status = 'active' and s.expires_at > now()) as session_ok,
             s.last_seen_at < now() - interval '60 seconds' as stale
      from users u
      left join login_sessions s on s.id = ${user.sessionId} and s.user_id = u.id
      where u.id = ${user.id}`;
    if (!row) return false;
    if (row.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");
    if (user.sessionId === null) return true;
    if (!row.session_ok) return false;
    // "Last seen" at minute precision is enough for the device list and spares a write per request.
    if (row.stale) await sql`update login_sessions set last_seen_at = now() where id = ${user.sessionId}`;
    return true;
  };
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
