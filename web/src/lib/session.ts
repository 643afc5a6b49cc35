// Client session: in-memory access token + session id, single-flight refresh, cross-tab logout, React hooks (spec 01 §4, §7).
import { useSyncExternalStore } from "react";
import { resolveApiUrl } from "./api-host";

/** Spec 01 §9: a token set less than 7 s ago, or with more than 60 s left, survives a failed refresh. */
export const REFRESH_GRACE_MS = 7_000;
export const MIN_REMAINING_MS = 60_000;
export const AUTH_SYNC_CHANNEL = "auth-sync";
export const LOGOUT_STORAGE_KEY = "ts_logout";
const REFRESH_PATH = "/api/auth/refresh";

type State = {
  accessToken: string | null;
  sessionId: string | number | null;
  setAt: number | null;
  /** False until the start-up refresh attempt has finished; the refresh cookie may still hold a session. */
  ready: boolean;
};

let state: State = { accessToken: null, sessionId: null, setAt: null, ready: false };
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inflight: Promise<string | null> | null = null;
let lastRefreshError: string | null = null;
const listeners = new Set<() => void>();

function update(patch: Partial<State>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads `exp` (seconds) from a JWT without verifying it; the server verifies, the client only schedules. */
export function tokenExpiryMs(token: string | null | undefined): number | null {
  if (!token) return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
    const payload: unknown = JSON.parse(json);
    if (payload && typeof payload === "object" && "exp" in payload && typeof payload.exp === "number") {
      return payload.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/** Keep rule after a failed refresh: token not expired AND (set < 7 s ago OR > 60 s left). */
export function shouldKeepToken(token: string | null, setAt: number | null, now: number): boolean {
  const exp = tokenExpiryMs(token);
  if (exp === null || exp <= now) return false;
  const recentlySet = setAt !== null && now - setAt < REFRESH_GRACE_MS;
  return recentlySet || exp - now > MIN_REMAINING_MS;
}

/** True when there is no token, it carries no exp, or it has expired: the cases where a failed refresh ends the session. */
export function isExpiredOrUnknown(token: string | null, now: number): boolean {
  const exp = tokenExpiryMs(token);
  return exp === null || exp <= now;
}

/** Spec 01 §8: the refresh failure message is the response text, or 'refresh failed' when empty. */
export function refreshFailureMessage(responseText: string): string {
  return responseText.trim() ? responseText : "refresh failed";
}

export function getAccessToken(): string | null {
  return state.accessToken;
}

export function getSessionId(): string | number | null {
  return state.sessionId;
}

export function getTokenSetAt(): number | null {
  return state.setAt;
}

export function getLastRefreshError(): string | null {
  return lastRefreshError;
}

export function setAccessToken(token: string | null): void {
  clearTimer();
  update({ accessToken: token, setAt: token ? Date.now() : null, ready: true });
  if (token) scheduleRefresh(token);
}

export function setSessionId(id: string | number | null): void {
  update({ sessionId: id });
}

export function clearSession(): void {
  clearTimer();
  update({ accessToken: null, sessionId: null, setAt: null, ready: true });
}

function clearTimer() {
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = null;
}

// Refresh a minute before expiry so an open tab never sends an expired token.
function scheduleRefresh(token: string) {
  const exp = tokenExpiryMs(token);
  if (exp === null || typeof window === "undefined") return;
  const delay = Math.max(exp - Date.now() - MIN_REMAINING_MS, 5_000);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void refreshAccessToken();
  }, delay);
}

/**
 * Single-flight refresh via the httpOnly cookie. Resolves to the new token, or null on failure
 * (the failure text is kept in getLastRefreshError()). Concurrent callers share one request.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (inflight) return inflight;
  inflight = doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function doRefresh(): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(resolveApiUrl(REFRESH_PATH), {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/json" },
    });
  } catch (err) {
    lastRefreshError = err instanceof Error ? err.message : String(err);
    // A network failure says nothing about the token, so only an unusable token ends the session.
    if (isExpiredOrUnknown(state.accessToken, Date.now())) clearSession();
    return null;
  }
  const text = await res.text().catch(() => "");
  if (res.ok) {
    const token = parseAccessToken(text);
    if (token) {
      lastRefreshError = null;
      setAccessToken(token);
      return token;
    }
  }
  lastRefreshError = refreshFailureMessage(res.ok ? "" : text);
  if (!shouldKeepToken(state.accessToken, state.setAt, Date.now())) clearSession();
  return null;
}

function parseAccessToken(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "access_token" in body && typeof body.access_token === "string") {
      return body.access_token;
    }
  } catch {
    // fall through: an unparseable success is a failed refresh
  }
  return null;
}

/** App start: one refresh attempt decides whether the visitor is still signed in from a previous visit. */
let initStarted = false;
export function initSession(): Promise<void> {
  if (initStarted) return Promise.resolve();
  initStarted = true;
  listenForCrossTabLogout();
  if (state.accessToken) {
    update({ ready: true });
    return Promise.resolve();
  }
  return refreshAccessToken().then(() => {
    if (!state.ready) update({ ready: true });
  });
}

let channel: BroadcastChannel | null = null;
function listenForCrossTabLogout() {
  if (typeof window === "undefined") return;
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(AUTH_SYNC_CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      if (e.data === "logout") clearSession();
    };
  }
  window.addEventListener("storage", (e) => {
    if (e.key === LOGOUT_STORAGE_KEY) clearSession();
  });
}

/** Tells other tabs to drop their session (both mechanisms: old browsers lack BroadcastChannel). */
export function broadcastLogout(): void {
  if (typeof window === "undefined") return;
  try {
    (channel ?? new BroadcastChannel(AUTH_SYNC_CHANNEL)).postMessage("logout");
  } catch {
    // BroadcastChannel missing: the storage event below still reaches other tabs
  }
  try {
    window.localStorage.setItem(LOGOUT_STORAGE_KEY, String(Date.now()));
  } catch {
    // storage blocked (private mode): nothing else to do
  }
}

/** Spec 01 §4 Logout: call the server, then clear the local session whatever the result. */
export async function logout(): Promise<void> {
  const token = state.accessToken;
  try {
    await fetch(resolveApiUrl("/api/auth/logout"), {
      method: "POST",
      credentials: "include",
      headers: token ? { Accept: "application/json", Authorization: `Bearer ${token}` } : { Accept: "application/json" },
    });
  } catch {
    // the local session ends regardless
  }
  clearSession();
  broadcastLogout();
}

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, () => state.accessToken !== null, () => false);
}

export function useAuthReady(): boolean {
  return useSyncExternalStore(subscribeSession, () => state.ready, () => false);
}

/** Test-only reset of module state (the store is a module singleton by design). */
export function resetSessionForTests(): void {
  clearTimer();
  inflight = null;
  lastRefreshError = null;
  initStarted = false;
  state = { accessToken: null, sessionId: null, setAt: null, ready: false };
}

/** Test-only: set a token with a chosen set time. */
export function setAccessTokenAt(token: string, setAt: number): void {
  clearTimer();
  update({ accessToken: token, setAt, ready: true });
}
