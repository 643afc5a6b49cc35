// Query keys of the signals feature; each key is the endpoint path so the default query (or a wrapper of it) fetches it.
export const signalsKeys = {
  list: ["/api/signals/"] as const,
  stats: ["/api/signals/stats"] as const,
  transactions: ["/api/transactions/"] as const,
  usage: ["/api/credits/usage"] as const,
  active: ["/api/analysis/active"] as const,
  history: ["/api/analysis/history"] as const,
  detail: (id: number) => [`/api/analysis/${id}`] as const,
  reasoning: (id: number) => [`/api/analysis/${id}/latest-reasoning?limit=900`] as const,
};

export const REASONING_LIMIT = 900;
