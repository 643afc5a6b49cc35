// Request/response shapes of the analysis module (spec 02 §3 analysis request and reasoning detail).
import { t } from "elysia";
import { errorSchema, pageOf } from "../signals/model";

export { errorSchema, pageOf };
export { analysisDetailSchema, analysisSchema, latestReasoningSchema, reasoningSchema } from "@core/contract/analysis";

export const startBody = t.Object({ symbol: t.String({ description: "Trading pair, e.g. BTCUSDT (trimmed, upper-cased)" }) });

export const startResponse = t.Object({
  request_id: t.Number(),
  symbol: t.String(),
  status: t.String(),
  current_phase: t.Number(),
  progress_percent: t.Number(),
  next_run_at: t.Nullable(t.String()),
  credits_status: t.String(),
  credits: t.Number({ description: "Balance after the held credit" }),
  created_at: t.String(),
  replayed: t.Boolean({ description: "True when answered from an earlier request with the same Idempotency-Key" }),
  detail: t.String(),
});

export const idParams = t.Object({ id: t.String() });
export const limitQuery = t.Object({ limit: t.Optional(t.String()) });

export const historyQuery = t.Object({
  limit: t.Optional(t.String({ description: "1..500, default 50" })),
  cursor: t.Optional(
    t.String({ description: "Pages the list: empty for the first page, then next_cursor; the answer is then {items, next_cursor, total}" }),
  ),
  symbol: t.Optional(t.String({ description: "Substring of the pair, e.g. BTC" })),
  range: t.Optional(t.String({ description: "24h, 7d, 30d or all" })),
  has_signal: t.Optional(t.String({ description: "true: analyses that issued a signal; false: those that did not (running or failed)" })),
});
