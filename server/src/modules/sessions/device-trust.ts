// Device trust: a browser that proved its owner's mailbox holds a server-signed, expiring, httpOnly cookie secret.
import type { TrustedBrowser } from "@core/contract/session";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Tx } from "@core/infra/db";
import { derivedKey } from "@core/infra/keys";
import type { ServerDeps } from "../../deps";
import { hashToken, newToken } from "../../lib/tokens";

/** How long a verified browser signs in without a device code; after that it proves the mailbox again. */
export const DEVICE_TRUST_DAYS = 90;
export const DEVICE_TRUST_SECONDS = DEVICE_TRUST_DAYS * 24 * 60 * 60;

type Db = ServerDeps["sql"] | Tx;

const sign = (secret: string, value: string) => createHmac("sha256", derivedKey(secret, "device-trust v1")).update(value).digest("base64url");

/** `<random secret>.<HMAC>`: the signature lets a forged or mangled cookie be refused before any database lookup. */
export const trustCookieValue = (secret: string, token: string) => `${token}.${sign(secret, token)}`;

/** The browser's trust secret when the cookie is well-formed and signed by us, else null. */
export function trustToken(secret: string, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 200) return null;
  const dot = cookie.indexOf(".");
  if (dot <= 0) return null;
  const token = cookie.slice(0, dot);
  const a = Buffer.from(cookie.slice(dot + 1));
  const b = Buffer.from(sign(secret, token));
  return a.length === b.length && timingSafeEqual(a, b) ? token : null;
}

/** True when this browser's cookie holds a live trust for the user (one browser may hold trusts of several users). */
export async function isTrusted(db: Db, secret: string, userId: number, cookie: string | undefined): Promise<boolean> {
  const token = trustToken(secret, cookie);
  if (!token) return false;
  const [row] = await db`select 1 from verified_devices where user_id = ${userId} and trust_hash = ${hashToken(token)} and expires_at > now()`;
  return Boolean(row);
}

/**
 * Trusts this browser for the user; returns the cookie value to set. The value is always a fresh secret: keeping one
 * the browser already held would let whoever planted it (a sibling subdomain can set cookies) sign in on the
 * victim's trust. The browser's other trusts (several users on one browser) move over to the new secret, so the
 * old value, whoever knows it, stops working for all of them.
 */
export async function grantTrust(tx: Tx, secret: string, userId: number, deviceId: string, cookie: string | undefined): Promise<string> {
  const previous = trustToken(secret, cookie);
  const token = newToken();
  if (previous)
    await tx`update verified_devices set trust_hash = ${hashToken(token)} where trust_hash = ${hashToken(previous)} and expires_at > now()`;
  await tx`
    insert into verified_devices (user_id, device_id, trust_hash, expires_at)
    values (${userId}, ${deviceId}, ${hashToken(token)}, now() + make_interval(secs => ${DEVICE_TRUST_SECONDS}))
    on conflict (user_id, trust_hash) do update set device_id = excluded.device_id, verified_at = now(), expires_at = excluded.expires_at`;
  return trustCookieValue(secret, token);
}

export type { TrustedBrowser };

/**
 * The user's trusted browsers (one per device id), for the sessions card: trust belongs to the browser and outlives
 * its sessions (sign-out keeps it), so the owner withdraws it here. Named after the browser's latest session.
 */
export async function trustedBrowsers(db: Db, userId: number): Promise<TrustedBrowser[]> {
  const rows = await db<{ device_id: string; device_name: string | null; verified_at: Date; expires_at: Date }[]>`
    select v.device_id, max(v.verified_at) as verified_at, max(v.expires_at) as expires_at,
           (select s.device_name from login_sessions s where s.user_id = ${userId} and s.device_id = v.device_id
            order by s.created_at desc limit 1) as device_name
    from verified_devices v where v.user_id = ${userId} and v.expires_at > now()
    group by v.device_id order by max(v.verified_at) desc`;
  return rows.map((r) => ({
    device_id: r.device_id,
    device_name: r.device_name ?? "Unknown device",
    verified_at: new Date(r.verified_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
  }));
}

/** Withdraws the user's trust of one browser (by its device id); false when there was none. */
export async function removeBrowserTrust(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const rows = await db`delete from verified_devices where user_id = ${userId} and device_id = ${deviceId} returning 1`;
  return rows.length > 0;
}

/** A password reset or change withdraws every browser's trust: whoever knew the old password proves the mailbox again. */
export async function revokeAllTrust(db: Db, userId: number) {
  await db`delete from verified_devices where user_id = ${userId}`;
}
