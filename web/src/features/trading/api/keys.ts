// Query keys of the trading feature. Each key starts with the endpoint path, so invalidating by path (socket, other
// screens) reaches them; the signals key adds a tag because this screen's fetcher differs (transient answers hidden).
export const REASONING_LIMIT = 900;

export const tradingKeys = {
  active: ["/api/analysis/active"] as const,
  history: ["/api/analysis/history"] as const,
  detail: (id: number) => [`/api/analysis/${id}`] as const,
  reasoning: (id: number) => [`/api/analysis/${id}/latest-reasoning?limit=${REASONING_LIMIT}`] as const,
  signals: ["/api/signals", "start-trading"] as const,
  favorites: ["/api/user/favorites"] as const,
  profile: ["/api/user/profile"] as const,
};
