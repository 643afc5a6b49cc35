// /api/auth/*: registration, login with device codes, refresh cookie rotation, logout, forgotten and reset passwords.
import { Elysia, type Cookie } from "elysia";
import { normalizeEmail } from "@core/accounts";
import type { ServerDeps } from "../../deps";
import { bearerToken, verifyAccessToken, verifyOptions } from "../../lib/auth";
import { clientIp, ipKey } from "../../lib/client-ip";
import { HttpError } from "../../lib/http-error";
import { createLimiter } from "../../lib/rate-limit";
import { securityEvent } from "../../lib/security-log";
import { createMailer } from "../mail/service";
import {
  deviceOtpSendBody,
  deviceOtpVerifyBody,
  forgotBody,
  loginBody,
  loginResponse,
  pendingResponse,
  refreshResponse,
  registrationBody,
  registrationResponse,
  resetBody,
  sendCodeBody,
  sendCodeResponse,
  statusResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from "./model";
import { DEVICE_TRUST_SECONDS } from "../sessions/device-trust";
import { forgotPassword, resetPassword } from "./passwords";
import { hashToken } from "../../lib/tokens";
import {
  CODE_TTL_SECONDS,
  DETAIL,
  completeRegistration,
  login,
  logout,
  refresh,
  resendDeviceCode,
  sendRegistrationCode,
  verifyDeviceCode,
  verifyRegistrationCode,
  type WrongCodeGuard,
} from "./service";

export const REFRESH_COOKIE = "tw_refresh";
export const PENDING_COOKIE = "tw_pending";
export const DEVICE_COOKIE = "tw_device";
/** In production the cookies carry the __Secure- prefix: browsers then only accept them over HTTPS with Secure set. */
export const cookieName = (name: string, production: boolean) => (production ? `__Secure-${name}` : name);

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
const TOO_MANY = "Too many attempts. Please wait and try again.";
/** A wrong e-mail or password (a pending-device answer is a 401 too, but the password was right). */
const isBadCredentials = (err: unknown) => err instanceof HttpError && err.status === 401 && !("requires_otp" in err.extra);

export const authModule = (deps: ServerDeps) => {
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

  return new Elysia({ prefix: "/api/auth", tags: ["auth"] })
    .post(
      "/send-code",
      async ({ body, request, server }) => {
        await limits.codeIp.consume(meta(request, server).ipKey, TOO_MANY);
        await limits.codeAddress.consume(`a:${normalizeEmail(body.email)}`, TOO_MANY);
        return sendRegistrationCode(deps, mailer, body.email);
      },
      { body: sendCodeBody, response: { 200: sendCodeResponse }, detail: { summary: "E-mail a registration code" } },
    )
    .post(
      "/verify-code",
      async ({ body, request, server }) => {
        await limits.verifyIp.consume(meta(request, server).ipKey, TOO_MANY);
        return verifyRegistrationCode(deps, body.email, body.code);
      },
      { body: verifyCodeBody, response: { 200: verifyCodeResponse }, detail: { summary: "Prove the e-mail; returns session_token" } },
    )
    .post(
      "/complete-registration",
      async ({ body, request, server, set, cookie }) => {
        await limits.registerIp.consume(meta(request, server).ipKey, TOO_MANY);
        const { trustCookie, ...result } = await completeRegistration(deps, body, cookieValue(cookie[device.name]));
        device.set(cookie[device.name], trustCookie);
        set.status = 201;
        return result;
      },
      { body: registrationBody, response: { 201: registrationResponse }, detail: { summary: "Create the account (1 free credit)" } },
    )
    .post(
      "/login",
      async ({ body, request, server, cookie, set }) => {
        const m = { ...meta(request, server), trustCookie: cookieValue(cookie[device.name]) };
        // Failures only, per (account, client): a stranger's wrong passwords never lock the owner out.
        const account = `${normalizeEmail(body.email)}|${m.ipKey}`;
        await limits.loginIp.consume(m.ipKey, TOO_MANY);
        // Taken before the password is checked (a burst cannot slip past a check made before any failure counted);
        // a right password clears the count again.
        await limits.loginAccount.consume(account, TOO_MANY);
        const s = await login(deps, mailer, body, m, wrongCodes).catch(async (err) => {
          if (isBadCredentials(err)) securityEvent(deps.log, "login_failure", { ip: m.ip, account: body.email });
          throw err;
        });
        await limits.loginAccount.reset(account);
        if ("kind" in s) {
          securityEvent(deps.log, "device_pending", { user_id: s.userId, ip: m.ip });
          // Only this browser can finish the sign-in: the code alone, or the handle alone, is not enough.
          setPendingCookie(cookie[pendingName], s.nonce);
          set.status = 401;
          return { detail: DETAIL.devicePending, session_id: s.handle, session_status: "pending" as const, requires_otp: true as const };
        }
        securityEvent(deps.log, "login_success", { user_id: s.userId, session_id: s.sessionId, ip: m.ip });
        setRefreshCookie(cookie[refreshName], s.refreshToken, s.rememberMe, s.expiresAt);
        return { access_token: s.accessToken, session_id: s.sessionId, session_status: "active" as const, requires_otp: false as const };
      },
      {
        body: loginBody,
        response: { 200: loginResponse, 401: pendingResponse },
        detail: { summary: "Sign in; an unverified device gets 401 {session_id, session_status: 'pending', requires_otp: true}" },
      },
    )
    .post(
      "/device-otp/verify",
      async ({ body, request, server, cookie }) => {
        const m = meta(request, server);
        await limits.verifyIp.consume(m.ipKey, TOO_MANY);
        const s = await verifyDeviceCode(deps, mailer, wrongCodes, {
          handle: body.session_id,
          nonce: cookieValue(cookie[pendingName]),
          code: body.code,
          ip: m.ip,
          trustCookie: cookieValue(cookie[device.name]),
        });
        securityEvent(deps.log, "device_verified", { user_id: s.userId, session_id: s.sessionId, ip: m.ip });
        clearPendingCookie(cookie[pendingName]);
        if (s.trustCookie) device.set(cookie[device.name], s.trustCookie);
        setRefreshCookie(cookie[refreshName], s.refreshToken, s.rememberMe, s.expiresAt);
        return { access_token: s.accessToken, session_id: s.sessionId, session_status: "active" as const, requires_otp: false as const };
      },
      { body: deviceOtpVerifyBody, response: { 200: loginResponse }, detail: { summary: "Verify a new device with its 6-digit code" } },
    )
    .post(
      "/device-otp/send",
      async ({ body, request, server, cookie }) => {
        await limits.codeIp.consume(meta(request, server).ipKey, TOO_MANY);
        return resendDeviceCode(deps, mailer, { handle: body.session_id, nonce: cookieValue(cookie[pendingName]) });
      },
      { body: deviceOtpSendBody, response: { 200: sendCodeResponse }, detail: { summary: "Resend the device code (120 s cooldown)" } },
    )
    .post(
      "/refresh",
      async ({ request, server, cookie }) => {
        const m = meta(request, server);
        const jar = cookie[refreshName];
        // Keyed by the token presented (hashed), so cookieless noise from a shared address cannot log anyone out.
        const presented = cookieValue(jar);
        await limits.refresh.consume(presented ? `t:${hashToken(presented).slice(0, 32)}` : `ip:${m.ipKey}`, TOO_MANY);
        try {
          const r = await refresh(deps, cookieValue(jar), m);
          if (r.refreshToken) setRefreshCookie(jar, r.refreshToken, r.rememberMe, r.expiresAt);
          return { access_token: r.accessToken };
        } catch (err) {
          clearRefreshCookie(jar);
          throw err;
        }
      },
      { response: { 200: refreshResponse }, detail: { summary: "New access token from the tw_refresh cookie (rotated)" } },
    )
    .post(
      "/logout",
      async ({ request, cookie }) => {
        const token = bearerToken(request.headers.get("authorization"));
        const user = token ? await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config)) : null;
        const jar = cookie[refreshName];
        const result = await logout(deps, cookieValue(jar), user?.sessionId ?? null);
        securityEvent(deps.log, "logout", { user_id: user?.id ?? null, session_id: user?.sessionId ?? null });
        clearRefreshCookie(jar);
        // The device-trust cookie stays: the next sign-in on this browser needs no e-mail code.
        return result;
      },
      { response: { 200: statusResponse }, detail: { summary: "End this session and clear the refresh cookie" } },
    )
    .post(
      "/forgot-password",
      async ({ body, request, server }) => {
        const m = meta(request, server);
        await limits.forgotIp.consume(m.ipKey, TOO_MANY);
        // Per (account, client): one client cannot use up the owner's reset mails.
        await limits.forgotAccount.consume(`${normalizeEmail(body.email)}|${m.ipKey}`, TOO_MANY);
        return forgotPassword(deps, mailer, body.email);
      },
      { body: forgotBody, response: { 200: statusResponse }, detail: { summary: "E-mail a reset link (same answer for any e-mail)" } },
    )
    .post(
      "/reset-password",
      async ({ body, request, server, cookie }) => {
        await limits.resetIp.consume(meta(request, server).ipKey, TOO_MANY);
        const result = await resetPassword(deps, mailer, body);
        device.clear(cookie[device.name]);
        return result;
      },
      { body: resetBody, response: { 200: statusResponse }, detail: { summary: "Set a new password from a reset link" } },
    );
};
