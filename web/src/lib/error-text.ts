// The web's one mapping from the server's error codes (core/contract/errors) to screen texts: exhaustive, so a code
// added to the union fails the type-check here until someone decides what each screen shows for it.
import type { ErrorCode } from "@core/contract/errors";
import { PASSWORD_MESSAGES } from "@core/rules/accounts";
import { ApiError } from "./api";

/** The screens that show texts of their own for some codes (spec 01 §8) instead of the server's detail. */
export type ErrorScreen = "signIn" | "deviceCode" | "registration" | "changePassword";

/** A code's text per screen; a screen not named, or null for the code, falls back (the server's detail, or the screen's own). */
type ScreenTexts = Partial<Record<ErrorScreen, string>>;

// Spec 01 §8's texts, each spelled once.
const TOO_MANY_DEVICE = "Too many attempts. Please wait and try again.";
const TOO_MANY_REGISTRATION = "Too many attempts. Please wait a moment before trying again.";
const TOO_MANY: ScreenTexts = { deviceCode: TOO_MANY_DEVICE, registration: TOO_MANY_REGISTRATION };
const BAD_REGISTRATION_CODE = "The verification code is invalid or expired.";
export const EMAIL_IN_USE = "This email is already in use. Try signing in or use a different email.";

const ERROR_TEXT: Record<ErrorCode, ScreenTexts | null> = {
  bad_request: null,
  unauthorized: null,
  forbidden: null,
  not_found: null,
  // A 409 on registration is the e-mail taken (spec 01 §8), whichever path raised it.
  conflict: { registration: EMAIL_IN_USE },
  payload_too_large: null,
  validation_failed: null,
  rate_limited: TOO_MANY,
  unavailable: null,
  internal_error: null,
  request_failed: null,
  malformed_json: null,
  invalid_cookie: null,
  invalid_text: null,
  unsupported_media_type: null,
  database_unavailable: null,
  redis_unavailable: null,
  invalid_email: null,
  invalid_code: { deviceCode: "Please check the 6 digits and try again.", registration: BAD_REGISTRATION_CODE },
  too_many_attempts: TOO_MANY,
  invalid_credentials: null,
  device_verification_required: null,
  pending_sign_in_missing: { deviceCode: "Session expired. Please sign in again." },
  code_expired: { deviceCode: "Code expired. Request a new one." },
  session_expired: null,
  session_reused: null,
  session_revoked: null,
  email_not_verified: { registration: BAD_REGISTRATION_CODE },
  email_in_use: { registration: EMAIL_IN_USE },
  too_many_codes: TOO_MANY,
  device_sign_in_locked: TOO_MANY,
  user_blocked: { signIn: "This user is blocked" },
  not_authenticated: null,
  token_invalid: null,
  invalid_reset_link: null,
  // The detail is one of the shared rule texts (core/accounts); see passwordRule.
  weak_password: null,
  wrong_current_password: { changePassword: "Current password is incorrect. Please check your password and try again." },
  cross_site_request: null,
  insufficient_credits: null,
  too_many_running: null,
  idempotency_key_reused: null,
  symbol_required: null,
  unsupported_symbol: null,
  unknown_symbol: null,
  symbol_unavailable: null,
  unknown_interval: null,
  no_candles: null,
  bad_limit: null,
  bad_end: null,
  invalid_date: null,
  unknown_table: null,
  ledger_entry_not_found: null,
  model_version_not_found: null,
  favorite_limit: null,
  invalid_preferences: null,
  webhook_not_found: null,
  webhook_limit: null,
  webhook_secret_generated: null,
  webhook_url_invalid: null,
  webhook_url_private: null,
  webhook_url_unresolvable: null,
  webhook_url_port: null,
  webhook_url_own: null,
  push_endpoint_invalid: null,
  push_endpoint_private: null,
  push_endpoint_unresolvable: null,
  push_endpoint_port: null,
  telegram_not_configured: null,
  billing_not_configured: null,
  payment_provider_error: null,
  stripe_signature_invalid: null,
  refund_not_available: null,
  refund_window_closed: null,
  refund_nothing_unused: null,
};

/** The server's code, when `err` is an answer that carried one. */
export const errorCodeOf = (err: unknown): ErrorCode | null => (err instanceof ApiError ? err.code : null);

/** `screen`'s own text for `code`; null without a code or when the screen shows its fallback for it. */
export const screenText = (code: ErrorCode | null, screen: ErrorScreen): string | null => (code && ERROR_TEXT[code]?.[screen]) ?? null;

export type PasswordRule = keyof typeof PASSWORD_MESSAGES;

/** Which shared password rule a weak_password answer names (its detail is that rule's text), or null. */
export function passwordRule(err: unknown): PasswordRule | null {
  if (errorCodeOf(err) !== "weak_password") return null;
  const detail = ((err as ApiError).json as { detail?: unknown } | undefined)?.detail;
  const rules = Object.keys(PASSWORD_MESSAGES) as PasswordRule[];
  return rules.find((rule) => PASSWORD_MESSAGES[rule] === detail) ?? null;
}
