// Query keys of the market feature, the only place they are spelled: one per topic of the shared topic table
// (@core/market-intervals), so a socket push names its cache entry by topic.
import type { MarketTopic } from "@core/market/market-intervals";

export const marketKeys = {
  all: ["market"] as const,
  refreshInterval: () => [...marketKeys.all, "refresh-interval"] as const,
  topic: (topic: MarketTopic) => [...marketKeys.all, "topic", topic] as const,
  health: () => marketKeys.topic("health"),
  preAnalysis: () => marketKeys.topic("gate"),
  coreAssets: () => marketKeys.topic("core_assets"),
  sentiment: () => marketKeys.topic("sentiment"),
  orderbook: (symbol: string) => marketKeys.topic(`orderbook:${symbol}`),
  movers: () => marketKeys.topic("movers"),
  session: () => marketKeys.topic("session"),
};
