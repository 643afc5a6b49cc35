// Credentials for the bad-input fuzz suite: one valid access token of a real user and many forged or malformed ones.
import { SignJWT } from "jose";
import { derivedKey } from "@core/infra/keys";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TYPE, signAccessToken } from "../../src/lib/auth";

export type TokenSet = { valid: string; forged: Record<string, string> };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Flips one character of the signature: same header and claims, a signature that cannot match. */
const tamperSignature = (token: string) => token.slice(0, -2) + (token.at(-2) === "A" ? "B" : "A") + token.at(-1);

/**
 * Each forgery targets one check of verifyAccessToken: algorithm, key, expiry, issuer, audience, type, required
 * claims, subject and session shape. Those signed with the real key prove the claim checks, not just the signature.
 */
export async function buildTokens(secret: string, userId: number): Promise<TokenSet> {
  const key = derivedKey(secret, "access-token v1");
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: String(userId), sid: null, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 };
  const sign = (payload: Record<string, unknown>, opts: { alg?: string; typ?: string; key?: Uint8Array } = {}) =>
    new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? "HS256", typ: opts.typ ?? TOKEN_TYPE }).sign(opts.key ?? key);
  const valid = await signAccessToken(secret, { userId, sessionId: null });
  const [header, body] = valid.split(".");
  const forged: Record<string, string> = {
    algNone: `${b64({ alg: "none", typ: TOKEN_TYPE })}.${b64(claims)}.`,
    algNoneNoSignature: `${b64({ alg: "none", typ: TOKEN_TYPE })}.${b64(claims)}`,
    algNoneUpper: `${b64({ alg: "NONE", typ: TOKEN_TYPE })}.${b64(claims)}.`,
    wrongKey: await signAccessToken(`${secret}-but-not-really`, { userId, sessionId: null }),
    // The secret itself rather than its HKDF-derived key, and the key derived for another purpose.
    rawSecretKey: await sign(claims, { key: new TextEncoder().encode(secret) }),
    otherPurposeKey: await sign(claims, { key: derivedKey(secret, "code-hash v1") }),
    expired: await signAccessToken(secret, { userId, sessionId: null }, -3600),
    hs512: await sign(claims, { alg: "HS512" }),
    hs384: await sign(claims, { alg: "HS384" }),
    typJwt: await sign(claims, { typ: "JWT" }),
    wrongIssuer: await sign({ ...claims, iss: "someone-else" }),
    wrongAudience: await sign({ ...claims, aud: "another-api" }),
    noExpiry: await sign({ ...claims, exp: undefined }),
    notYetValid: await sign({ ...claims, nbf: now + 3600 }),
    noSid: await sign({ ...claims, sid: undefined }),
    sidString: await sign({ ...claims, sid: "1" }),
    sidFloat: await sign({ ...claims, sid: 1.5 }),
    sidUnknown: await sign({ ...claims, sid: 2_000_000_000 }),
    sidHuge: await sign({ ...claims, sid: 1e20 }),
    subZero: await sign({ ...claims, sub: "0" }),
    subNegative: await sign({ ...claims, sub: "-1" }),
    subText: await sign({ ...claims, sub: "admin" }),
    subNumber: await sign({ ...claims, sub: userId }),
    subUnknownUser: await sign({ ...claims, sub: "2000000000" }),
    subHuge: await sign({ ...claims, sub: "99999999999999999999" }),
    tamperedSignature: tamperSignature(valid),
    // Someone else's subject spliced into a genuine header and signature.
    tamperedPayload: `${header}.${b64({ ...JSON.parse(Buffer.from(body, "base64url").toString()), sub: String(userId + 1) })}.${valid.split(".")[2]}`,
    truncated: valid.slice(0, -10),
    twoParts: `${header}.${body}`,
    fiveParts: `${valid}.e30.e30`,
    headerNotJson: `${Buffer.from("not json").toString("base64url")}.${body}.${valid.split(".")[2]}`,
    empty: "",
    dots: "..",
  };
  return { valid, forged };
}
