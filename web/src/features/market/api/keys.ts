// Query keys of the market feature; each key is the endpoint path (with its query) so the default query fetches it.
import { CORE_ASSET_SYMBOLS } from "@core/market-intervals";

export const marketKeys = {
  refreshInterval: ["/api/market/refresh-interval"] as const,
  health: ["/api/market/health"] as const,
  preAnalysis: ["/api/market/pre-analysis"] as const,
  coreAssets: [`/api/market/core-assets?symbols=${CORE_ASSET_SYMBOLS.join(",")}`] as const,
  sentiment: ["/api/market/sentiment"] as const,
  orderbook: (symbol: string) => [`/api/market/orderbook?symbol=${symbol}`] as const,
  movers: ["/api/market/movers?full_details=true"] as const,
  session: ["/api/market/session"] as const,
};

/** True for every market REST query (used to re-fetch them all after the socket reconnects). */
export const isMarketKey = (key: readonly unknown[]) => typeof key[0] === "string" && key[0].startsWith("/api/market/");
