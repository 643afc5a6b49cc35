// Sign-in (spec 01 §4, DESIGN §3): the password, then a trusted browser is in at once and a new one gets a pending
// sign-in and an e-mailed code (checked in device-verification.ts).
import type { Sql, Tx } from "@core/infra/db";
import { normalizeEmail } from "@core/rules/accounts";
import type { ServerDeps } from "../../deps";
import { signAccessToken } from "../../lib/auth";
import { forbidden, tooManyRequests, unauthorized } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import type { Mailer } from "../mail/service";
import { isTrusted } from "../sessions/device-trust";
import { BLOCKED_DETAIL, issueRefreshToken, revokeSession, sessionLifetimeSeconds } from "../sessions/service";
import { CODE, DETAIL } from "./answers";
import { type ClientInfo, type ClientMeta, describeClient, UNKNOWN_DEVICE } from "./client-info";
import { CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS, burnPasswordCheck, hashCode, newCode, verifyPassword } from "./secrets";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

export const DEVICE_RESEND_SECONDS = 120;
/** Codes mailed per pending sign-in (the first plus resends); more would let one sign-in farm fresh guesses. */
const MAX_DEVICE_SENDS = 3;

export type IssuedSession = {
  userId: number;
  accessToken: string;
  refreshToken: string;
  sessionId: number;
  rememberMe: boolean;
  expiresAt: Date;
  /** set when this sign-in just proved the mailbox: the device-trust cookie value for the browser */
  trustCookie?: string;
};

/** Where a sign-in comes from, as the code's mail names it. */
export type SignInPlace = { deviceName: string; city: string | null; country: string | null; ip: string | null };

/**
 * Mails a code for a pending sign-in. A live code's attempts carry over to the new code (a resend never buys more
 * guesses) and it keeps its expiry, which is the sign-in's; only an expired code starts over.
 */
export async function sendDeviceCode(deps: Deps, mailer: Mailer, sessionId: number, to: string, place: SignInPlace) {
  const code = newCode();
  const [row] = await deps.sql`
    insert into device_codes (session_id, code_hash, expires_at, attempts, last_sent_at, sends)
    values (${sessionId}, ${hashCode(deps.config.JWT_SECRET, `session:${sessionId}`, code)},
            now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now(), 1)
    on conflict (session_id) do update
      set code_hash = excluded.code_hash, last_sent_at = now(),
          attempts = case when device_codes.expires_at > now() then device_codes.attempts else 0 end,
          sends = case when device_codes.expires_at > now() then device_codes.sends + 1 else 1 end,
          expires_at = case when device_codes.expires_at > now() then device_codes.expires_at else excluded.expires_at end
      where device_codes.expires_at <= now() or device_codes.sends < ${MAX_DEVICE_SENDS}
    returning id`;
  if (!row) throw tooManyRequests("device-code-sends", DETAIL.tooManySends).withCode(CODE.tooManySends);
  const where = [place.deviceName, [place.city, place.country].filter(Boolean).join(", "), place.ip].filter(Boolean).join(" · ");
  await mailer.send({
    to,
    subject: "Your Tradewind sign-in code",
    text:
      `Someone (hopefully you) is signing in to Tradewind from a new device: ${where}.\n\n` +
      `Your sign-in code is ${code}. It is valid for 10 minutes.\n\nIf this was not you, change your password.`,
  });
}

export async function activate(deps: Deps, sessionId: number, userId: number, rememberMe: boolean, expiresAt: Date): Promise<IssuedSession> {
  const refreshToken = await issueRefreshToken(deps.sql, sessionId);
  const accessToken = await signAccessToken(deps.config.JWT_SECRET, { userId, sessionId });
  return { userId, accessToken, refreshToken, sessionId, rememberMe, expiresAt };
}

export type LoginInput = { email: string; password: string; remember_me?: boolean; device_id?: string };

/** A new sign-in on a device ends what that device held before (its older sessions and their refresh tokens). */
export async function retireDeviceSessions(tx: Tx, userId: number, deviceId: string, keepId: number) {
  const old = await tx`select id from login_sessions where user_id = ${userId} and device_id = ${deviceId} and status = 'active' and id <> ${keepId}`;
  for (const r of old) await revokeSession(tx, r.id as number);
}

/** A sign-in from an unverified device: the opaque handle answered to the client and the nonce for its cookie. */
export type PendingSignIn = { kind: "pending"; userId: number; handle: string; nonce: string };

/**
 * Counts wrong device codes per user across every pending sign-in; Redis-backed in the app, injected here. A try is
 * taken before the code is compared and given back when it was not wrong, so a burst of guesses cannot all slip
 * past a check made before any of them was counted.
 */
export type WrongCodeGuard = {
  /** 429 while the user's device sign-in is locked */
  check: (userId: number) => Promise<void>;
  /** takes one try (429 once they are spent); returns how many are taken in the window, this one included */
  take: (userId: number) => Promise<number>;
  giveBack: (userId: number) => Promise<void>;
  /** tries per window; taking the last one locks device sign-in and mails the owner */
  max: number;
};

/** The account behind the e-mail and password; an unknown e-mail costs the same argon2 work as a wrong password. */
async function checkCredentials(sql: Sql, input: LoginInput): Promise<{ id: number; email: string }> {
  const email = normalizeEmail(input.email);
  const [user] = await sql`select id, email, password_hash, is_blocked from users where lower(email) = ${email}`;
  const ok = user ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
  if (!ok) throw unauthorized(DETAIL.badCredentials).withCode(CODE.badCredentials);
  if (user.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");
  return { id: user.id as number, email: user.email as string };
}

/** `pending` is null for a trusted browser; else the handle and nonce of its pending sign-in. */
type Opening = {
  userId: number;
  deviceId: string;
  rememberMe: boolean;
  client: ClientInfo;
  ip: string;
  pending: Omit<PendingSignIn, "kind" | "userId"> | null;
};

/** The session row: active for a trusted browser, else pending (the nonce's hash binds it to the browser). */
async function openSession(sql: Sql, o: Opening): Promise<{ id: number; expiresAt: Date }> {
  const { userId, deviceId, pending } = o;
  const known = pending === null;
  return sql.begin(async (tx) => {
    // A pending sign-in lives as long as its code (10 min); it gets the full lifetime only once verified.
    const lifetime = known ? sessionLifetimeSeconds(o.rememberMe) : CODE_TTL_SECONDS;
    const info = {
      device_name: o.client.deviceName,
      device_type: o.client.deviceType,
      browser: o.client.browser,
      os: o.client.os,
      ip_address: o.ip,
      location_city: o.client.city,
      location_country: o.client.country,
      remember_me: o.rememberMe,
    };
    // Only a live pending sign-in of this device is reused (re-submitting the form); anything else gets a new row.
    const [open] = known
      ? []
      : await tx`
      select id from login_sessions where user_id = ${userId} and device_id = ${deviceId} and status = 'pending' and expires_at > now() for update`;
    const [row] = open
      ? await tx`
          update login_sessions set ${tx(info)}, pending_handle = ${pending!.handle}, pending_nonce_hash = ${hashToken(pending!.nonce)},
                 expires_at = now() + make_interval(secs => ${lifetime}), last_seen_at = now(), updated_at = now()
          where id = ${open.id} returning id, expires_at`
      : await tx`
          insert into login_sessions ${tx({
            ...info,
            user_id: userId,
            device_id: deviceId,
            status: known ? "active" : "pending",
            verified: known,
            pending_handle: pending?.handle ?? null,
            pending_nonce_hash: pending ? hashToken(pending.nonce) : null,
            expires_at: new Date(Date.now() + lifetime * 1000),
          })}
          returning id, expires_at`;
    // A stale pending row of this device (expired) is closed so the partial unique index stays free.
    await tx`update login_sessions set status = 'revoked', pending_handle = null, updated_at = now()
             where user_id = ${userId} and device_id = ${deviceId} and status = 'pending' and id <> ${row.id}`;
    if (known) await retireDeviceSessions(tx, userId, deviceId, row.id);
    return { id: row.id as number, expiresAt: row.expires_at as Date };
  });
}

export async function login(
  deps: Deps,
  mailer: Mailer,
  input: LoginInput,
  meta: ClientMeta,
  guard: WrongCodeGuard,
): Promise<IssuedSession | PendingSignIn> {
  const user = await checkCredentials(deps.sql, input);
  const userId = user.id;
  const deviceId = input.device_id?.trim() || UNKNOWN_DEVICE;
  const rememberMe = input.remember_me === true;
  const client = await describeClient(meta.userAgent, meta.ip);
  // Trust is the server's signed cookie, never the client-chosen device id (which any script on the page can read).
  const known = await isTrusted(deps.sql, deps.config.JWT_SECRET, userId, meta.trustCookie);
  if (!known) await guard.check(userId);
  const pending = known ? null : { handle: newToken(), nonce: newToken() };
  const session = await openSession(deps.sql, { userId, deviceId, rememberMe, client, ip: meta.ip, pending });
  if (!pending) return activate(deps, session.id, userId, rememberMe, session.expiresAt);

  // Re-submitting the form must not mail a fresh code every time: within the resend window the last code stands.
  const [recent] = await deps.sql`
    select 1 from device_codes
    where session_id = ${session.id} and expires_at > now() and attempts < ${MAX_CODE_ATTEMPTS}
      and last_sent_at > now() - make_interval(secs => ${DEVICE_RESEND_SECONDS})`;
  if (!recent) await sendDeviceCode(deps, mailer, session.id, user.email, { ...client, ip: meta.ip });
  return { kind: "pending", userId, ...pending };
}
