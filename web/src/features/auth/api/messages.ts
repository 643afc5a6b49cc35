// Screen texts for auth failures: from the server's error code (lib/error-text), else, for a server that sends no code,
// from its words as spec 01 §8 lists them.
import { ApiError, serverMessage } from "@web/lib/api";
import { EMAIL_IN_USE, errorCodeOf, passwordRule, screenText } from "@web/lib/error-text";
import { isNetworkFailure, NETWORK_ISSUE } from "@web/lib/fetch-errors";

/** Raw failure text: server detail, else message, else raw body, else 'Unauthorized' (login), or 'status body' (codes). */
export function rawLoginFailure(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : "Unauthorized";
  return serverMessage(err) ?? (err.body || "Unauthorized");
}

const INCORRECT = "Email or password is incorrect.";
const DEVICE_CODE_FAILED = "Invalid code. Please try again.";

/** The value paired with the first pattern `text` matches: how a server that sends no code is read (spec 01 §8's words). */
const firstMatch = <T>(text: string, words: readonly (readonly [RegExp, T])[]): T | null => words.find(([w]) => w.test(text))?.[1] ?? null;

// Which code spec 01 §8's words name, for a server that sends none; the texts then come from the one table.
const LOGIN_WORDS = [[/blocked|banned/i, "user_blocked"]] as const;
const DEVICE_WORDS = [
  [/invalid code/i, "invalid_code"],
  [/expired/i, "code_expired"],
  [/missing session/i, "pending_sign_in_missing"],
  [/too many|rate limit/i, "too_many_attempts"],
] as const;
const REGISTRATION_WORDS = [
  [/^429\b|too many|rate limit/i, "rate_limited"],
  [/^409\b|already|exist|\bused\b/i, "email_in_use"],
  [/invalid or expired code/i, "invalid_code"],
] as const;
const PASSWORD_WORDS = [
  [/passwords do not match/i, "mismatch"],
  [/at least 6|too short/i, "tooShort"],
] as const;

export function loginErrorText(err: unknown): string {
  // No answer is not a wrong password: the spec's network text, so the user retries instead of re-typing.
  if (isNetworkFailure(err)) return NETWORK_ISSUE;
  return screenText(errorCodeOf(err) ?? firstMatch(rawLoginFailure(err), LOGIN_WORDS), "signIn") ?? INCORRECT;
}

/** Raw send/verify failure text: the status and the body. */
const rawCodeFailure = (err: unknown) => (err instanceof ApiError ? `${err.status} ${err.body}` : err instanceof Error ? err.message : String(err));

export function deviceCodeErrorText(err: unknown): string {
  return screenText(errorCodeOf(err) ?? firstMatch(rawCodeFailure(err), DEVICE_WORDS), "deviceCode") ?? DEVICE_CODE_FAILED;
}

export const RESEND_FAILED = "Server error while resending code. Please try again shortly.";
export const LOGIN_LOCKED = "Another login in progress";
export const MISSING_SESSION_ID = "Missing session id";

export type RegistrationError = { text: string; inUse?: boolean };
type Stage = "send" | "verify" | "create";

export function registrationErrorText(err: unknown, stage: Stage): RegistrationError {
  if (!(err instanceof ApiError)) return { text: NETWORK_ISSUE };
  const code = err.code ?? firstMatch(rawCodeFailure(err), REGISTRATION_WORDS);
  const text = screenText(code, "registration") ?? passwordText(err) ?? registrationFallback(err, stage);
  return text === EMAIL_IN_USE ? { text, inUse: true } : { text };
}

/** Registration's own names for two password rules (spec 01 §8); the other rules show as the server words them. */
function passwordText(err: ApiError): string | null {
  const rule = err.code ? passwordRule(err) : firstMatch(rawCodeFailure(err), PASSWORD_WORDS);
  return rule === "tooShort" ? "Password is too short." : rule === "mismatch" ? "Passwords do not match." : null;
}

function registrationFallback(err: ApiError, stage: Stage): string {
  if (stage === "verify") return "The verification code is invalid or expired.";
  if (stage === "send") return "Failed to send verification code";
  if (err.status !== 400) return "Something went wrong. Please try again.";
  return serverMessage(err) ?? "Registration failed. Please try again.";
}
