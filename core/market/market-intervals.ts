// Market topics and their refresh intervals (spec 02 §9), one table shared by the engine that computes and the server that serves.
import type { MarketPushType } from "../contract/socket";

/** Refresh intervals in seconds, as served by GET /api/market/refresh-interval. */
export const MARKET_REFRESH_SECONDS = {
  full_snapshot: 90,
  market_health: 40,
  orderbook: 15,
  sentiment: 180,
  movers: 90,
  session: 60,
} as const;

export type RefreshKey = keyof typeof MARKET_REFRESH_SECONDS;

/** Symbols with core-asset cards and order-book snapshots. */
export const CORE_ASSET_SYMBOLS = ["BTCUSDT", "ETHUSDT"] as const;

export type MarketTopic = "health" | "session" | "gate" | "core_assets" | "movers" | "prices" | "sentiment" | `orderbook:${string}`;

export type MarketTopicInfo = { topic: MarketTopic; wsType: MarketPushType; refresh: RefreshKey };

// The gate is re-decided with every health update: it depends on health first of all.
export const MARKET_TOPICS: MarketTopicInfo[] = [
  { topic: "health", wsType: "market_health", refresh: "market_health" },
  { topic: "gate", wsType: "gate_decision", refresh: "market_health" },
  { topic: "session", wsType: "session", refresh: "session" },
  { topic: "core_assets", wsType: "core_assets", refresh: "full_snapshot" },
  ...CORE_ASSET_SYMBOLS.map((s): MarketTopicInfo => ({ topic: `orderbook:${s}`, wsType: "orderbook", refresh: "orderbook" })),
  { topic: "movers", wsType: "movers", refresh: "movers" },
  // Last close per pair with the time it closed (market time): what an open setup's status measures against.
  { topic: "prices", wsType: "prices", refresh: "movers" },
  { topic: "sentiment", wsType: "sentiment", refresh: "sentiment" },
];

/** Redis key name (before prefixing) holding a topic's latest snapshot. */
export const snapshotKeyName = (topic: MarketTopic) => `market:${topic}`;
/** Redis channel name (before prefixing) on which a topic's updates are published. */
export const snapshotChannelName = (topic: MarketTopic) => `market.${topic}`;

/** What is stored under market:<topic>. */
export type StoredSnapshot<T = unknown> = { data: T; computed_at: string; derived?: true };

/** The `prices` topic: per pair its last closed candle's close and that candle's close time (ms, market clock). */
export type PricesPayload = { prices: Record<string, { price: number; at_ms: number }>; as_of: string };
