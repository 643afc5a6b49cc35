// What the auth routes share: their cookies (the device-trust one is the user plugin's too), limits, mailer and the
// client's address, built once per app.
import type { Cookie } from "elysia";
import type { ServerDeps } from "../../deps";
import { clientIp, ipKey } from "../../lib/client-ip";
import { createLimiter } from "../../lib/rate-limit";
import { createMailer } from "../mail/service";
import { DEVICE_TRUST_SECONDS } from "../sessions/device-trust";
import { DETAIL } from "./answers";
import { CODE_TTL_SECONDS } from "./secrets";
import type { WrongCodeGuard } from "./sign-in";

const REFRESH_COOKIE = "tw_refresh";
const PENDING_COOKIE = "tw_pending";
const DEVICE_COOKIE = "tw_device";
/** In production the cookies carry the __Secure- prefix: browsers then only accept them over HTTPS with Secure set. */
const cookieName = (name: string, production: boolean) => (production ? `__Secure-${name}` : name);

/**
 * The device-trust cookie: httpOnly, Strict, expiring with its trust. In production it is `__Host-` (Secure, Path=/, no
 * Domain): a sibling subdomain cannot set or overwrite it, which `__Secure-` allowed. Elsewhere it is sent to
 * /api/auth only (login, device codes, logout).
 */
export function deviceCookie(production: boolean) {
  const base = { httpOnly: true, secure: production, sameSite: "strict" as const, path: production ? "/" : "/api/auth" };
  return {
    name: production ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE,
    set: (jar: Cookie<unknown>, value: string) => jar.set({ ...base, value, maxAge: DEVICE_TRUST_SECONDS }),
    clear: (jar: Cookie<unknown>) => jar.set({ ...base, value: "", maxAge: 0 }),
  };
}

/** Wrong device codes a user's pending sign-ins may take in an hour before device sign-in locks. */
export const MAX_WRONG_CODES_PER_USER = 10;
/** Registration codes one address may receive in a day. */
export const REGISTRATION_CODES_PER_DAY = 10;

/** What every auth route shares, built once per app: limits, mailer, cookies and the client's address. */
export function authContext(deps: ServerDeps) {
  const refreshName = cookieName(REFRESH_COOKIE, deps.config.isProduction);
  const pendingName = cookieName(PENDING_COOKIE, deps.config.isProduction);
  const device = deviceCookie(deps.config.isProduction);
  const mailer = createMailer(deps);
  const limit = (name: string, points: number, durationSeconds: number) => createLimiter(deps, { name, points, durationSeconds });
  const limits = {
    loginIp: limit("login-ip", 30, 15 * 60),
    loginAccount: limit("login-account", 10, 15 * 60),
    codeIp: limit("code-send-ip", 20, 60 * 60),
    // Registration codes per address per day, whoever asks: the inbox owner is not spammed from many addresses.
    codeAddress: limit("code-send-address", REGISTRATION_CODES_PER_DAY, 24 * 60 * 60),
    verifyIp: limit("code-verify-ip", 30, 15 * 60),
    registerIp: limit("register-ip", 10, 60 * 60),
    forgotIp: limit("forgot-ip", 10, 60 * 60),
    forgotAccount: limit("forgot-account", 5, 60 * 60),
    resetIp: limit("reset-ip", 10, 15 * 60),
    refresh: limit("refresh", 300, 15 * 60),
  };

  const meta = (request: Request, server: Parameters<typeof clientIp>[2]) => {
    const ip = clientIp(deps.config, request, server);
    return { ip, ipKey: ipKey(ip), userAgent: request.headers.get("user-agent") };
  };

  // httpOnly + SameSite=Strict + path /api/auth: scripts cannot read it and other sites cannot send it.
  const setRefreshCookie = (jar: Cookie<unknown>, token: string, rememberMe: boolean, expiresAt: Date) =>
    jar.set({
      value: token,
      httpOnly: true,
      secure: deps.config.isProduction,
      sameSite: "strict",
      path: "/api/auth",
      // Without Remember Me the cookie dies with the browser; the server still caps the session at 12 h.
      ...(rememberMe ? { maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) } : {}),
    });
  const clearRefreshCookie = (jar: Cookie<unknown>) =>
    jar.set({ value: "", httpOnly: true, secure: deps.config.isProduction, sameSite: "strict", path: "/api/auth", maxAge: 0 });
  const cookieValue = (jar: Cookie<unknown>) => (typeof jar.value === "string" && jar.value ? jar.value : undefined);
  // The pending sign-in's nonce: httpOnly, only sent to the two device-code endpoints, gone with the code (10 min).
  const pendingCookie = { httpOnly: true, secure: deps.config.isProduction, sameSite: "strict" as const, path: "/api/auth/device-otp" };
  const setPendingCookie = (jar: Cookie<unknown>, nonce: string) => jar.set({ ...pendingCookie, value: nonce, maxAge: CODE_TTL_SECONDS });
  const clearPendingCookie = (jar: Cookie<unknown>) => jar.set({ ...pendingCookie, value: "", maxAge: 0 });

  // Wrong device codes per user across all pending sign-ins: 10 an hour, then device sign-in locks and the owner is mailed.
  const wrongCodeLimit = limit("device-wrong-user", MAX_WRONG_CODES_PER_USER, 60 * 60);
  const wrongCodes: WrongCodeGuard = {
    check: (userId) => wrongCodeLimit.check(`u:${userId}`, DETAIL.deviceLocked),
    take: (userId) => wrongCodeLimit.consume(`u:${userId}`, DETAIL.deviceLocked),
    giveBack: (userId) => wrongCodeLimit.giveBack(`u:${userId}`),
    max: MAX_WRONG_CODES_PER_USER,
  };

  const cookies = { refreshName, pendingName, device, cookieValue, setRefreshCookie, clearRefreshCookie, setPendingCookie, clearPendingCookie };
  return { ...cookies, mailer, limits, meta, wrongCodes };
}

export type AuthContext = ReturnType<typeof authContext>;
