// Access tokens (JWT via @elysiajs/jwt, 15 min, HS256, their own HKDF key, iss/aud/typ pinned) and the `auth` route option that resolves the user or answers 401.
import { jwt } from "@elysiajs/jwt";
import { Elysia, t } from "elysia";
import { Coalescer } from "@core/infra/coalesce";
import { derivedKey } from "@core/infra/keys";
import type { AppDeps, AuthUser } from "../deps";
import { unauthorized } from "./http-error";

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type { AuthUser, SessionCheck } from "../deps";

export const TOKEN_ISSUER = "tradewind";
export const TOKEN_AUDIENCE = "tradewind-api";
/** RFC 9068's media type for access tokens: a token minted for another use cannot pass as one. */
export const TOKEN_TYPE = "at+jwt";

/** The claims every access token carries (the payload's type; verifyAccessToken re-checks sub and sid itself). */
const accessClaims = t.Object({ sub: t.String(), sid: t.Union([t.Integer(), t.Null()]), exp: t.Number(), iat: t.Number() });

/** The @elysiajs/jwt plugin for access tokens, one per secret (its key is derived once). */
export function accessTokenPlugin(secret: string) {
  return jwt({
    name: "accessToken",
    secret: derivedKey(secret, "access-token v1"),
    alg: "HS256",
    typ: TOKEN_TYPE,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    schema: accessClaims,
  });
}

const signers = new Map<string, ReturnType<typeof accessTokenPlugin>["decorator"]["accessToken"]>();
/** The plugin's sign/verify pair, for callers outside a request (services, sockets, load-test tokens). */
function tokens(secret: string) {
  let pair = signers.get(secret);
  if (!pair) {
    pair = accessTokenPlugin(secret).decorator.accessToken;
    signers.set(secret, pair);
  }
  return pair;
}

export async function signAccessToken(
  secret: string,
  claims: { userId: number; sessionId: number | null },
  ttlSeconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return tokens(secret).sign({ sub: String(claims.userId), sid: claims.sessionId, exp: Math.floor(Date.now() / 1000) + ttlSeconds });
}

type Claims = { sub: string; sid: number | null; exp: number; iat: number };

/**
 * Tokens whose signature and claims already checked out, until they expire: a tab polls with the same token for 15
 * minutes, and verifying its HMAC (and importing the key) on every poll was a visible share of a poll's CPU. Only
 * tokens signed with our key get in, so nobody can fill it with junk; beyond the bound the oldest entries go first.
 */
const verifiedBySecret = new Map<string, Map<string, Claims>>();
const VERIFIED_MAX = 100_000;
/**
 * A tab that opens sends its lists' requests at once, all with one token not yet in the map: they share one
 * verification instead of each computing the same HMAC (five to one in a cold start of every tab).
 */
const verifying = new Coalescer<string, Claims | null>();

/** The claims of a token this process verified before: undefined if it never did, null once they have expired. */
function knownClaims(secret: string, token: string): Claims | null | undefined {
  const verified = verifiedBySecret.get(secret);
  const known = verified?.get(token);
  if (!known) return undefined;
  if (known.exp * 1000 > Date.now()) return known;
  verified!.delete(token);
  return null;
}

async function verifiedClaims(secret: string, token: string): Promise<Claims | null> {
  const known = knownClaims(secret, token);
  if (known !== undefined) return known;
  return verifying.run(`${secret}\n${token}`, async () => {
    const payload = await tokens(secret).verify(token, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ["exp", "iat", "sub", "sid"],
    });
    if (!payload) return null;
    const verified = verifiedBySecret.get(secret) ?? new Map<string, Claims>();
    verifiedBySecret.set(secret, verified);
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload as Claims);
    return payload as Claims;
  });
}

/**
 * A valid token names its issuer, audience and type, expires, and carries a subject and a login session. Tokens
 * without a session (sid null) exist only for tests: `allowSessionless` is set only when NODE_ENV is test.
 */
export async function verifyAccessToken(secret: string, token: string, opts: { allowSessionless?: boolean } = {}): Promise<AuthUser | null> {
  const payload = await verifiedClaims(secret, token);
  return payload && authUser(payload, opts);
}

/** authUser's answer per verified claims (the same object while the token is cached), one map per option. */
const usersOf = { strict: new WeakMap<Claims, AuthUser | null>(), sessionless: new WeakMap<Claims, AuthUser | null>() };

/** The user verified claims name, or null where the subject or session is not one we mint. */
function authUser(payload: Claims, opts: { allowSessionless?: boolean }): AuthUser | null {
  const memo = opts.allowSessionless ? usersOf.sessionless : usersOf.strict;
  let user = memo.get(payload);
  if (user === undefined) {
    user = userOf(payload, opts);
    memo.set(payload, user);
  }
  return user;
}

function userOf(payload: Claims, opts: { allowSessionless?: boolean }): AuthUser | null {
  // Digits only (Number(" 1") would be 1), and safe integers only: a 20-digit subject or session would overflow the bigint ids in every query (a 500).
  const id = /^[1-9]\d{0,15}$/.test(payload.sub) ? Number(payload.sub) : 0;
  if (!Number.isSafeInteger(id) || id < 1) return null;
  // Checked here too: the plugin's schema check (1.4.2) lets a string `sid` through.
  const sid: unknown = payload.sid;
  if (!(typeof sid === "number" && Number.isSafeInteger(sid)) && !(sid === null && opts.allowSessionless)) return null;
  // Frozen: one object answers every request the token makes (authUser keeps it).
  return Object.freeze({ id, sessionId: payload.sid, expiresAt: payload.exp * 1000 });
}

/** The verify options a server process runs with: session-less tokens only under NODE_ENV=test. */
export const verifyOptions = (config: { NODE_ENV: string }) => ({ allowSessionless: config.NODE_ENV === "test" });

export const bearerToken = (header: string | null | undefined) => {
  // As clients send it ("Bearer " and the token, nothing around it), without a regular expression: it is on every poll.
  if (header?.startsWith("Bearer ") && header.charCodeAt(7) > 32 && header.charCodeAt(header.length - 1) > 32) return header.slice(7);
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : null;
};

/**
 * The caller of `request` from this process's memory alone, never waiting: a bearer token it verified before and a
 * session its check found live within that check's bound (the same caches the `auth` option reads first). Undefined
 * when either would need work; the request then takes its route and the `auth` option decides.
 */
export function knownCaller(deps: AppDeps, request: Request): AuthUser | undefined {
  const token = bearerToken(request.headers.get("authorization"));
  const claims = token ? knownClaims(deps.config.JWT_SECRET, token) : undefined;
  const user = claims ? authUser(claims, verifyOptions(deps.config)) : null;
  return user && deps.sessionCheck.known(user) ? user : undefined;
}

/** The `auth` route option; the session check comes from the composition root (app.ts), so lib imports no module. */
export function authPlugin(deps: AppDeps) {
  return new Elysia({ name: "auth" }).macro({
    auth: {
      async resolve({ request }) {
        const token = bearerToken(request.headers.get("authorization"));
        if (!token) throw unauthorized("Not authenticated").withCode("not_authenticated");
        const user = await verifyAccessToken(deps.config.JWT_SECRET, token, verifyOptions(deps.config));
        if (!user) throw unauthorized("Token expired or invalid").withCode("token_invalid");
        if (!(await deps.sessionCheck(user))) throw unauthorized("Session expired or revoked").withCode("session_revoked");
        return { user };
      },
    },
  });
}
