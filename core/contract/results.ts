// The trader's own track record (GET /api/results): each LONG/SHORT with its stored outcome, and totals by month.
import { type Static, t } from "elysia";

const num = t.Nullable(t.Number());

export const resultRowSchema = t.Object({
  id: t.Number(),
  request_id: t.Number(),
  symbol: t.String(),
  type: t.Union([t.Literal("LONG"), t.Literal("SHORT")]),
  created_at: t.String({ description: "When the analysis was bought (wall clock: an account event)" }),
  issued_at: t.String({ description: "When it was issued on the market clock (the replayed moment under the replay)" }),
  entry_price: t.Number(),
  stop_loss: t.Number(),
  take_profit: t.Number(),
  rr_ratio: num,
  outcome: t.String({ description: "OPEN, TP_HIT, SL_HIT or EXPIRED, as the engine's tracker stored it" }),
  outcome_at: t.Nullable(t.String({ description: "When the tracker recorded the outcome (wall clock)" })),
  outcome_market_at: t.Nullable(t.String({ description: "When the stop, target or expiry was reached, on the market clock" })),
  r_multiple: t.Nullable(t.Number({ description: "Result in R after costs; null while open" })),
  time_to_outcome_ms: t.Nullable(t.Number({ description: "Market time from issue to exit; null while open" })),
});

const totals = {
  signals: t.Number({ description: "LONG/SHORT signals issued (open ones included)" }),
  open: t.Number(),
  closed: t.Number({ description: "TP_HIT, SL_HIT or EXPIRED" }),
  wins: t.Number({ description: "Closed with R above 0 after costs" }),
  win_rate: t.Nullable(t.Number({ description: "wins / closed, 0..1; null with nothing closed" })),
  total_r: t.Number(),
  mean_r: num,
  best_r: num,
  worst_r: num,
};

export const resultTotalsSchema = t.Object(totals);
export const monthTotalsSchema = t.Object({ month: t.String({ description: "UTC month of issue on the market clock, YYYY-MM" }), ...totals });

export const resultsSchema = t.Object({
  signals: t.Array(resultRowSchema, { description: "Newest first" }),
  months: t.Array(monthTotalsSchema, { description: "Newest month first; months without a signal are left out" }),
  overall: resultTotalsSchema,
});

export type ResultRow = Static<typeof resultRowSchema>;
export type ResultTotals = Static<typeof resultTotalsSchema>;
export type MonthTotals = Static<typeof monthTotalsSchema>;
export type Results = Static<typeof resultsSchema>;
