// Paging of the dashboard table (spec 02 §2 filters, applied on the server): the query each page sends, the page
// answer (decoded by api/decode-page), and how far down the merged rows are complete while older pages are still unloaded.
import type { ListFilters } from "@web/entities/analysis/api/keys";
import type { Filters, RangeFilter, Row } from "./rows";

export const PAGE_SIZE = 50;

const RANGE_PARAM: Record<RangeFilter, string> = { "All Time": "all", "Last 24H": "24h", "Last 7D": "7d", "Last 30D": "30d" };

/** The table's filters as the server's query parameters (symbol upper-cased and trimmed, as the client filter reads it). */
export const serverFilters = (f: Filters): ListFilters => ({
  symbol: f.symbol.trim().toUpperCase(),
  type: f.type === "All" ? "" : f.type,
  range: RANGE_PARAM[f.range],
});

/** The filters as query parameters (only those set), shared by the pages and the CSV export. */
export function filterParams(filters: ListFilters, q = new URLSearchParams()): URLSearchParams {
  if (filters.symbol) q.set("symbol", filters.symbol);
  if (filters.type) q.set("type", filters.type);
  if (filters.range && filters.range !== "all") q.set("range", filters.range);
  return q;
}

/** The query string of one page: `cursor` is always sent (empty for the first page), which asks for the page shape. */
export function pageQuery(filters: ListFilters & { hasSignal?: boolean }, cursor: string): string {
  const q = filterParams(filters, new URLSearchParams({ limit: String(PAGE_SIZE), cursor }));
  if (filters.hasSignal !== undefined) q.set("has_signal", String(filters.hasSignal));
  return q.toString();
}

/** What a paged list has loaded: its oldest loaded time, and whether older pages remain. */
export type Loaded = { oldest: string | null; hasMore: boolean };

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The rows known to be complete: two lists paged separately are merged, so below the newest of their "oldest loaded"
 * times (among lists with more pages) a row of the other list could still be missing. Those rows wait for the next page.
 */
export function completeRows(rows: Row[], lists: Loaded[]): Row[] {
  // An unreadable time sets no limit: hiding every row for it would be worse than an out-of-order one.
  const limits = lists
    .filter((l) => l.hasMore)
    .map((l) => ms(l.oldest))
    .filter((t) => !Number.isNaN(t));
  if (limits.length === 0) return rows;
  const horizon = Math.max(...limits);
  return rows.filter((r) => {
    const t = ms(r.created_at);
    return Number.isNaN(t) || t >= horizon;
  });
}

/** The oldest created time of a loaded list (newest first, so its last item). */
export const oldestOf = (items: ReadonlyArray<{ created_at: string | null }>): string | null => items[items.length - 1]?.created_at ?? null;
