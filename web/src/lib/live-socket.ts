// The tab's one /ws/market connection, shared by every hook that wants pushes: market topics for the panels and, signed
// in, the user's own pushes (analysis progress, alerts, user_changed). Reconnects with backoff and jitter.
import type { SocketMessage } from "@core/contract/socket";
import { atom, useAtomValue } from "@web/lib/store";
import { getAccessToken, subscribeSession } from "./session";
import { decodeSocketFrame } from "./decode-socket";
import { marketSocketUrl, reconnectDelayMs } from "./socket";
import { appStore } from "./store";

export type SocketStatus = "idle" | "connecting" | "live" | "reconnecting";
/** The connection's state; "live" once open. */
export const socketStatusAtom = atom<SocketStatus>("idle");
/** The server accepted this tab's access token: the user's pushes flow (false again when it expires or the socket drops). */
export const socketAuthedAtom = atom(false);
/** The market topic is subscribed on the open socket: market pushes flow. */
export const socketMarketAtom = atom(false);

/** What the tab sends: the server's actions (server/src/modules/market/socket.ts). */
type ClientAction = { action: "auth"; token: string } | { action: "subscribe"; topics: string[] };

export type SocketHolder = {
  /** Wants the market topic (the panels); without it only the user's pushes are received. */
  market?: boolean;
  onMessage?: (msg: SocketMessage) => void;
  /** After a reconnect: pushes sent while disconnected are gone, so the holder re-reads what it shows. */
  onReopen?: () => void;
};

const holders = new Set<SocketHolder>();
let ws: WebSocket | null = null;
let attempt = 0;
let everOpened = false;
let sentToken: string | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let closeLater: ReturnType<typeof setTimeout> | null = null;
let stopSession: (() => void) | null = null;

const send = (msg: ClientAction) => ws?.readyState === WebSocket.OPEN && ws.send(JSON.stringify(msg));
const wantsMarket = () => [...holders].some((h) => h.market);

function sendAuth() {
  const token = getAccessToken();
  if (!ws || ws.readyState !== WebSocket.OPEN || !token || token === sentToken) return;
  sentToken = token;
  send({ action: "auth", token });
}

/** A new token authenticates the socket; signing out drops the connection, so no push of the old user reaches the tab. */
function onSessionChange() {
  if (!getAccessToken() && sentToken) ws?.close();
  else sendAuth();
}

function subscribeMarket() {
  if (ws?.readyState !== WebSocket.OPEN || appStore.get(socketMarketAtom) || !wantsMarket()) return;
  send({ action: "subscribe", topics: ["market"] });
  appStore.set(socketMarketAtom, true);
}

function onMessage(raw: unknown) {
  const m = decodeSocketFrame(raw);
  if (!m) return;
  switch (m.type) {
    case "authenticated":
      appStore.set(socketAuthedAtom, true);
      break;
    case "auth_expired":
      appStore.set(socketAuthedAtom, false);
      sentToken = null;
      sendAuth();
      break;
    case "auth_revoked":
      // The session ended elsewhere (logout, reset, remote logout): the next API call's 401 signs this tab out.
      appStore.set(socketAuthedAtom, false);
      sentToken = null;
      break;
  }
  for (const h of holders) h.onMessage?.(m);
}

function connect() {
  retry = null;
  const socket = new WebSocket(marketSocketUrl(window.location));
  ws = socket;
  sentToken = null;
  appStore.set(socketStatusAtom, everOpened ? "reconnecting" : "connecting");
  socket.onopen = () => {
    attempt = 0;
    appStore.set(socketStatusAtom, "live");
    subscribeMarket();
    sendAuth();
    if (everOpened) for (const h of holders) h.onReopen?.();
    everOpened = true;
  };
  socket.onmessage = (e) => onMessage(e.data);
  socket.onclose = () => {
    if (ws !== socket) return;
    ws = null;
    appStore.set(socketAuthedAtom, false);
    appStore.set(socketMarketAtom, false);
    if (!holders.size) return appStore.set(socketStatusAtom, "idle");
    appStore.set(socketStatusAtom, "reconnecting");
    // Spread out: when a server dies, all of its clients lose their sockets in the same instant.
    retry = setTimeout(connect, reconnectDelayMs(attempt++));
  };
  // An error is always followed by close, which schedules the reconnect.
  socket.onerror = () => socket.close();
}

function shutDown() {
  closeLater = null;
  if (holders.size) return;
  if (retry) clearTimeout(retry);
  retry = null;
  stopSession?.();
  stopSession = null;
  const socket = ws;
  ws = null;
  socket?.close();
  appStore.set(socketStatusAtom, "idle");
  appStore.set(socketAuthedAtom, false);
  appStore.set(socketMarketAtom, false);
}

/**
 * Joins the shared connection (opening it for the first holder); returns leave(). The socket stays open a moment after
 * the last holder leaves, so a route change does not drop and reopen it.
 */
export function holdSocket(holder: SocketHolder): () => void {
  holders.add(holder);
  if (closeLater) clearTimeout(closeLater);
  closeLater = null;
  // A refreshed access token (or a new sign-in) authenticates the socket so the user's pushes keep flowing.
  stopSession ??= subscribeSession(onSessionChange);
  if (!ws && !retry) connect();
  else subscribeMarket();
  return () => {
    holders.delete(holder);
    if (!holders.size) closeLater = setTimeout(shutDown, 1000);
  };
}

/** While pushes flow, polls are only a safety net for a push that went missing. */
export const SAFETY_NET_MS = 60_000;

/**
 * A query's poll interval given the socket: market topics are not polled while they are pushed; the user's own lists
 * (pushed as user_changed, progress and alerts) slow to the safety net while the socket is signed in. With the socket
 * down, the spec's interval holds.
 */
export function useLivePoll(ms: number | false, kind: "market" | "user"): number | false {
  const market = useAtomValue(socketMarketAtom);
  const authed = useAtomValue(socketAuthedAtom);
  if (ms === false) return false;
  if (kind === "market") return market ? false : ms;
  return userPollMs(ms, authed);
}

/** A user list's interval when the socket does (`pushed`) or does not carry the user's changes. */
export const userPollMs = (ms: number, pushed: boolean) => (pushed ? Math.max(ms, SAFETY_NET_MS) : ms);
