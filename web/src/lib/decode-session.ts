// The decoders of the session's JSON: an access token's claims (read, not verified: the server verifies) and the refresh
// answer's access_token.
import { isObj, str } from "./decode";

/** The two claims the client reads: the user (`sub`, scoping local caches) and the expiry (`exp`, seconds). */
export type TokenClaims = { sub: string | null; exp: number | null };

/** A JWT's payload, read without verifying it: the server verifies, the client only schedules and scopes. */
export function tokenClaims(token: string | null | undefined): TokenClaims | null {
  const part = token?.split(".")[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(
      atob(
        part
          .replace(/-/g, "+")
          .replace(/_/g, "/")
          .padEnd(Math.ceil(part.length / 4) * 4, "="),
      ),
    );
    return isObj(payload) ? { sub: str(payload, "sub"), exp: typeof payload.exp === "number" ? payload.exp : null } : null;
  } catch {
    return null;
  }
}

/** The refresh answer's access_token; null for anything else. */
export function parseAccessToken(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (isObj(body)) return str(body, "access_token");
  } catch {
    // fall through: an unparseable success is a failed refresh
  }
  return null;
}
