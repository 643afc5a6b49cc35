// The /ws/market socket's address, reconnect schedule and the one read of its frames (the connection: live-socket.ts).
import type { AlertPush, AnalysisProgress, MarketPush, SocketMessage } from "@core/contract/socket";
import { MARKET_TOPICS } from "@core/market/market-intervals";

export const RECONNECT_MS = 4_000;
/** The doubling stops here: with every server down, each client still tries about twice a minute, not every 4 s. */
export const RECONNECT_MAX_MS = 30_000;
/** Up to this share of the wait is added at random, so a dead server's clients do not all come back at one instant. */
export const RECONNECT_JITTER = 0.25;

/** Wait before reconnect attempt `attempt` (0 right after a close, reset once a socket opens): 4 s doubling to 30 s, plus jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** Math.max(0, Math.floor(attempt)));
  return Math.round(base * (1 + RECONNECT_JITTER * Math.min(1, Math.max(0, random()))));
}

/** ws: or wss: to /ws/market on the page's own host. */
export function marketSocketUrl(loc: Pick<Location, "protocol" | "host">): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws/market`;
}

const MARKET_TYPES = new Set<string>(MARKET_TOPICS.map((t) => t.wsType));
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The JSON object a text frame carries, or null (a binary frame, bad JSON, an array). */
function frameObject(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== "string") return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

/** Spec 02 §3's spellings of an analysis id, folded into the contract's request_id. */
function analysisId(data: Record<string, unknown>): number | null {
  const id = [data.request_id, data.analysis_request_id, data.id].find((v) => typeof v === "number" && Number.isFinite(v));
  return typeof id === "number" ? id : null;
}

/**
 * The one read of a socket frame: the contract's SocketMessage, or null for a frame that is none of it. Each type's
 * envelope is checked here and its body trusted (the server encodes every frame from this union, and the contract
 * tests hold its pushes to the schema); the alternative spellings are folded in here, so no holder ever sees them.
 */
export function readSocketMessage(raw: unknown): SocketMessage | null {
  const m = frameObject(raw);
  if (!m || typeof m.type !== "string") return null;
  const { type, data } = m;
  switch (type) {
    case "analysis_progress": {
      const id = isObj(data) ? analysisId(data) : null;
      return isObj(data) && id !== null ? { type, data: { ...data, request_id: id } as AnalysisProgress } : null;
    }
    case "alert":
      return isObj(data) && typeof data.title === "string" && typeof data.kind === "string" ? { type, data: data as AlertPush } : null;
    case "user_changed":
      return { type, data: {} };
    case "subscribed":
    case "unsubscribed":
      return { type, topics: Array.isArray(m.topics) ? m.topics.filter((t) => typeof t === "string") : [] };
    case "authenticated":
      return isObj(data) && typeof data.user_id === "number" ? { type, data: { user_id: data.user_id } } : null;
    case "auth_expired":
    case "auth_revoked":
    case "error":
      return { type, detail: text(m.detail) };
    case "pong":
      return { type };
    case "orderbook":
      // The book's symbol is read from its body; a frame naming it beside the body has it folded in.
      return data === undefined ? null : { type, data: isObj(data) && !data.symbol && m.symbol ? { ...data, symbol: m.symbol } : data };
    default:
      return MARKET_TYPES.has(type) && data !== undefined ? ({ type, data } as MarketPush) : null;
  }
}
