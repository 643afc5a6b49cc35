// Access tokens (JWT, 15 min, HS256, their own HKDF key, iss/aud/typ pinned) and the `auth` route option that resolves the user or answers 401.
import { Elysia } from "elysia";
import { SignJWT, jwtVerify } from "jose";
import { derivedKey } from "@core/keys";
import type { ServerDeps } from "../deps";
import { unauthorized } from "./http-error";
import { createSessionCheck } from "../modules/sessions/service";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** `expiresAt` (ms since epoch) is the token's own expiry, for holders that outlive a request (sockets). */
export type AuthUser = { id: number; sessionId: number | null; expiresAt?: number };

export const TOKEN_ISSUER = "tradewind";
export const TOKEN_AUDIENCE = "tradewind-api";
/** RFC 9068's media type for access tokens: a token minted for another use cannot pass as one. */
export const TOKEN_TYPE = "at+jwt";

export async function signAccessToken(
  secret: string,
  claims: { userId: number; sessionId: number | null },
  ttlSeconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(derivedKey(secret, "access-token v1"));
}

/**
 * A valid token names its issuer, audience and type, expires, and carries a subject and a login session. Tokens
 * without a session (sid null) exist only for tests: `allowSessionless` is set only when NODE_ENV is test.
 */
export async function verifyAccessToken(secret: string, token: string, opts: { allowSessionless?: boolean } = {}): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, derivedKey(secret, "access-token v1"), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ["exp", "iat", "sub", "sid"],
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id < 1) return null;
    const sid = payload.sid;
    if (!(typeof sid === "number" && Number.isInteger(sid)) && !(sid === null && opts.allowSessionless)) return null;
    return { id, sessionId: typeof sid === "number" ? sid : null, expiresAt: (payload.exp as number) * 1000 };
  } catch {
    return null;
  }
}

/** The verify options a server process runs with: session-less tokens only under NODE_ENV=test. */
export const verifyOptions = (config: { NODE_ENV: string }) => ({ allowSessionless: config.NODE_ENV === "test" });

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
        const user = await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config));
        if (!user) throw unauthorized("Token expired or invalid");
        if (!(await sessionCheck(user))) throw unauthorized("Session expired or revoked");
        return { user };
      },
    },
  });
}
