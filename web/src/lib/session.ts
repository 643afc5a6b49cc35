// Client session (spec 01 §4, §7): the in-memory access token and session id as a jotai atom in the app store, the
// single-flight refresh and cross-tab logout that write it, and the hooks that read it.
import { atom, useAtomValue } from "@web/lib/store";
import { appStore } from "@web/lib/store";
import { resolveApiUrl } from "./api-host";
import { withTimeout } from "./timeout";
import { parseAccessToken, tokenClaims } from "./decode-session";

/** Spec 01 §9: a token set less than 7 s ago, or with more than 60 s left, survives a failed refresh. */
export const REFRESH_GRACE_MS = 7_000;
export const MIN_REMAINING_MS = 60_000;
export const AUTH_SYNC_CHANNEL = "auth-sync";
export const LOGOUT_STORAGE_KEY = "ts_logout";
const REFRESH_PATH = "/api/auth/refresh";

export type Session = {
  accessToken: string | null;
  sessionId: string | number | null;
  setAt: number | null;
  /** False until the start-up refresh attempt has finished; the refresh cookie may still hold a session. */
  ready: boolean;
  /** Why the last refresh failed; null after a success. */
  lastRefreshError: string | null;
};

export const INITIAL_SESSION: Session = { accessToken: null, sessionId: null, setAt: null, ready: false, lastRefreshError: null };

export const sessionAtom = atom<Session>(INITIAL_SESSION);
export const signedInAtom = atom((get) => get(sessionAtom).accessToken !== null);
export const authReadyAtom = atom((get) => get(sessionAtom).ready);
/** The signed-in user's id (JWT `sub`), to scope local caches; the server still decides what is whose. */
export const userIdAtom = atom((get) => {
  return tokenClaims(get(sessionAtom).accessToken)?.sub ?? null;
});

// Timer and in-flight promise belong to the refresh machinery, not to the state screens read.
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let inflight: Promise<string | null> | null = null;

const state = () => appStore.get(sessionAtom);
const update = (patch: Partial<Session>) => appStore.set(sessionAtom, { ...state(), ...patch });

export function subscribeSession(listener: () => void): () => void {
  return appStore.sub(sessionAtom, listener);
}

/** `exp` of a JWT in milliseconds, or null. */
export function tokenExpiryMs(token: string | null | undefined): number | null {
  const exp = tokenClaims(token)?.exp;
  return exp != null ? exp * 1000 : null;
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
  return state().accessToken;
}

/**
 * Marks that this browser holds a signed-in session (the refresh cookie itself is httpOnly, so scripts cannot see it):
 * without the mark a signed-out visitor's pages skip the start-up refresh, which could only answer 401.
 */
export const SESSION_HINT_KEY = "tw_session_hint";

function setSessionHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_HINT_KEY, "1");
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage blocked: the hint stays as it was; the start-up refresh then decides as before.
  }
}

function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return true;
  }
}

export function setAccessToken(token: string | null): void {
  clearTimer();
  update({ accessToken: token, setAt: token ? Date.now() : null, ready: true });
  setSessionHint(token !== null);
  if (token) scheduleRefresh(token);
}

export function setSessionId(id: string | number | null): void {
  update({ sessionId: id });
}

/**
 * Ends the session in this tab. `keepHint` keeps the mark that this browser holds a session: a refresh that never
 * reached the server (a navigation aborting it, a network failure) says nothing about the cookie, so the next page load
 * must still try it rather than count as signed out for good.
 */
export function clearSession(o: { keepHint?: boolean } = {}): void {
  clearTimer();
  if (!o.keepHint) setSessionHint(false);
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
  let text: string;
  try {
    [res, text] = await withTimeout(async (signal) => {
      const answer = await fetch(resolveApiUrl(REFRESH_PATH), {
        method: "POST",
        credentials: "include",
        headers: { Accept: "application/json" },
        signal,
      });
      // A body cut off (a navigation aborting the read) throws into the catch below: it is no answer, not a refusal.
      return [answer, await answer.text()] as const;
    });
  } catch (err) {
    update({ lastRefreshError: err instanceof Error ? err.message : String(err) });
    // A network failure says nothing about the token, so only an unusable token ends the session, and the next
    // page load still tries the cookie (a navigation that aborted this refresh left it valid).
    if (isExpiredOrUnknown(state().accessToken, Date.now())) clearSession({ keepHint: true });
    return null;
  }
  if (res.ok) {
    const token = parseAccessToken(text);
    if (token) {
      update({ lastRefreshError: null });
      setAccessToken(token);
      return token;
    }
  }
  update({ lastRefreshError: refreshFailureMessage(res.ok ? "" : text) });
  const { accessToken, setAt } = state();
  if (!shouldKeepToken(accessToken, setAt, Date.now())) clearSession();
  return null;
}

/** App start: one refresh attempt decides whether the visitor is still signed in from a previous visit. */
let initStarted = false;
export function initSession(): Promise<void> {
  if (initStarted) return Promise.resolve();
  initStarted = true;
  listenForCrossTabLogout();
  // Signed in here already, or never signed in in this browser (no refresh cookie to present): no refresh to try.
  if (state().accessToken || (typeof window !== "undefined" && !hasSessionHint())) {
    update({ ready: true });
    return Promise.resolve();
  }
  return refreshAccessToken().then(() => {
    if (!state().ready) update({ ready: true });
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

/**
 * Spec 01 §4 Logout: call the server, then clear the local session whatever the result. Resolves to false when the
 * server could not be reached (network failure or time-out): the server-side session may then still be alive.
 */
/**
 * This browser's Web Push subscription, dropped on sign-out (a shared device must not keep showing the last user's
 * alerts): removed from the server, then unsubscribed here. The server also drops it with the session; best effort.
 */
async function dropPushSubscription(token: string | null) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const sub = await reg?.pushManager?.getSubscription();
  if (!sub) return;
  if (token)
    await withTimeout((signal) =>
      fetch(resolveApiUrl("/api/alerts/push-subscription"), {
        method: "DELETE",
        credentials: "include",
        headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ endpoint: sub.endpoint }),
        signal,
      }),
    ).catch(() => {});
  await sub.unsubscribe();
}

export async function logout(): Promise<boolean> {
  const token = state().accessToken;
  let reached = true;
  await dropPushSubscription(token).catch(() => {});
  try {
    await withTimeout((signal) =>
      fetch(resolveApiUrl("/api/auth/logout"), {
        method: "POST",
        credentials: "include",
        headers: token ? { Accept: "application/json", Authorization: `Bearer ${token}` } : { Accept: "application/json" },
        signal,
      }),
    );
  } catch {
    // the local session ends regardless
    reached = false;
  }
  clearSession();
  broadcastLogout();
  return reached;
}

export const useIsSignedIn = () => useAtomValue(signedInAtom);
export const useAuthReady = () => useAtomValue(authReadyAtom);
