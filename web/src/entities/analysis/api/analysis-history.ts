// GET /api/analysis/history pages: finished and failed analyses under the dashboard's filters ({items, next_cursor, total}).
import { apiQuery } from "@web/lib/api";

/** One page of the history: `query` carries limit, cursor and filters. */
export const fetchAnalysisHistoryPage = (query: string) => apiQuery(`/api/analysis/history?${query}`);
