// Access tokens: their own derived key, pinned issuer, audience and type, required claims, and no session-less tokens outside tests.
import { afterAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { call, closeTestDeps, createUser, testDeps } from "../../../test/helpers";
import { createApp } from "../app";
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TYPE, verifyAccessToken } from "./auth";
import { derivedKey } from "@core/infra/keys";

afterAll(() => closeTestDeps());
const secret = () => testDeps().config.JWT_SECRET;
const now = () => Math.floor(Date.now() / 1000);

async function forge(opts: { key?: Uint8Array; iss?: string; aud?: string; typ?: string; sid?: number | null; sub?: string; exp?: number | null }) {
  let jwt = new SignJWT(opts.sid === undefined ? { sid: 1 } : { sid: opts.sid })
    .setProtectedHeader({ alg: "HS256", typ: opts.typ ?? TOKEN_TYPE })
    .setIssuer(opts.iss ?? TOKEN_ISSUER)
    .setAudience(opts.aud ?? TOKEN_AUDIENCE)
    .setSubject(opts.sub ?? "1")
    .setIssuedAt();
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? now() + 600);
  return jwt.sign(opts.key ?? derivedKey(secret(), "access-token v1"));
}

describe("access tokens", () => {
  test("a well-formed token verifies; every deviation is refused", async () => {
    expect(await verifyAccessToken(secret(), await forge({}))).toMatchObject({ id: 1, sessionId: 1 });
    const bad = [
      await forge({ key: new TextEncoder().encode(secret()) }), // the raw secret: another purpose's key
      await forge({ key: derivedKey(secret(), "code-hash v1") }),
      await forge({ iss: "someone-else" }),
      await forge({ aud: "another-api" }),
      await forge({ typ: "JWT" }),
      await forge({ exp: null }),
      await forge({ exp: now() - 10 }),
      await forge({ sub: "not-a-number" }),
      await forge({ sub: " 1" }),
      await forge({ sub: "99999999999999999999" }),
      await forge({ sid: "7" as unknown as number }),
    ];
    for (const token of bad) expect(await verifyAccessToken(secret(), token)).toBeNull();
    // alg "none": an unsigned token.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: TOKEN_TYPE })}.${b64({ sub: "1", sid: 1, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now(), exp: now() + 600 })}.`;
    expect(await verifyAccessToken(secret(), unsigned)).toBeNull();
  });

  test("a token remembered as verified still expires on time and never passes under another secret", async () => {
    const exp = now() + 1;
    const token = await forge({ exp });
    expect(await verifyAccessToken(secret(), token)).toMatchObject({ id: 1 });
    expect(await verifyAccessToken(secret(), token)).toMatchObject({ id: 1 });
    expect(await verifyAccessToken(`${secret()}-other`, token)).toBeNull();
    await Bun.sleep(exp * 1000 - Date.now() + 50);
    expect(await verifyAccessToken(secret(), token)).toBeNull();
  });

  test("tokens verified at the same moment (a tab opening) share a verification but keep their own answers", async () => {
    const [one, two] = [await forge({ sub: "1" }), await forge({ sub: "2" })];
    const forged = await forge({ sub: "3", key: derivedKey(secret(), "code-hash v1") });
    // Same token under another secret, in flight together with the right one: the shared work is per secret too.
    const answers = await Promise.all([one, two, forged, one, two, forged].map((t) => verifyAccessToken(secret(), t)));
    expect(answers.map((a) => a?.id ?? null)).toEqual([1, 2, null, 1, 2, null]);
    const mixed = await Promise.all([verifyAccessToken(`${secret()}-other`, one), verifyAccessToken(secret(), await forge({ sub: "4" }))]);
    expect(mixed.map((a) => a?.id ?? null)).toEqual([null, 4]);
  });

  test("session-less tokens work only in a test process", async () => {
    const token = await signAccessToken(secret(), { userId: 1, sessionId: null });
    expect(await verifyAccessToken(secret(), token)).toBeNull();
    expect(await verifyAccessToken(secret(), token, { allowSessionless: true })).toMatchObject({ id: 1, sessionId: null });
    const user = await createUser();
    const deps = testDeps();
    const dev = createApp({ ...deps, config: { ...deps.config, NODE_ENV: "development" } });
    expect((await call(dev, "GET", "/api/user/profile", { token: user.token })).status).toBe(401);
    expect((await call(createApp(deps), "GET", "/api/user/profile", { token: user.token })).status).toBe(200);
  });
});
