// Auth calls of spec 01 §7 (login, device codes, registration, forgot/reset) on the shared request layer.
import type { RegistrationDraft } from "../model/registration";
import { ApiError, apiRequest } from "@web/lib/api";
import { getDeviceId } from "@web/lib/device-id";
import { clientPublicIp } from "./public-ip";

export type LoginResult = { access_token: string; session_id: number; session_status: string; requires_otp: boolean };
export type PendingLogin = { kind: "pending"; sessionId: number | string };

/** Reads the pending-device 401 ({session_status: 'pending' | requires_otp, session_id}); null for any other failure. */
export function pendingFromError(err: unknown): PendingLogin | null {
  if (!(err instanceof ApiError) || err.status !== 401) return null;
  const body = err.json;
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const pending = b.session_status === "pending" || b.requires_otp === true;
  const id = b.session_id;
  if (pending && (typeof id === "number" || (typeof id === "string" && id))) return { kind: "pending", sessionId: id };
  return null;
}

/** Spec 01 §4: a device-code 401 that still carries an access token counts as a success. */
export function acceptedFrom401(err: unknown, sessionId: number | string): LoginResult | null {
  const body = err instanceof ApiError && err.status === 401 ? (err.json as Partial<LoginResult> | undefined) : undefined;
  if (!body || typeof body.access_token !== "string") return null;
  return { access_token: body.access_token, session_id: body.session_id ?? Number(sessionId), session_status: "active", requires_otp: false };
}

/** Whole seconds of a 429's retry_after, or null. */
export function retryAfterSeconds(err: unknown): number | null {
  const retry = err instanceof ApiError && err.status === 429 ? Number((err.json as { retry_after?: unknown } | undefined)?.retry_after) : NaN;
  return Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : null;
}

export const login = async (input: { email: string; password: string; rememberMe: boolean }) =>
  apiRequest<LoginResult>("POST", "/api/auth/login", {
    email: input.email.trim(),
    password: input.password,
    remember_me: input.rememberMe,
    device_id: getDeviceId(),
    // Null unless the build turns the lookup on (see ./public-ip); the server reads the connection either way.
    client_public_ip: await clientPublicIp(),
  });

export const verifyDeviceOtp = (sessionId: number | string, code: string) =>
  apiRequest<LoginResult>("POST", "/api/auth/device-otp/verify", { session_id: sessionId, code });

export const sendDeviceOtp = (sessionId: number | string) =>
  apiRequest<{ status: string }>("POST", "/api/auth/device-otp/send", { session_id: sessionId });

export const sendRegistrationCode = (email: string) => apiRequest<{ status: string }>("POST", "/api/auth/send-code", { email: email.trim() });

export const verifyRegistrationCode = (email: string, code: string) =>
  apiRequest<{ session_token?: string }>("POST", "/api/auth/verify-code", { email: email.trim(), code: code.trim() });

/** The form's draft plus the proven mailbox: what complete-registration sends. */
export type RegistrationForm = RegistrationDraft & { email: string; sessionToken: string };

export const completeRegistration = async (f: RegistrationForm) =>
  apiRequest<unknown>("POST", "/api/auth/complete-registration", {
    email: f.email.trim(),
    session_token: f.sessionToken,
    first_name: f.firstName.trim(),
    last_name: f.lastName.trim(),
    password: f.password,
    confirm_password: f.confirmPassword,
    accepted_terms_of_use: f.acceptedTermsOfUse,
    accepted_privacy_policy: f.acceptedPrivacyPolicy,
    accepted_risk_disclosure: f.acceptedRiskDisclosure,
    device_id: getDeviceId(),
    client_public_ip: await clientPublicIp(),
  });

/** Spec 01 §7: forgot and reset go without credentials; neither needs a session, and no cookie should ride along. */
const NO_CREDENTIALS = { credentials: "omit" } as const;

export const forgotPassword = (email: string) =>
  apiRequest<unknown>("POST", "/api/auth/forgot-password", { email: email.trim() }, undefined, NO_CREDENTIALS);

export const resetPassword = (token: string, newPassword: string, confirmPassword: string) =>
  apiRequest<{ status: string; email?: string }>(
    "POST",
    "/api/auth/reset-password",
    { token, new_password: newPassword, confirm_password: confirmPassword },
    undefined,
    NO_CREDENTIALS,
  );
