// Query keys of the trading feature. Each key starts with the endpoint path, so invalidating by path (socket, other
// screens) reaches them; the signals key adds a tag because this screen's fetcher differs (transient answers hidden).
import { ACTIVE_ANALYSES_KEY } from "@web/lib/active-analyses";
import { analysisDetailKey } from "@web/lib/analysis-detail";
import { latestReasoningKey } from "@web/lib/latest-reasoning";

export const tradingKeys = {
  active: ACTIVE_ANALYSES_KEY,
  history: ["/api/analysis/history"] as const,
  detail: analysisDetailKey,
  reasoning: latestReasoningKey,
  signals: ["/api/signals", "start-trading"] as const,
  favorites: ["/api/user/favorites"] as const,
  profile: ["/api/user/profile"] as const,
};
