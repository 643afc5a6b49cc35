// Registration, login with device verification, refresh-token rotation and logout (spec 01 §4, DESIGN §3).
import type { ErrorCode } from "@core/contract/errors";
import { applyCreditChange } from "@core/credits";
import type { Tx } from "@core/db";
import { canonicalMailbox, DEVICE_CODE_LENGTH, isValidEmail, normalizeEmail, passwordProblem } from "@core/accounts";
import type { ServerDeps } from "../../deps";
import { signAccessToken } from "../../lib/auth";
import { HttpError, badRequest, conflict, forbidden, tooManyRequests, unauthorized } from "../../lib/http-error";
import type { Mailer } from "../mail/service";
import { BLOCKED_DETAIL, ROTATION_GRACE_SECONDS, idleSeconds, issueRefreshToken, revokeSession, sessionLifetimeSeconds } from "../sessions/service";
import { securityEvent } from "../../lib/security-log";
import { describeClient } from "./client-info";
import { grantTrust, isTrusted } from "../sessions/device-trust";
import { burnPasswordCheck, codeMatches, hashCode, hashPassword, newCode, verifyPassword } from "./secrets";
import { hashToken, newToken } from "../../lib/tokens";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const REGISTRATION_RESEND_SECONDS = 60;
export const DEVICE_RESEND_SECONDS = 120;
/** Codes mailed per pending sign-in (the first plus resends); more would let one sign-in farm fresh guesses. */
export const MAX_DEVICE_SENDS = 3;
export const REGISTRATION_TOKEN_SECONDS = 30 * 60;
export const UNKNOWN_DEVICE = "unknown-device";
const CODE_PATTERN = new RegExp(`^\\d{${DEVICE_CODE_LENGTH}}$`);

export const DETAIL = {
  invalidEmail: "Please enter a valid email address.",
  invalidCode: "Invalid or expired code. Request a new one.",
  tooManyCodeAttempts: "Too many attempts. Request a new code.",
  badCredentials: "Invalid email or password",
  devicePending: "New device: enter the 6-digit code we sent to your e-mail.",
  missingSession: "Missing session. Please sign in again.",
  wrongDeviceCode: "Invalid code",
  deviceCodeExpired: "Code expired. Request a new one.",
  sessionExpired: "Session expired. Please sign in again.",
  refreshReuse: "Session expired: this sign-in was used elsewhere. Please sign in again.",
  verificationMissing: "Please verify your email before creating an account.",
  emailInUse: "This email is already in use",
  tooManySends: "Too many codes for this sign-in. Please sign in again later.",
  deviceLocked: "Too many wrong codes: signing in from new devices is paused for an hour. We have e-mailed the account owner.",
} as const;

/** The machine codes of the details above, for clients that branch on them (the texts may be reworded). */
export const CODE: Record<keyof typeof DETAIL, ErrorCode> = {
  invalidEmail: "invalid_email",
  invalidCode: "invalid_code",
  tooManyCodeAttempts: "too_many_attempts",
  badCredentials: "invalid_credentials",
  devicePending: "device_verification_required",
  missingSession: "pending_sign_in_missing",
  wrongDeviceCode: "invalid_code",
  deviceCodeExpired: "code_expired",
  sessionExpired: "session_expired",
  refreshReuse: "session_reused",
  verificationMissing: "email_not_verified",
  emailInUse: "email_in_use",
  tooManySends: "too_many_codes",
  deviceLocked: "device_sign_in_locked",
};

const retryIn = (secondsSinceSent: number, cooldown: number) => Math.max(1, Math.ceil(cooldown - secondsSinceSent));

/** Who is asking: address, user agent and the browser's device-trust cookie (if it sent one). */
export type ClientMeta = { ip: string; userAgent: string | null; trustCookie?: string };

// ---------------------------------------------------------------- registration

/** Same answer for every well-formed e-mail: whether an account exists is only revealed after the code is proven. */
export async function sendRegistrationCode({ config, sql }: Deps, mailer: Mailer, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw badRequest(DETAIL.invalidEmail).withCode(CODE.invalidEmail);
  const code = newCode();
  const [row] = await sql`
    insert into email_codes (email, code_hash, expires_at, attempts, last_sent_at, consumed_at)
    values (${email}, ${hashCode(config.JWT_SECRET, email, code)}, now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0, now(), null)
    on conflict (lower(email)) do update
      set code_hash = excluded.code_hash, expires_at = excluded.expires_at,
          -- A resend of a live code keeps its spent attempts: it is not five more guesses.
          attempts = case when email_codes.expires_at > now() and email_codes.consumed_at is null then email_codes.attempts else 0 end,
          last_sent_at = now(), consumed_at = null, created_at = now()
      where email_codes.last_sent_at <= now() - make_interval(secs => ${REGISTRATION_RESEND_SECONDS})
    returning id`;
  if (!row) {
    const [prev] = await sql`select extract(epoch from now() - last_sent_at)::float8 as age from email_codes where lower(email) = ${email}`;
    const wait = retryIn(prev?.age ?? 0, REGISTRATION_RESEND_SECONDS);
    throw tooManyRequests("registration-code-resend", `Too many requests. Please wait ${wait} seconds before requesting a new code.`, wait);
  }
  await mailer.send({
    to: email,
    subject: "Your Tradewind verification code",
    text: `Your Tradewind verification code is ${code}.\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this e-mail.`,
  });
  return { status: "sent", detail: "Verification code sent", retry_after: REGISTRATION_RESEND_SECONDS };
}

export async function verifyRegistrationCode({ config, sql }: Deps, rawEmail: string, rawCode: string) {
  const email = normalizeEmail(rawEmail);
  const code = rawCode.trim();
  // Failures are returned, not thrown, so the attempt counter commits with the rest of the transaction.
  const outcome = await sql.begin(async (tx) => {
    const [row] = await tx`
      select id, code_hash, attempts, expires_at > now() as live, consumed_at from email_codes
      where lower(email) = ${email} for update`;
    if (!row || row.consumed_at || !row.live) return { error: badRequest(DETAIL.invalidCode).withCode(CODE.invalidCode) };
    if (row.attempts >= MAX_CODE_ATTEMPTS)
      return { error: tooManyRequests("email-code-attempts", DETAIL.tooManyCodeAttempts).withCode(CODE.tooManyCodeAttempts) };
    if (!CODE_PATTERN.test(code) || !codeMatches(config.JWT_SECRET, email, code, row.code_hash)) {
      await tx`update email_codes set attempts = attempts + 1 where id = ${row.id}`;
      return { error: badRequest(DETAIL.invalidCode).withCode(CODE.invalidCode) };
    }
    await tx`update email_codes set consumed_at = now() where id = ${row.id}`;
    const token = newToken();
    await tx`
      insert into registration_tokens (email, token_hash, expires_at)
      values (${email}, ${hashToken(token)}, now() + make_interval(secs => ${REGISTRATION_TOKEN_SECONDS}))`;
    return { token };
  });
  if ("error" in outcome) throw outcome.error;
  return { status: "verified", session_token: outcome.token };
}

export type RegistrationInput = {
  email: string;
  session_token: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
  accepted_terms_of_use?: boolean;
  accepted_privacy_policy?: boolean;
  accepted_risk_disclosure?: boolean;
  device_id?: string;
};

/** Creates the account; the answer carries the device-trust cookie for the browser that proved the mailbox. */
export async function completeRegistration({ sql, config }: Deps, input: RegistrationInput, trustCookie?: string) {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(DETAIL.invalidEmail).withCode(CODE.invalidEmail);
  const firstName = input.first_name.trim();
  const lastName = input.last_name.trim();
  if (!firstName || !lastName) throw badRequest("First name and last name are required.");
  const problem = passwordProblem(input.password, input.confirm_password);
  if (problem) throw badRequest(problem).withCode("weak_password");
  if (input.accepted_terms_of_use !== true) throw badRequest("I must agree to the Terms of Use.");
  if (input.accepted_privacy_policy !== true) throw badRequest("I must agree to the Privacy Policy.");
  if (input.accepted_risk_disclosure !== true) throw badRequest("I must acknowledge the Risk Disclosure.");
  // The cheap check first: no argon2 work for a request without a live proof of the mailbox.
  const [live] = await sql`
    select 1 from registration_tokens
    where token_hash = ${hashToken(input.session_token)} and lower(email) = ${email} and used_at is null and expires_at > now()`;
  if (!live) throw badRequest(DETAIL.verificationMissing).withCode(CODE.verificationMissing);
  const passwordHash = await hashPassword(input.password);

  return sql.begin(async (tx) => {
    const [proof] = await tx`
      select id from registration_tokens
      where token_hash = ${hashToken(input.session_token)} and lower(email) = ${email}
        and used_at is null and expires_at > now()
      for update`;
    if (!proof) throw badRequest(DETAIL.verificationMissing).withCode(CODE.verificationMissing);
    // Only now, with the e-mail proven, may the caller learn that an account exists.
    const [existing] = await tx`select id from users where lower(email) = ${email}`;
    if (existing) throw conflict(DETAIL.emailInUse).withCode(CODE.emailInUse);
    await tx`update registration_tokens set used_at = now() where id = ${proof.id}`;
    const [user] = await tx`
      insert into users (email, password_hash, first_name, last_name)
      values (${email}, ${passwordHash}, ${firstName}, ${lastName}) returning id`;
    const userId = user.id as number;
    // One FREE Test pack per mailbox: name+tag@ and Gmail's dotted variants do not earn another.
    const [claim] = await tx`
      insert into free_credit_claims (mailbox, user_id) values (${canonicalMailbox(email)}, ${userId}) on conflict do nothing returning mailbox`;
    if (claim) await applyCreditChange(tx, { userId, kind: "GRANT", amount: 1, note: "FREE Test pack" });
    // The browser that just proved the mailbox is trusted; signing in from it needs no device code.
    const trust = await grantTrust(tx, config.JWT_SECRET, userId, input.device_id?.trim() || UNKNOWN_DEVICE, trustCookie);
    return { status: "created", detail: "Account created", user_id: userId, trustCookie: trust };
  });
}

// ---------------------------------------------------------------- login and device verification

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

/**
 * Mails a code for a pending sign-in. A live code's attempts carry over to the new code (a resend never buys more
 * guesses) and it keeps its expiry, which is the sign-in's; only an expired code starts over.
 */
async function sendDeviceCode(deps: Deps, mailer: Mailer, sessionId: number, to: string, where: string) {
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
  await mailer.send({
    to,
    subject: "Your Tradewind sign-in code",
    text:
      `Someone (hopefully you) is signing in to Tradewind from a new device: ${where}.\n\n` +
      `Your sign-in code is ${code}. It is valid for 10 minutes.\n\nIf this was not you, change your password.`,
  });
}

async function activate(deps: Deps, sessionId: number, userId: number, rememberMe: boolean, expiresAt: Date): Promise<IssuedSession> {
  const refreshToken = await issueRefreshToken(deps.sql, sessionId);
  const accessToken = await signAccessToken(deps.config.JWT_SECRET, { userId, sessionId });
  return { userId, accessToken, refreshToken, sessionId, rememberMe, expiresAt };
}

export type LoginInput = { email: string; password: string; remember_me?: boolean; device_id?: string };

/** A new sign-in on a device ends what that device held before (its older sessions and their refresh tokens). */
async function retireDeviceSessions(tx: Tx, userId: number, deviceId: string, keepId: number) {
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

export async function login(
  deps: Deps,
  mailer: Mailer,
  input: LoginInput,
  meta: ClientMeta,
  guard: WrongCodeGuard,
): Promise<IssuedSession | PendingSignIn> {
  const { sql } = deps;
  const email = normalizeEmail(input.email);
  const [user] = await sql`select id, email, password_hash, is_blocked from users where lower(email) = ${email}`;
  const ok = user ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
  if (!ok) throw unauthorized(DETAIL.badCredentials).withCode(CODE.badCredentials);
  if (user.is_blocked) throw forbidden(BLOCKED_DETAIL).withCode("user_blocked");

  const userId = user.id as number;
  const deviceId = input.device_id?.trim() || UNKNOWN_DEVICE;
  const rememberMe = input.remember_me === true;
  const client = await describeClient(meta.userAgent, meta.ip);
  // Trust is the server's signed cookie, never the client-chosen device id (which any script on the page can read).
  const known = await isTrusted(sql, deps.config.JWT_SECRET, userId, meta.trustCookie);
  if (!known) await guard.check(userId);
  const handle = known ? null : newToken();
  const nonce = known ? null : newToken();

  const session = await sql.begin(async (tx) => {
    // A pending sign-in lives as long as its code (10 min); it gets the full lifetime only once verified.
    const lifetime = known ? sessionLifetimeSeconds(rememberMe) : CODE_TTL_SECONDS;
    const info = {
      device_name: client.deviceName,
      device_type: client.deviceType,
      browser: client.browser,
      os: client.os,
      ip_address: meta.ip,
      location_city: client.city,
      location_country: client.country,
      remember_me: rememberMe,
    };
    // Only a live pending sign-in of this device is reused (re-submitting the form); anything else gets a new row.
    const [open] = known
      ? []
      : await tx`
      select id from login_sessions where user_id = ${userId} and device_id = ${deviceId} and status = 'pending' and expires_at > now() for update`;
    const [row] = open
      ? await tx`
          update login_sessions set ${tx(info)}, pending_handle = ${handle}, pending_nonce_hash = ${hashToken(nonce!)},
                 expires_at = now() + make_interval(secs => ${lifetime}), last_seen_at = now(), updated_at = now()
          where id = ${open.id} returning id, expires_at`
      : await tx`
          insert into login_sessions ${tx({
            ...info,
            user_id: userId,
            device_id: deviceId,
            status: known ? "active" : "pending",
            verified: Boolean(known),
            pending_handle: handle,
            pending_nonce_hash: nonce ? hashToken(nonce) : null,
            expires_at: new Date(Date.now() + lifetime * 1000),
          })}
          returning id, expires_at`;
    // A stale pending row of this device (expired) is closed so the partial unique index stays free.
    await tx`update login_sessions set status = 'revoked', pending_handle = null, updated_at = now()
             where user_id = ${userId} and device_id = ${deviceId} and status = 'pending' and id <> ${row.id}`;
    if (known) await retireDeviceSessions(tx, userId, deviceId, row.id);
    return { id: row.id as number, expiresAt: row.expires_at as Date };
  });

  if (known) return activate(deps, session.id, userId, rememberMe, session.expiresAt);

  // Re-submitting the form must not mail a fresh code every time: within the resend window the last code stands.
  const [recent] = await sql`
    select 1 from device_codes
    where session_id = ${session.id} and expires_at > now() and attempts < ${MAX_CODE_ATTEMPTS}
      and last_sent_at > now() - make_interval(secs => ${DEVICE_RESEND_SECONDS})`;
  if (!recent) {
    const where = [client.deviceName, [client.city, client.country].filter(Boolean).join(", "), meta.ip].filter(Boolean).join(" · ");
    await sendDeviceCode(deps, mailer, session.id, user.email, where);
  }
  return { kind: "pending", userId, handle: handle!, nonce: nonce! };
}

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
    if (!CODE_PATTERN.test(code) || !codeMatches(deps.config.JWT_SECRET, `session:${sessionId}`, code, row.code_hash)) {
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
  if (prev && prev.age < DEVICE_RESEND_SECONDS) {
    const wait = retryIn(prev.age, DEVICE_RESEND_SECONDS);
    throw tooManyRequests("device-code-resend", `Too many requests. Please wait ${wait} seconds before requesting a new code.`, wait);
  }
  const where = [session.device_name, [session.location_city, session.location_country].filter(Boolean).join(", "), session.ip_address]
    .filter(Boolean)
    .join(" · ");
  await sendDeviceCode(deps, mailer, session.id, session.email, where);
  return { status: "sent", detail: "A new code has been sent", retry_after: DEVICE_RESEND_SECONDS };
}

// ---------------------------------------------------------------- refresh and logout

export type Refreshed = { accessToken: string; refreshToken: string | null; rememberMe: boolean; expiresAt: Date };

/**
 * Rotate the refresh token. A token already rotated is either a second tab racing the first (tolerated for a
 * few seconds: a new access token, no new cookie) or a stolen copy being replayed (the whole session dies).
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
    if (again && again.ago !== null && again.ago <= ROTATION_GRACE_SECONDS) return { refreshToken: null };
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
