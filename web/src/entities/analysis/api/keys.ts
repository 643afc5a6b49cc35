// Query keys of analyses and signals, the only place they are spelled (TkDodo factories): a screen, a mutation or a
// socket push reaches a cache entry through these, never through a literal array.
/** The server-side filters of a paged list, as sent (spelled out, so equal filters share one cache entry). */
export type ListFilters = { symbol: string; type: string; range: string };

export const analysisKeys = {
  all: ["analysis"] as const,
  active: () => [...analysisKeys.all, "active"] as const,
  history: () => [...analysisKeys.all, "history"] as const,
  /** Pages of the history under a screen's filters; under history(), so a completion's refresh reaches them too. */
  historyPages: (filters: ListFilters & { hasSignal?: boolean }) => [...analysisKeys.history(), "pages", filters] as const,
  /** A detail's key prefixes its reasoning's, so invalidating the detail refreshes both. */
  detail: (id: number) => [...analysisKeys.all, "detail", id] as const,
  reasoning: (id: number, params: { limit: number }) => [...analysisKeys.detail(id), "reasoning", params] as const,
};

export const signalKeys = {
  all: ["signals"] as const,
  /** Each screen reads the list with its own fetcher (transient answers are handled differently), so each has its entry. */
  feed: (screen: "dashboard" | "start-trading") => [...signalKeys.all, "feed", screen] as const,
  /** The dashboard table's pages under its filters; under feed("dashboard"), so the completion refetches reach them. */
  pages: (filters: ListFilters) => [...signalKeys.feed("dashboard"), "pages", filters] as const,
  stats: () => [...signalKeys.all, "stats"] as const,
  /** The track record (GET /api/results); under all, so the push for a newly stored outcome refreshes it. */
  results: () => [...signalKeys.all, "results"] as const,
};
