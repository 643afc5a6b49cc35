// Registration (spec 01 §4): a code proves the mailbox, the proof becomes a short-lived token, the token creates the account.
import { applyCreditChange } from "@core/ledger/credits";
import { canonicalMailbox, isValidEmail, normalizeEmail, passwordProblem } from "@core/rules/accounts";
import type { ServerDeps } from "../../deps";
import { badRequest, conflict, tooManyRequests } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import type { Mailer } from "../mail/service";
import { grantTrust } from "../sessions/device-trust";
import { CODE, DETAIL, resendTooSoon } from "./answers";
import { UNKNOWN_DEVICE } from "./client-info";
import { CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS, codeMatches, hashCode, hashPassword, newCode } from "./secrets";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

const REGISTRATION_RESEND_SECONDS = 60;
const REGISTRATION_TOKEN_SECONDS = 30 * 60;

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
    throw resendTooSoon("registration-code-resend", prev?.age ?? 0, REGISTRATION_RESEND_SECONDS);
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
    if (!codeMatches(config.JWT_SECRET, email, code, row.code_hash)) {
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
