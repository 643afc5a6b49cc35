// Pure routing of /ws/market messages (decoded by lib/decode-socket): which query cache entry a market push replaces, or which
// analysis a progress push concerns.
import type { QueryKey } from "@tanstack/react-query";
import type { SocketMessage } from "@core/contract/socket";
import { MARKET_TOPICS, type MarketTopic } from "@core/market/market-intervals";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import { chartKeys } from "@web/entities/signal/api/keys";
import { bookSymbol } from "@web/lib/decode-socket";
import { marketKeys } from "../api/keys";

export type SocketAction = { kind: "market"; key: QueryKey; data: unknown } | { kind: "analysis"; id: number } | { kind: "ignore" };

/** Message type to topic, from the shared topic table; an orderbook's topic is built from the symbol it names. */
const TOPIC_OF_TYPE = new Map<string, MarketTopic>(MARKET_TOPICS.map((t) => [t.wsType, t.topic]));

export function routeSocketMessage(msg: SocketMessage): SocketAction {
  switch (msg.type) {
    case "analysis_progress":
      return { kind: "analysis", id: msg.data.request_id };
    case "orderbook": {
      // A market body is opaque to the contract (the REST snapshot's); the book names its symbol inside.
      const symbol = bookSymbol(msg.data);
      return symbol ? { kind: "market", key: marketKeys.orderbook(symbol), data: msg.data } : { kind: "ignore" };
    }
    case "prices":
      // Last closes per pair belong to the open-setup status (signal entity), not to a market panel card.
      return { kind: "market", key: chartKeys.prices(), data: msg.data };
    default: {
      // The other market pushes map onto their topic; user and control messages are not the market's.
      const topic = TOPIC_OF_TYPE.get(msg.type);
      return topic && "data" in msg ? { kind: "market", key: marketKeys.topic(topic), data: msg.data } : { kind: "ignore" };
    }
  }
}

/** The cached REST envelope with the pushed payload in `data` (computed_at/derived kept from the last fetch). */
export function mergeSnapshot(old: unknown, data: unknown): Record<string, unknown> {
  return { ...(typeof old === "object" && old !== null ? old : {}), data };
}

/** Keys an analysis progress push invalidates: the active list, and that analysis' detail (which prefixes its reasoning). */
export const analysisProgressKeys = (id: number): QueryKey[] => [analysisKeys.active(), analysisKeys.detail(id)];

/** Keys re-read after a reconnect: pushes missed while disconnected are gone, so every market topic and the active list. */
export const resyncKeys = (): QueryKey[] => [marketKeys.all, analysisKeys.active()];
