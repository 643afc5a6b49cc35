// The decoder of the cross-tab login lock as stored in localStorage (another tab, or an older build, may have written it).
import { isObj, str } from "@web/lib/decode";

export type LockRecord = { owner: string; purpose: string; expires_at: number };

/** The stored lock, or null when absent or unreadable (an unreadable lock is treated as free). */
export function decodeLoginLock(raw: string | null): LockRecord | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isObj(v)) return null;
    const [owner, expiresAt] = [str(v, "owner"), typeof v.expires_at === "number" ? v.expires_at : null];
    return owner !== null && expiresAt !== null ? { owner, purpose: str(v, "purpose") ?? "", expires_at: expiresAt } : null;
  } catch {
    return null;
  }
}
