// Device verification: the pending sign-in of a new browser becomes active with the e-mailed code, which only the
// browser holding the pending cookie may enter or ask to be sent again.
import type { ServerDeps } from "../../deps";
import { HttpError, badRequest, forbidden, tooManyRequests } from "../../lib/http-error";
import { securityEvent } from "../../lib/security-log";
import { hashToken } from "../../lib/tokens";
import type { Mailer } from "../mail/service";
import { grantTrust } from "../sessions/device-trust";
import { BLOCKED_DETAIL, sessionLifetimeSeconds } from "../sessions/service";
import { CODE, DETAIL, resendTooSoon } from "./answers";
import { MAX_CODE_ATTEMPTS, codeMatches } from "./secrets";
import { DEVICE_RESEND_SECONDS, type IssuedSession, type WrongCodeGuard, activate, retireDeviceSessions, sendDeviceCode } from "./sign-in";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

type PendingRow = {
  id: number;
  user_id: number;
  device_id: string;
  remember_me: boolean;
  device_name: string;
  ip_address: string | null;
  location_city: string | null;
  location_country: string | null;
  email: string;
  is_blocked: boolean;
};

/** The pending sign-in named by its handle, only for the browser holding its nonce; every miss looks the same. */
async function pendingSession(deps: Deps, handle: string, nonce: string | undefined): Promise<PendingRow> {
  const [row] = nonce
    ? await deps.sql<PendingRow[]>`
        select s.id, s.user_id, s.device_id, s.remember_me, s.device_name, s.ip_address,
               s.location_city, s.location_country, u.email, u.is_blocked
        from login_sessions s join users u on u.id = s.user_id
        where s.pending_handle = ${handle} and s.pending_nonce_hash = ${hashToken(nonce)}
          and s.status = 'pending' and s.expires_at > now()`
    : [];
  if (!row) throw badRequest(DETAIL.missingSession).withCode(CODE.missingSession);
  if (row.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");
  return row;
}

/** Wrong code: counted on the code (5 per code) and on the user (across all pending sign-ins); a lock mails the owner. */
async function wrongCode(deps: Deps, mailer: Mailer, locks: boolean, session: PendingRow, ip: string | null) {
  securityEvent(deps.log, "device_code_wrong", { user_id: session.user_id, session_id: session.id, ip });
  if (!locks) return;
  securityEvent(deps.log, "device_locked", { user_id: session.user_id, session_id: session.id, ip });
  await deps.sql`update login_sessions set status = 'revoked', pending_handle = null, updated_at = now() where user_id = ${session.user_id} and status = 'pending'`;
  await mailer.send({
    to: session.email,
    subject: "Tradewind: sign-in from new devices paused",
    text:
      "Several wrong sign-in codes were entered for your account, so signing in from new devices is paused for an hour.\n\n" +
      "If this was not you, someone knows your password: change it now. Devices you already use are not affected.",
  });
}

export async function verifyDeviceCode(
  deps: Deps,
  mailer: Mailer,
  guard: WrongCodeGuard,
  input: { handle: string; nonce: string | undefined; code: string; ip?: string; trustCookie?: string },
): Promise<IssuedSession> {
  const session = await pendingSession(deps, input.handle, input.nonce);
  const taken = await guard.take(session.user_id);
  const sessionId = session.id as number;
  const code = input.code.trim();
  const outcome = await checkDeviceCode(deps, session, code, input.trustCookie).catch(async (err) => {
    await guard.giveBack(session.user_id);
    throw err;
  });
  if (outcome === "wrong") {
    await wrongCode(deps, mailer, taken === guard.max, session, input.ip ?? null);
    throw badRequest(DETAIL.wrongDeviceCode).withCode(CODE.wrongDeviceCode);
  }
  await guard.giveBack(session.user_id);
  if (outcome instanceof HttpError) throw outcome;
  return { ...(await activate(deps, sessionId, session.user_id, session.remember_me, outcome.expiresAt)), trustCookie: outcome.trust };
}

/** Compares the code and, when it matches, activates the sign-in and trusts the browser, in one transaction. */
async function checkDeviceCode(deps: Deps, session: PendingRow, code: string, trustCookie: string | undefined) {
  const sessionId = session.id;
  return deps.sql.begin(async (tx) => {
    const [row] = await tx`
      select id, code_hash, attempts, expires_at > now() as live from device_codes where session_id = ${sessionId} for update`;
    if (!row?.live) return badRequest(DETAIL.deviceCodeExpired).withCode(CODE.deviceCodeExpired);
    if (row.attempts >= MAX_CODE_ATTEMPTS)
      return tooManyRequests("device-code-attempts", DETAIL.tooManyCodeAttempts).withCode(CODE.tooManyCodeAttempts);
    if (!codeMatches(deps.config.JWT_SECRET, `session:${sessionId}`, code, row.code_hash)) {
      // Returned rather than thrown so the attempt counter commits.
      await tx`update device_codes set attempts = attempts + 1 where id = ${row.id}`;
      return "wrong" as const;
    }
    await tx`delete from device_codes where id = ${row.id}`;
    const [active] = await tx`
      update login_sessions
      set status = 'active', verified = true, pending_handle = null, pending_nonce_hash = null, last_seen_at = now(), updated_at = now(),
          expires_at = now() + make_interval(secs => ${sessionLifetimeSeconds(session.remember_me)})
      where id = ${sessionId} and status = 'pending'
      returning expires_at`;
    if (!active) return badRequest(DETAIL.missingSession).withCode(CODE.missingSession);
    const trust = await grantTrust(tx, deps.config.JWT_SECRET, session.user_id, session.device_id, trustCookie);
    await retireDeviceSessions(tx, session.user_id, session.device_id, sessionId);
    return { expiresAt: active.expires_at as Date, trust };
  });
}

export async function resendDeviceCode(deps: Deps, mailer: Mailer, input: { handle: string; nonce: string | undefined }) {
  const session = await pendingSession(deps, input.handle, input.nonce);
  const [prev] = await deps.sql`
    select extract(epoch from now() - last_sent_at)::float8 as age from device_codes where session_id = ${session.id}`;
  if (prev && prev.age < DEVICE_RESEND_SECONDS) throw resendTooSoon("device-code-resend", prev.age, DEVICE_RESEND_SECONDS);
  await sendDeviceCode(deps, mailer, session.id, session.email, {
    deviceName: session.device_name,
    city: session.location_city,
    country: session.location_country,
    ip: session.ip_address,
  });
  return { status: "sent", detail: "A new code has been sent", retry_after: DEVICE_RESEND_SECONDS };
}
