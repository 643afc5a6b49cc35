// Cross-tab login lock (spec 01 §4): one sign-in attempt at a time per browser, held at most 15 s in localStorage.
import { decodeLoginLock, type LockRecord } from "./decode-login-lock";

export const LOGIN_LOCK_KEY = "tw_login_lock";
export const LOGIN_LOCK_MS = 15_000;

const tabId = Math.random().toString(36).slice(2) + Date.now().toString(36);

function read(): LockRecord | null {
  try {
    return decodeLoginLock(localStorage.getItem(LOGIN_LOCK_KEY));
  } catch {
    // storage blocked: treat as free
    return null;
  }
}

/** Takes the lock unless another tab holds a live one. Storage blocked (private mode) means no cross-tab guard, not no login. */
export function acquireLoginLock(purpose = "login"): boolean {
  try {
    const now = Date.now();
    const held = read();
    if (held && held.owner !== tabId && held.expires_at > now) return false;
    localStorage.setItem(LOGIN_LOCK_KEY, JSON.stringify({ owner: tabId, purpose, expires_at: now + LOGIN_LOCK_MS }));
    return read()?.owner === tabId;
  } catch {
    return true;
  }
}

export function releaseLoginLock(): void {
  try {
    if (read()?.owner === tabId) localStorage.removeItem(LOGIN_LOCK_KEY);
  } catch {
    // nothing to release
  }
}
