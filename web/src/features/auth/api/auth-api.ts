// Auth calls of spec 01 §7 (login, device codes, registration, forgot/reset) on the shared request layer.
import { ApiError, apiRequest } from "@web/lib/api";
import { getDeviceId } from "@web/lib/device-id";

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

export const login = (input: { email: string; password: string; rememberMe: boolean }) =>
  apiRequest<LoginResult>("POST", "/api/auth/login", {
    email: input.email.trim(),
    password: input.password,
    remember_me: input.rememberMe,
    device_id: getDeviceId(),
    // The public-IP lookup of the original client is off (privacy, offline); the server reads the connection.
    client_public_ip: null,
  });

export const verifyDeviceOtp = (sessionId: number | string, code: string) =>
  apiRequest<LoginResult>("POST", "/api/auth/device-otp/verify", { session_id: sessionId, code });

export const sendDeviceOtp = (sessionId: number | string) =>
  apiRequest<{ status: string }>("POST", "/api/auth/device-otp/send", { session_id: sessionId });

export const sendRegistrationCode = (email: string) => apiRequest<{ status: string }>("POST", "/api/auth/send-code", { email: email.trim() });

export const verifyRegistrationCode = (email: string, code: string) =>
  apiRequest<{ session_token?: string }>("POST", "/api/auth/verify-code", { email: email.trim(), code: code.trim() });

export type RegistrationForm = {
  email: string;
  sessionToken: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  acceptedTermsOfUse: boolean;
  acceptedPrivacyPolicy: boolean;
  acceptedRiskDisclosure: boolean;
};

export const completeRegistration = (f: RegistrationForm) =>
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
    client_public_ip: null,
  });

export const forgotPassword = (email: string) => apiRequest<unknown>("POST", "/api/auth/forgot-password", { email: email.trim() });

export const resetPassword = (token: string, newPassword: string, confirmPassword: string) =>
  apiRequest<unknown>("POST", "/api/auth/reset-password", { token, new_password: newPassword, confirm_password: confirmPassword });
