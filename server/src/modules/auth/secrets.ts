// E-mailed codes and passwords: CSPRNG generation, keyed hashing for storage, argon2id passwords (opaque tokens: lib/tokens).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { DEVICE_CODE_LENGTH } from "@core/rules/accounts";
import { derivedKey } from "@core/infra/keys";

/** An e-mailed code (registration or device) lives 10 minutes and takes 5 guesses. */
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
const CODE_PATTERN = new RegExp(`^\\d{${DEVICE_CODE_LENGTH}}$`);

/** A uniformly random numeric code ("042917"); randomInt draws from the OS CSPRNG without modulo bias. */
export const newCode = () => String(randomInt(0, 10 ** DEVICE_CODE_LENGTH)).padStart(DEVICE_CODE_LENGTH, "0");

/**
 * Six digits are a million possibilities, so a plain hash would be reversed offline in a blink: codes are
 * HMAC'd with the server secret and bound to their scope (an e-mail or a session id).
 */
export const hashCode = (secret: string, scope: string, code: string) =>
  createHmac("sha256", derivedKey(secret, "code-hash v1")).update(`${scope}\u0000${code}`).digest("hex");

/** A code of the wrong shape never matches (and costs no HMAC). */
export function codeMatches(secret: string, scope: string, code: string, storedHash: string): boolean {
  if (!CODE_PATTERN.test(code)) return false;
  const a = Buffer.from(hashCode(secret, scope, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** argon2 runs at most this many at a time per process: a burst of logins queues instead of exhausting memory and CPU. */
export const MAX_CONCURRENT_HASHES = 4;
let running = 0;
const waiting: (() => void)[] = [];

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A freed slot is handed straight to the next in line, so a newcomer can never squeeze in between.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  started++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes run right now, and how many ever started (for tests and metrics). */
export const hashesRunning = () => running;
let started = 0;
export const hashesStarted = () => started;

export const hashPassword = (password: string) => withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await withHashSlot(() => Bun.password.verify(password, hash));
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Verify against a throwaway hash so an unknown e-mail costs the same argon2 work as a known one. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
