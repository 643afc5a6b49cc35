// Query keys of the signals feature; each key is the endpoint path so the default query (or a wrapper of it) fetches it.
// The active list, an analysis detail and its reasoning use the shared keys of their @web/lib queries.
export const signalsKeys = {
  list: ["/api/signals/"] as const,
  stats: ["/api/signals/stats"] as const,
  transactions: ["/api/transactions/"] as const,
  usage: ["/api/credits/usage"] as const,
  history: ["/api/analysis/history"] as const,
};
