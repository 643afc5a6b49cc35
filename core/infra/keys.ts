// One secret, one key per purpose: HKDF-SHA256 derives separate keys for access tokens, code hashes and device-trust cookies from JWT_SECRET.
import { hkdfSync } from "node:crypto";

export type KeyPurpose = "access-token v1" | "code-hash v1" | "device-trust v1";

const cache = new Map<string, Uint8Array>();

/** A 256-bit key for one purpose; a key leaked or misused for one purpose says nothing about another. */
export function derivedKey(secret: string, purpose: KeyPurpose): Uint8Array {
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, "tradewind", purpose, 32));
    cache.set(id, key);
  }
  return key;
}
