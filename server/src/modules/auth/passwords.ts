// Forgotten, reset and changed passwords; each change ends the user's other sessions and withdraws alert destinations.
import { withdrawAlertDestinations } from "@core/alerts/alert-destinations";
import { isValidEmail, normalizeEmail, PASSWORD_MESSAGES, passwordProblem } from "@core/rules/accounts";
import type { ServerDeps } from "../../deps";
import { badRequest } from "../../lib/http-error";
import { securityEvent } from "../../lib/security-log";
import type { Mailer } from "../mail/service";
import { revokeUserSessions } from "../sessions/service";
import { revokeAllTrust } from "../sessions/device-trust";
import { hashToken, newToken } from "../../lib/tokens";
import { hashPassword, verifyPassword } from "./secrets";

type Deps = Pick<ServerDeps, "config" | "sql" | "log">;

export const RESET_TOKEN_SECONDS = 60 * 60;
export const FORGOT_ANSWER = { status: "ok", detail: "If the email exists, a reset link has been sent." } as const;
export const INVALID_LINK = "Invalid or expired link";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

/**
 * Known, unknown and blocked e-mails get the same answer, in the same time: the account lookup, the token and the
 * mail (an SMTP round trip in production) run after the answer, so its timing says nothing about the account.
 */
export async function forgotPassword(deps: Deps, mailer: Mailer, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  if (isValidEmail(email)) {
    void sendResetLink(deps, mailer, email).catch((err) => deps.log.error("reset link failed", { error: String(err) }));
  }
  return FORGOT_ANSWER;
}

/** Only a real, unblocked account receives a link. */
async function sendResetLink({ config, sql }: Deps, mailer: Mailer, email: string) {
  const [user] = await sql`select id, email from users where lower(email) = ${email} and not is_blocked`;
  if (!user) return;
  const token = newToken();
  await sql.begin(async (tx) => {
    // Only the newest link works: an older one sitting in a mailbox dies with this one.
    await tx`update password_reset_tokens set used_at = now() where user_id = ${user.id} and used_at is null`;
    await tx`
      insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${user.id}, ${hashToken(token)}, now() + make_interval(secs => ${RESET_TOKEN_SECONDS}))`;
  });
  const link = `${config.PUBLIC_ORIGIN.replace(/\/$/, "")}/reset-password/${token}`;
  await mailer.send({
    to: user.email,
    subject: "Reset your Tradewind password",
    text: `Open this link to choose a new password (valid for 1 hour):\n\n${link}\n\nIf you did not ask for it, ignore this e-mail; your password stays as it is.`,
  });
}

/** A note to the owner after every change of password, so a change they did not make does not go unnoticed. */
async function passwordChangedMail(deps: Deps, mailer: Mailer, userId: number, how: string) {
  const [user] = await deps.sql`select email from users where id = ${userId}`;
  if (!user) return;
  await mailer.send({
    to: user.email,
    subject: "Your Tradewind password was changed",
    text:
      `Your Tradewind password was just ${how}, and your other sessions were signed out. Your webhooks were turned off, ` +
      "Telegram was unlinked and push notifications were removed: turn on again only the ones you added yourself " +
      "(Profile → Webhooks, Telegram, Alerts).\n\nIf this was not you, reset your password now and contact support.",
  });
}

export async function resetPassword(deps: Deps, mailer: Mailer, input: { token: string; new_password: string; confirm_password: string }) {
  const { sql, log } = deps;
  const problem = passwordProblem(input.new_password, input.confirm_password);
  if (problem) throw badRequest(problem).withCode("weak_password");
  // The cheap check first: no argon2 work for a dead or made-up link.
  const [live] =
    await sql`select 1 from password_reset_tokens where token_hash = ${hashToken(input.token)} and used_at is null and expires_at > now()`;
  if (!live) throw badRequest(INVALID_LINK).withCode("invalid_reset_link");
  const passwordHash = await hashPassword(input.new_password);
  const { userId, email, withdrawn } = await sql.begin(async (tx) => {
    const [row] = await tx`
      select id, user_id from password_reset_tokens
      where token_hash = ${hashToken(input.token)} and used_at is null and expires_at > now()
      for update`;
    if (!row) throw badRequest(INVALID_LINK).withCode("invalid_reset_link");
    const [user] = await tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${row.user_id} returning email`;
    // Every outstanding link dies with the one used.
    await tx`update password_reset_tokens set used_at = now() where user_id = ${row.user_id} and used_at is null`;
    // Withdrawn first, so the counts logged include the push subscriptions the revoked sessions would take along.
    const withdrawn = await withdrawAlertDestinations(tx, row.user_id);
    await revokeUserSessions(tx, row.user_id, null);
    await revokeAllTrust(tx, row.user_id);
    return { userId: row.user_id as number, email: String(user?.email ?? ""), withdrawn };
  });
  securityEvent(log, "password_reset", { user_id: userId });
  securityEvent(log, "alert_destinations_withdrawn", { user_id: userId, ...withdrawn });
  await passwordChangedMail(deps, mailer, userId, "reset with an e-mailed link").catch((err) =>
    log.error("password mail failed", { error: String(err) }),
  );
  // The link's holder may set this account's password, so it may know the address: the sign-in page is prefilled with it.
  return { status: "ok", detail: "Password reset successful", email };
}

export async function changePassword(
  deps: Deps,
  mailer: Mailer,
  user: { id: number; sessionId: number | null },
  input: { current_password: string; new_password: string; confirm_new_password: string },
) {
  const { sql, log } = deps;
  const [row] = await sql`select password_hash from users where id = ${user.id}`;
  if (!row || !(await verifyPassword(input.current_password, row.password_hash)))
    throw badRequest(WRONG_CURRENT_PASSWORD).withCode("wrong_current_password");
  const problem = passwordProblem(input.new_password, input.confirm_new_password);
  if (problem) throw badRequest(problem).withCode("weak_password");
  if (input.new_password === input.current_password) throw badRequest(PASSWORD_MESSAGES.sameAsCurrent).withCode("weak_password");
  const passwordHash = await hashPassword(input.new_password);
  const withdrawn = await sql.begin(async (tx) => {
    await tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${user.id}`;
    const withdrawn = await withdrawAlertDestinations(tx, user.id);
    await revokeUserSessions(tx, user.id, user.sessionId);
    await revokeAllTrust(tx, user.id);
    return withdrawn;
  });
  securityEvent(log, "password_changed", { user_id: user.id, session_id: user.sessionId });
  securityEvent(log, "alert_destinations_withdrawn", { user_id: user.id, session_id: user.sessionId, ...withdrawn });
  await passwordChangedMail(deps, mailer, user.id, "changed from your profile").catch((err) =>
    log.error("password mail failed", { error: String(err) }),
  );
  return { status: "ok", detail: "Password has been successfully changed." };
}
