// What the auth flows answer when they refuse: the texts, their machine codes, and the resend-too-soon 429.
import type { ErrorCode } from "@core/contract/errors";
import { tooManyRequests } from "../../lib/http-error";

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

/** A code asked for again within its resend window (registration or device): 429 saying how long to wait. */
export function resendTooSoon(limiter: string, secondsSinceSent: number, cooldown: number) {
  const wait = Math.max(1, Math.ceil(cooldown - secondsSinceSent));
  return tooManyRequests(limiter, `Too many requests. Please wait ${wait} seconds before requesting a new code.`, wait);
}
