// Pure routing of /ws/market messages: which query cache entry a {type, data} message replaces, or which analysis it concerns.
import type { QueryKey } from "@tanstack/react-query";
import { MARKET_TOPICS, type MarketTopic } from "@core/market-intervals";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { chartKeys } from "@web/entities/signal/api/keys";
import { isObj, num, str, type Obj } from "@web/lib/read";
import { marketKeys } from "../api/keys";

export type SocketAction = { kind: "market"; key: QueryKey; data: unknown } | { kind: "analysis"; id: number; data: Obj } | { kind: "ignore" };

/** Message type to topic, from the shared topic table; an orderbook's topic is built from the symbol it names. */
const TOPIC_OF_TYPE = new Map<string, MarketTopic>(MARKET_TOPICS.map((t) => [t.wsType, t.topic]));

export function routeSocketMessage(msg: Obj): SocketAction {
  const type = str(msg, "type");
  const data = msg.data;
  if (!type || data === undefined) return { kind: "ignore" };
  if (type === "orderbook") {
    const symbol = (isObj(data) ? str(data, "symbol") : null) ?? str(msg, "symbol");
    return symbol ? { kind: "market", key: marketKeys.orderbook(symbol.toUpperCase()), data } : { kind: "ignore" };
  }
  if (type === "analysis_progress") {
    if (!isObj(data)) return { kind: "ignore" };
    const id = num(data, "request_id", "analysis_request_id", "id");
    return id === null ? { kind: "ignore" } : { kind: "analysis", id, data };
  }
  // Last closes per pair belong to the open-setup status (signal entity), not to a market panel card.
  if (type === "prices") return { kind: "market", key: chartKeys.prices(), data };
  const topic = TOPIC_OF_TYPE.get(type);
  return topic ? { kind: "market", key: marketKeys.topic(topic), data } : { kind: "ignore" };
}

/** The cached REST envelope with the pushed payload in `data` (computed_at/derived kept from the last fetch). */
export function mergeSnapshot(old: unknown, data: unknown): Obj {
  return { ...(isObj(old) ? old : {}), data };
}

/** Keys an analysis progress push invalidates: the active list, and that analysis' detail (which prefixes its reasoning). */
export const analysisProgressKeys = (id: number): QueryKey[] => [analysisKeys.active(), analysisKeys.detail(id)];

/** Keys re-read after a reconnect: pushes missed while disconnected are gone, so every market topic and the active list. */
export const resyncKeys = (): QueryKey[] => [marketKeys.all, analysisKeys.active()];
