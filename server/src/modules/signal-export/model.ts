// Query of GET /api/signals/export.csv: the dashboard's filters (no paging; the file holds every matching row).
import { t } from "elysia";

export const exportFilters = t.Object({
  symbol: t.Optional(t.String({ description: "Substring of the pair, e.g. BTC" })),
  type: t.Optional(t.String({ description: "LONG, SHORT, NO_TRADE (BUY/SELL accepted) or ALL" })),
  range: t.Optional(t.String({ description: "24h, 7d, 30d or all" })),
});

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });
