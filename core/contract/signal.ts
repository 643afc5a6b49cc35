// The Signal entity (spec 02 §3) and the dashboard's stat cards: one schema each, one spelling per field; the type is the schema's.
import { type Static, t } from "elysia";
import { creditsStatus, signalOutcome } from "./status";

const num = t.Nullable(t.Number());

export const signalType = t.Union([t.Literal("LONG"), t.Literal("SHORT"), t.Literal("NO_TRADE")]);

/** What the signal rests on (engine v2): calibrated outcome probabilities, expected R, venue, costs, expiry, invalidation. */
export const signalContextSchema = t.Object({
  side: t.Union([t.Literal("LONG"), t.Literal("SHORT")]),
  venue: t.Union([t.Literal("spot"), t.Literal("perp")], { description: "spot for LONG; SHORT is a USDT-M perpetual setup" }),
  venue_label: t.String(),
  p_tp: t.Number({ description: "Calibrated P(take profit first within 48 h)" }),
  p_sl: t.Number(),
  p_expiry: t.Number(),
  expected_r: t.Number({ description: "Calibrated expected R after costs" }),
  no_skill_p_tp: t.Number({ description: "P(take profit first) of a geometry-only model: the no-skill reference" }),
  costs: t.Object({
    fee_pct_per_side: t.Number(),
    slippage_pct_per_side: t.Number(),
    funding_pct: t.Number(),
    round_trip_pct: t.Number(),
    in_r: t.Number(),
    cost_per_side: t.Number(),
  }),
  expires_at: t.String(),
  expiry_hours: t.Optional(t.Number({ description: "the setup's horizon; signals from before v3 expire after 48 h" })),
  invalidation_level: t.Number(),
  entry_source: t.Union([t.Literal("5m"), t.Literal("1h"), t.Literal("path")], {
    description: "Where the entry price came from: the last 5m close, the last 1h close, or the replay's stated path between closes",
  }),
  snapshot_at: t.String(),
  model: t.Object({
    trained: t.String(),
    bar_r: t.Nullable(t.Number({ description: "null: this model version issues nothing (no bar paid on its inner window)" })),
    version: t.Optional(t.String({ description: "the model version that decided it (GET /api/public/model?version=)" })),
  }),
  history: t.Optional(
    t.Nullable(
      t.Object(
        {
          period: t.String(),
          band: t.Object({ from: t.Nullable(t.Number()), to: t.Nullable(t.Number()) }, { description: "calibrated-EV band of this setup" }),
          pooled: t.Object({ n: t.Number(), tp: t.Number(), sl: t.Number(), exp: t.Number(), mean_r: t.Number(), ci: t.Array(t.Number()) }),
          pair: t.Object({ n: t.Number(), mean_r: t.Number({ description: "shrunk toward the pooled mean" }) }),
        },
        { description: "Out-of-fold outcomes of setups on the same side in the same calibrated-EV band" },
      ),
    ),
  ),
  alternatives: t.Optional(
    t.Array(
      t.Object({
        symbol: t.String(),
        side: t.Union([t.Literal("LONG"), t.Literal("SHORT")]),
        expected_r: t.Number(),
        p_tp: t.Number(),
        venue: t.Union([t.Literal("spot"), t.Literal("perp")]),
      }),
      {
        description: "NO_TRADE only: pairs that clear the bar at the last hourly close",
      },
    ),
  ),
  nearest: t.Optional(
    t.Array(
      t.Object({
        symbol: t.String(),
        side: t.Union([t.Literal("LONG"), t.Literal("SHORT")]),
        expected_r: t.Number(),
        gap_r: t.Number({ description: "how far below the bar, in R" }),
      }),
      {
        description: "NO_TRADE only: the pairs closest below the bar at the last hourly close (their better side), closest first",
      },
    ),
  ),
  same_direction_last_hour: t.Optional(t.Number({ description: "Signals in the same direction issued in the hour before this one" })),
});

export const signalSchema = t.Object({
  id: t.Number(),
  symbol: t.String(),
  type: signalType,
  confidence: t.Number({ description: "Calibrated probability 0..1" }),
  status: t.String(),
  created_at: t.String(),
  entry_price: num,
  take_profit: num,
  stop_loss: num,
  rr_ratio: num,
  timeframe: t.String(),
  entry_timing: t.String(),
  reasoning: t.String(),
  request_id: t.Number(),
  is_active: t.Boolean({ description: "LONG/SHORT whose outcome is still OPEN" }),
  next_run_at: t.Null(),
  no_trade: t.Boolean(),
  no_trade_reason: t.Nullable(t.String()),
  market_time_ms: t.Number({ description: "Market clock (ms) at issue" }),
  outcome: t.Nullable(signalOutcome, { description: "null for NO_TRADE" }),
  outcome_at: t.Nullable(t.String()),
  outcome_market_ms: t.Optional(num),
  r_multiple: num,
  credits_status: t.Nullable(creditsStatus),
  model_version: t.Nullable(
    t.String({ description: "the model version that decided it (GET /api/public/model?version=); null for signals from before versions" }),
  ),
  context: t.Nullable(signalContextSchema),
});

const point = t.Object({ date: t.String(), value: t.Number() });

export const statsSchema = t.Object({
  total_signals: t.Object({
    value: t.Number(),
    last_7_days: t.Number(),
    previous_7_days: t.Number(),
    trend_percent: t.Nullable(t.Number({ description: "Last 7 days vs the 7 before; null when the previous week is 0" })),
    trend: t.String(),
    series: t.Array(point),
  }),
  live_analyses: t.Object({ value: t.Number(), completed: t.Number(), failed: t.Number(), series: t.Array(point) }),
  used_credits: t.Object({ value: t.Number(), today: t.Number(), series: t.Array(point) }),
  returned_credits: t.Object({ value: t.Number(), today: t.Number(), ratio: t.Number(), series: t.Array(point) }),
});

export type SignalType = Static<typeof signalType>;
export type Signal = Static<typeof signalSchema>;
export type SignalContext = Static<typeof signalContextSchema>;
export type SignalStats = Static<typeof statsSchema>;
