// Screen texts for auth failures, mapped from the server's words exactly as spec 01 §8 lists them.
import { ApiError } from "@web/lib/api";

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
  const raw = rawLoginFailure(err).toLowerCase();
  return raw.includes("blocked") || raw.includes("banned") ? "This user is blocked" : "Email or password is incorrect.";
}

const rawCodeFailure = (err: unknown) => (err instanceof ApiError ? `${err.status} ${err.body}` : err instanceof Error ? err.message : String(err));

export function deviceCodeErrorText(err: unknown): string {
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
  if (!(err instanceof ApiError)) return { text: "Network issue. Please check your connection and retry." };
  const raw = `${err.status} ${err.body}`.toLowerCase();
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
