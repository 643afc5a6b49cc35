// Query keys of analyses, the only place they are spelled (TkDodo factories): a screen, a mutation or a
// socket push reaches a cache entry through these, never through a literal array.
import type { ListFilters } from "@web/entities/signal/api/keys";

export type { ListFilters };

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
