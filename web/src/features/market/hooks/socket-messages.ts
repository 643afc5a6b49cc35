// Pure routing of /ws/market messages: which query cache entry a {type, data} message replaces, or which analysis it concerns.
import { isObj, num, str, type Obj } from "@web/lib/read";
import { marketKeys } from "../api/keys";

export type SocketAction =
  | { kind: "market"; key: readonly string[]; data: unknown }
  | { kind: "analysis"; id: number; data: Obj }
  | { kind: "ignore" };

export const RECONNECT_MS = 4_000;
export const RECONNECT_JITTER_MS = 750;

/** ws: or wss: to /ws/market on the page's own host. */
export function marketSocketUrl(loc: Pick<Location, "protocol" | "host">): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws/market`;
}

export function parseSocketMessage(raw: unknown): Obj | null {
  if (typeof raw !== "string") return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

export function routeSocketMessage(msg: Obj): SocketAction {
  const type = str(msg, "type");
  const data = msg.data;
  if (!type || data === undefined) return { kind: "ignore" };
  switch (type) {
    case "market_health":
      return { kind: "market", key: marketKeys.health, data };
    case "session":
      return { kind: "market", key: marketKeys.session, data };
    case "gate_decision":
      return { kind: "market", key: marketKeys.preAnalysis, data };
    case "core_assets":
      return { kind: "market", key: marketKeys.coreAssets, data };
    case "movers":
      return { kind: "market", key: marketKeys.movers, data };
    case "sentiment":
      return { kind: "market", key: marketKeys.sentiment, data };
    case "orderbook": {
      const symbol = (isObj(data) ? str(data, "symbol") : null) ?? str(msg, "symbol");
      return symbol ? { kind: "market", key: marketKeys.orderbook(symbol.toUpperCase()), data } : { kind: "ignore" };
    }
    case "analysis_progress": {
      if (!isObj(data)) return { kind: "ignore" };
      const id = num(data, "request_id", "analysis_request_id", "id");
      return id === null ? { kind: "ignore" } : { kind: "analysis", id, data };
    }
    default:
      return { kind: "ignore" };
  }
}

/** The cached REST envelope with the pushed payload in `data` (computed_at/derived kept from the last fetch). */
export function mergeSnapshot(old: unknown, data: unknown): Obj {
  return { ...(isObj(old) ? old : {}), data };
}

/** Query keys to invalidate for an analysis progress push: the active list, and that analysis' detail and reasoning. */
export function analysisKeyMatcher(id: number) {
  const base = `/api/analysis/${id}`;
  return (key: readonly unknown[]) => {
    const k = key[0];
    if (typeof k !== "string") return false;
    if (k === "/api/analysis/active") return true;
    return k === base || k.startsWith(`${base}/`) || k.startsWith(`${base}?`) || k === `/api/analysis/detail/${id}` || k.startsWith(`/api/analysis/detail/${id}/`);
  };
}
