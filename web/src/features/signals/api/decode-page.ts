// The decoder of a page of the dashboard's paged lists: `{items, next_cursor, total, issued?}`, or a bare array.
import { isObj, list, num, str } from "@web/lib/decode";

/** `issued`: LONG/SHORT among `total` when the server says (the signals list); null otherwise. */
export type Page<T> = { items: T[]; nextCursor: string | null; total: number; issued: number | null };

/** `{items, next_cursor, total, issued?}`; a bare array (a server without paging) is one complete page. */
export function readPage<T>(raw: unknown, readItems: (raw: unknown) => T[]): Page<T> {
  if (isObj(raw) && Array.isArray(raw.items)) {
    const items = readItems(raw.items);
    return { items, nextCursor: str(raw, "next_cursor"), total: num(raw, "total") ?? items.length, issued: num(raw, "issued") };
  }
  const items = readItems(list(raw));
  return { items, nextCursor: null, total: items.length, issued: null };
}
