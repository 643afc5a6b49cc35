// The signed-in browser's own cookie calls: refresh-token rotation (with replay detection) and logout.
import type { ServerDeps } from "../../deps";
import { signAccessToken } from "../../lib/auth";
import { forbidden, unauthorized } from "../../lib/http-error";
import { securityEvent } from "../../lib/security-log";
import { hashToken } from "../../lib/tokens";
import { BLOCKED_DETAIL, ROTATION_GRACE_SECONDS, idleSeconds, issueRefreshToken, revokeSession } from "../sessions/service";
import { CODE, DETAIL } from "./answers";
import type { ClientMeta } from "./client-info";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

export type Refreshed = { accessToken: string; refreshToken: string | null; rememberMe: boolean; expiresAt: Date };

/**
 * Rotate the refresh token. A token already rotated is either a second tab racing the first, or an answer lost in
 * flight (tolerated for a few seconds: a new access token and a sibling cookie), or a stolen copy being replayed
 * (the whole session dies).
 */
export async function refresh(deps: Deps, token: string | undefined, meta: ClientMeta): Promise<Refreshed> {
  if (!token) throw unauthorized(DETAIL.sessionExpired).withCode(CODE.sessionExpired);
  const { sql, config } = deps;
  const [row] = await sql`
    select t.id, t.session_id, t.revoked_at, t.expires_at > now() as live,
           extract(epoch from now() - t.rotated_at)::float8 as rotated_ago,
           s.user_id, s.status, s.remember_me, s.expires_at as session_expires_at, u.is_blocked,
           extract(epoch from now() - s.last_seen_at)::float8 as idle
    from refresh_tokens t join login_sessions s on s.id = t.session_id join users u on u.id = s.user_id
    where t.token_hash = ${hashToken(token)}`;
  if (!row || row.revoked_at || !row.live || row.status !== "active") throw unauthorized(DETAIL.sessionExpired).withCode(CODE.sessionExpired);
  if (row.idle > idleSeconds(row.remember_me)) {
    await revokeSession(sql, row.session_id);
    throw unauthorized(DETAIL.sessionExpired).withCode(CODE.sessionExpired);
  }
  if (row.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");
  const sessionId = row.session_id as number;
  const userId = row.user_id as number;

  const result = await sql.begin(async (tx) => {
    const [claimed] = await tx`
      update refresh_tokens set rotated_at = now() where id = ${row.id} and rotated_at is null and revoked_at is null returning id`;
    if (claimed) return { refreshToken: await issueRefreshToken(tx, sessionId, row.id) };
    const [again] = await tx`select extract(epoch from now() - rotated_at)::float8 as ago from refresh_tokens where id = ${row.id}`;
    // Within the grace the caller gets a cookie of its own (a sibling of the first one): a browser whose first answer was
    // lost in flight (a navigation aborting the request after the server rotated) would otherwise keep presenting this
    // token and be taken for a thief once the grace ran out.
    if (again && again.ago !== null && again.ago <= ROTATION_GRACE_SECONDS) return { refreshToken: await issueRefreshToken(tx, sessionId, row.id) };
    await revokeSession(tx, sessionId);
    return null;
  });
  if (!result) {
    securityEvent(deps.log, "refresh_reuse", { user_id: userId, session_id: sessionId, ip: meta.ip });
    throw unauthorized(DETAIL.refreshReuse).withCode(CODE.refreshReuse);
  }
  await sql`update login_sessions set last_seen_at = now(), ip_address = ${meta.ip} where id = ${sessionId}`;
  const accessToken = await signAccessToken(config.JWT_SECRET, { userId, sessionId });
  return { accessToken, refreshToken: result.refreshToken, rememberMe: row.remember_me, expiresAt: row.session_expires_at };
}

/**
 * Ends the session named by the refresh cookie and/or the access token; always succeeds (logout is idempotent). The
 * browser's device trust stays: it belongs to the browser, not the session (its owner removes it on the sessions card).
 */
export async function logout({ sql }: Deps, refreshToken: string | undefined, accessSessionId: number | null) {
  const ids = new Set<number>();
  if (accessSessionId !== null) ids.add(accessSessionId);
  if (refreshToken) {
    const [row] = await sql`select session_id from refresh_tokens where token_hash = ${hashToken(refreshToken)}`;
    if (row) ids.add(row.session_id as number);
  }
  for (const id of ids) await revokeSession(sql, id);
  return { status: "logged_out", detail: "Signed out" };
}
