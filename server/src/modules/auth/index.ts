// /api/auth/*: registration, login with device codes, refresh cookie rotation, logout, forgotten and reset passwords.
import { Elysia } from "elysia";
import { normalizeEmail } from "@core/rules/accounts";
import type { ServerDeps } from "../../deps";
import { bearerToken, verifyAccessToken, verifyOptions } from "../../lib/auth";
import { HttpError } from "../../lib/http-error";
import { requireSameSite } from "../../lib/origin";
import { securityEvent } from "../../lib/security-log";
import { hashToken } from "../../lib/tokens";
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
  resetResponse,
  sendCodeBody,
  sendCodeResponse,
  statusResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from "./model";
import { DETAIL } from "./answers";
import { type AuthContext, authContext } from "./context";
import { resendDeviceCode, verifyDeviceCode } from "./device-verification";
import { forgotPassword, resetPassword } from "./passwords";
import { logout, refresh } from "./refresh";
import { completeRegistration, sendRegistrationCode, verifyRegistrationCode } from "./registration";
import { login } from "./sign-in";

export { deviceCookie } from "./context";

const TOO_MANY = "Too many attempts. Please wait and try again.";
/** A wrong e-mail or password (a pending-device answer is a 401 too, but the password was right). */
const isBadCredentials = (err: unknown) => err instanceof HttpError && err.status === 401 && !("requires_otp" in err.extra);

/** Registration: a code to the mailbox, its proof, the account. */
function registrationRoutes(deps: ServerDeps, { limits, meta, mailer, device, cookieValue }: AuthContext) {
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
    );
}

/** Sign-in and device verification: the password, then a new browser's e-mailed code. */
function signInRoutes(
  deps: ServerDeps,
  {
    limits,
    meta,
    mailer,
    device,
    cookieValue,
    wrongCodes,
    refreshName,
    pendingName,
    setRefreshCookie,
    setPendingCookie,
    clearPendingCookie,
  }: AuthContext,
) {
  return new Elysia({ prefix: "/api/auth", tags: ["auth"] })
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
    );
}

/** The signed-in browser's refresh cookie: rotation and logout. */
function sessionRoutes(deps: ServerDeps, { limits, meta, refreshName, cookieValue, setRefreshCookie, clearRefreshCookie }: AuthContext) {
  return new Elysia({ prefix: "/api/auth", tags: ["auth"] })
    .post(
      "/refresh",
      async ({ request, server, cookie }) => {
        // Before the cookie is read or cleared: another site's request changes nothing.
        requireSameSite(deps.config, request);
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
        requireSameSite(deps.config, request);
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
    );
}

/** Forgotten and reset passwords (a change is the user module's, signed in). */
function passwordRoutes(deps: ServerDeps, { limits, meta, mailer, device }: AuthContext) {
  return new Elysia({ prefix: "/api/auth", tags: ["auth"] })
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
      { body: resetBody, response: { 200: resetResponse }, detail: { summary: "Set a new password from a reset link" } },
    );
}

export const authModule = (deps: ServerDeps) => {
  const context = authContext(deps);
  return new Elysia()
    .use(registrationRoutes(deps, context))
    .use(signInRoutes(deps, context))
    .use(sessionRoutes(deps, context))
    .use(passwordRoutes(deps, context));
};
