// Access tokens (JWT, 15 min, HS256) and the `auth` route option that resolves the signed-in user or answers 401.
import { Elysia } from "elysia";
import { SignJWT, jwtVerify } from "jose";
import type { ServerDeps } from "../deps";
import { unauthorized } from "./http-error";
import { createSessionCheck } from "../modules/sessions/service";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** `expiresAt` (ms since epoch) is the token's own expiry, for holders that outlive a request (sockets). */
export type AuthUser = { id: number; sessionId: number | null; expiresAt?: number };

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: { userId: number; sessionId: number | null },
  ttlSeconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secretKey(secret));
}

export async function verifyAccessToken(secret: string, token: string): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ["HS256"] });
    const id = Number(payload.sub);
    if (!Number.isInteger(id)) return null;
    return { id, sessionId: typeof payload.sid === "number" ? payload.sid : null, expiresAt: typeof payload.exp === "number" ? payload.exp * 1000 : undefined };
  } catch {
    return null;
  }
}

export const bearerToken = (header: string | null | undefined) => {
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : null;
};

/**
 * Checks beyond the signature: the login session must still be active and the user not blocked, so
 * revoking a session takes effect before the token expires. May throw an HttpError (403 for a blocked user).
 */
export type SessionCheck = (user: AuthUser) => Promise<boolean>;

/** Every module gets the real session check by default; a caller may pass its own (e.g. a cached one). */
export function authPlugin(deps: ServerDeps, sessionCheck: SessionCheck = createSessionCheck(deps)) {
  return new Elysia({ name: "auth" }).macro({
    auth: {
      async resolve({ request }) {
        const token = bearerToken(request.headers.get("authorization"));
        if (!token) throw unauthorized("Not authenticated");
        const user = await verifyAccessToken(deps.config.JWT_SECRET, token);
        if (!user) throw unauthorized("Token expired or invalid");
        if (!(await sessionCheck(user))) throw unauthorized("Session expired or revoked");
        return { user };
      },
    },
  });
}
