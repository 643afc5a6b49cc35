// Test helper: unsigned JWT-shaped tokens with a chosen exp (the client only reads exp, never verifies).
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256", typ: "JWT" })}.${enc(payload)}.signature`;
}

export const tokenExpiringIn = (ms: number, extra: Record<string, unknown> = {}) =>
  fakeJwt({ sub: "1", exp: Math.floor((Date.now() + ms) / 1000), ...extra });
