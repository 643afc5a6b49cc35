// Request/response shapes of the signals module (the §3 signal entity, list filters, dashboard stat cards).
import { t, type TSchema } from "elysia";

export { signalContextSchema, signalSchema, signalType, statsSchema } from "@core/contract/signal";

export const signalFilters = t.Object({
  symbol: t.Optional(t.String({ description: "Substring of the pair, e.g. BTC" })),
  type: t.Optional(t.String({ description: "LONG, SHORT, NO_TRADE (BUY/SELL accepted) or ALL" })),
  range: t.Optional(t.String({ description: "24h, 7d, 30d or all" })),
  limit: t.Optional(t.String({ description: "1..500, default 200 (50 when paged)" })),
  cursor: t.Optional(
    t.String({
      description: "Pages the list: empty for the first page, then the previous page's next_cursor; the answer is then {items, next_cursor, total}",
    }),
  ),
});

/** A page of a newest-first list: `total` counts every row matching the filters; next_cursor is null on the last page. */
export const pageOf = <T extends TSchema>(item: T) => t.Object({ items: t.Array(item), next_cursor: t.Nullable(t.String()), total: t.Number() });

export const errorSchema = t.Object({ detail: t.String() });
