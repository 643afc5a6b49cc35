// The sign-in screen's state machine (spec 01 §4): credentials, then the new-device code step; a pure reducer.
export const DEVICE_RESEND_SECONDS = 120;
export const CODE_LENGTH = 6;
export const DEVICE_CODE_SENT = "We sent a 6-digit code to your e-mail to confirm this new device.";
export const DEVICE_CODE_RESENT = "A new code is on its way.";

export type SignInState = {
  mode: "login" | "otp";
  /** The session waiting for the device code. */
  pendingSessionId: number | string | null;
  code: string;
  busy: boolean;
  error: string | null;
  info: string | null;
};

export const SIGN_IN_START: SignInState = { mode: "login", pendingSessionId: null, code: "", busy: false, error: null, info: null };

export type SignInEvent =
  | { type: "busy"; busy: boolean }
  | { type: "error"; error: string | null }
  | { type: "device-pending"; sessionId: number | string }
  | { type: "code"; code: string }
  | { type: "code-resent" }
  /** Back to the credentials; `keepError` when the e-mail was edited (its error stays), not when Back was pressed. */
  | { type: "leave-otp"; keepError: boolean };

export function signInReducer(s: SignInState, e: SignInEvent): SignInState {
  switch (e.type) {
    case "busy":
      return { ...s, busy: e.busy };
    case "error":
      return { ...s, error: e.error };
    case "device-pending":
      return { ...s, mode: "otp", pendingSessionId: e.sessionId, code: "", info: DEVICE_CODE_SENT };
    case "code":
      return { ...s, code: e.code };
    case "code-resent":
      return { ...s, code: "", info: DEVICE_CODE_RESENT };
    case "leave-otp":
      return { ...s, mode: "login", pendingSessionId: null, code: "", info: null, error: e.keepError ? s.error : null };
  }
}

/** All CODE_LENGTH digits, nothing else. */
export const isFullCode = (code: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

/**
 * Where a finished sign-in goes: the signed-in page the visitor asked for (RequireAuth passes it as the route
 * state's `from`), else the dashboard. Only a path on this site: never another origin ("//host") or the auth pages.
 */
export function afterSignInPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return "/dashboard";
  return /^\/(login|register)(\/|\?|$)/.test(from) ? "/dashboard" : from;
}
