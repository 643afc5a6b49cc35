// Screen texts for auth failures: from the server's error code, else from its words as spec 01 §8 lists them.
import type { ErrorCode } from "@core/contract/errors";
import { ApiError } from "@web/lib/api";
import { isNetworkFailure, NETWORK_ISSUE } from "@web/lib/fetch-errors";

/** Raw failure text: server detail, else message, else raw body, else 'Unauthorized' (login), or 'status body' (codes). */
export function rawLoginFailure(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : "Unauthorized";
  const body = err.json;
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === "string" && b.detail) return b.detail;
    if (typeof b.message === "string" && b.message) return b.message;
  }
  return err.body || "Unauthorized";
}

export function loginErrorText(err: unknown): string {
  // No answer is not a wrong password: the spec's network text, so the user retries instead of re-typing.
  if (isNetworkFailure(err)) return NETWORK_ISSUE;
  if (err instanceof ApiError && err.code === "user_blocked") return "This user is blocked";
  const raw = rawLoginFailure(err).toLowerCase();
  return raw.includes("blocked") || raw.includes("banned") ? "This user is blocked" : "Email or password is incorrect.";
}

const rawCodeFailure = (err: unknown) => (err instanceof ApiError ? `${err.status} ${err.body}` : err instanceof Error ? err.message : String(err));

/** Our server's codes for a failed device code; the wording below stays for servers that send none. */
const DEVICE_CODE_TEXT: Partial<Record<ErrorCode, string>> = {
  invalid_code: "Please check the 6 digits and try again.",
  code_expired: "Code expired. Request a new one.",
  pending_sign_in_missing: "Session expired. Please sign in again.",
  too_many_attempts: "Too many attempts. Please wait and try again.",
  rate_limited: "Too many attempts. Please wait and try again.",
  device_sign_in_locked: "Too many attempts. Please wait and try again.",
};

export function deviceCodeErrorText(err: unknown): string {
  const byCode = err instanceof ApiError && err.code ? DEVICE_CODE_TEXT[err.code] : undefined;
  if (byCode) return byCode;
  const raw = rawCodeFailure(err).toLowerCase();
  if (raw.includes("invalid code")) return "Please check the 6 digits and try again.";
  if (raw.includes("expired")) return "Code expired. Request a new one.";
  if (raw.includes("missing session")) return "Session expired. Please sign in again.";
  if (raw.includes("too many") || raw.includes("rate limit")) return "Too many attempts. Please wait and try again.";
  return "Invalid code. Please try again.";
}

export const RESEND_FAILED = "Server error while resending code. Please try again shortly.";
export const LOGIN_LOCKED = "Another login in progress";
export const MISSING_SESSION_ID = "Missing session id";

export type RegistrationError = { text: string; inUse?: boolean };

export function registrationErrorText(err: unknown, stage: "send" | "verify" | "create"): RegistrationError {
  if (!(err instanceof ApiError)) return { text: NETWORK_ISSUE };
  const raw = `${err.status} ${err.body}`.toLowerCase();
  if (err.code === "email_in_use") return { text: "This email is already in use. Try signing in or use a different email.", inUse: true };
  if (err.code === "invalid_code" || err.code === "email_not_verified") return { text: "The verification code is invalid or expired." };
  if (err.status === 429 || raw.includes("too many") || raw.includes("rate limit")) {
    return { text: "Too many attempts. Please wait a moment before trying again." };
  }
  if (err.status === 409 || /already|exist|\bused\b/.test(raw)) {
    return { text: "This email is already in use. Try signing in or use a different email.", inUse: true };
  }
  if (raw.includes("passwords do not match")) return { text: "Passwords do not match." };
  if (raw.includes("at least 6") || raw.includes("too short")) return { text: "Password is too short." };
  if (stage === "verify" || raw.includes("invalid or expired code")) return { text: "The verification code is invalid or expired." };
  if (stage === "send") return { text: "Failed to send verification code" };
  if (err.status === 400) {
    const detail = (err.json as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === "string" && detail) return { text: detail };
    return { text: "Registration failed. Please try again." };
  }
  return { text: "Something went wrong. Please try again." };
}
