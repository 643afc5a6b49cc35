// The Web Push (VAPID) key pair outside production: a P-256 pair generated once into the data dir, like the JWT secret.
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh pair in the form push services and PushManager.subscribe() take: the raw public point and the private scalar, base64url. */
export function generateVapidKeys(): VapidKeys {
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { publicKey: raw.toString("base64url"), privateKey: jwk.d! };
}

/** The pair kept in `<dir>/vapid-keys.json`, made on first use; two processes starting at once keep the first one written. */
export function devVapidKeys(dir: string): VapidKeys {
  const file = join(dir, "vapid-keys.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  } catch {}
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
}

/** A fresh pair as environment variables (validating a production configuration before its keys are known; tests). */
export function vapidKeysEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const keys = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}
