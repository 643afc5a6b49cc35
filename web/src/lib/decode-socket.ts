// The one decoder of a /ws/market frame: text into the contract's SocketMessage, one switch over its type. The server
// encodes every frame from that union (encodePush), so each type's envelope is checked here and its body trusted.
import type { AlertPush, AnalysisProgress, MarketPush, SocketMessage } from "@core/contract/socket";
import { MARKET_TOPICS } from "@core/market/market-intervals";
import { isObj, num, type Obj, str } from "./decode";

const MARKET_TYPES = new Set<string>(MARKET_TOPICS.map((t) => t.wsType));

/** The JSON object a text frame carries, or null (a binary frame, bad JSON, an array). */
function frameObject(raw: unknown): Obj | null {
  if (typeof raw !== "string") return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

/** The contract's SocketMessage a frame holds, or null for a frame that is none of it. */
export function decodeSocketFrame(raw: unknown): SocketMessage | null {
  const m = frameObject(raw);
  const type = m && str(m, "type");
  if (!m || !type) return null;
  const data = isObj(m.data) ? m.data : null;
  switch (type) {
    case "analysis_progress":
      return data && typeof data.request_id === "number" ? { type, data: data as AnalysisProgress } : null;
    case "alert":
      return data && str(data, "title") !== null && str(data, "kind") !== null ? { type, data: data as AlertPush } : null;
    case "user_changed":
      return { type, data: {} };
    case "subscribed":
    case "unsubscribed":
      return { type, topics: Array.isArray(m.topics) ? m.topics.filter((t) => typeof t === "string") : [] };
    case "authenticated": {
      const userId = data && num(data, "user_id");
      return userId != null ? { type, data: { user_id: userId } } : null;
    }
    case "auth_expired":
    case "auth_revoked":
    case "error":
      return { type, detail: str(m, "detail") ?? "" };
    case "pong":
      return { type };
    case "orderbook":
      // The book names its pair inside its body (the panel's cache entry is per pair): without one it has no home.
      return data && str(data, "symbol") !== null ? { type, data } : null;
    default:
      return MARKET_TYPES.has(type) && m.data !== undefined ? ({ type, data: m.data } as MarketPush) : null;
  }
}

/** The pair an order-book push (as decoded above) is for, upper-cased. */
export const bookSymbol = (data: unknown): string | null => (isObj(data) ? (str(data, "symbol")?.toUpperCase() ?? null) : null);
