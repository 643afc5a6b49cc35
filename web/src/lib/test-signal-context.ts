// Test fixture: a signal context as the v2 engine writes it (shared by the reader and wording tests).
/** A signal context as the v2 engine writes it (server/src/modules/signals/model.ts); also seeded by the browser tests. */
export const SAMPLE_CONTEXT = {
  side: "LONG",
  venue: "spot",
  venue_label: "Binance spot",
  p_tp: 0.3821,
  p_sl: 0.4493,
  p_expiry: 0.1686,
  expected_r: 0.0412,
  no_skill_p_tp: 0.3504,
  costs: { fee_pct_per_side: 0.1, slippage_pct_per_side: 0.02, funding_pct: 0, round_trip_pct: 0.24, in_r: 0.0712, cost_per_side: 0.0012 },
  expires_at: "2024-09-07T14:00:00.000Z",
  invalidation_level: 58210.5,
  entry_source: "5m",
  snapshot_at: "2024-09-05T14:00:00.000Z",
  model: { trained: "2024-01-01 → 2024-08-31", bar_r: 0.02 },
} as const;

/** "This setup in history" as the engine writes it (engine/src/analysis/reasoning historyView). */
export const SAMPLE_HISTORY = {
  period: "2024-03-01 → 2024-09-06",
  band: { from: -0.070601, to: -0.06857 },
  pooled: { n: 4210, tp: 0.3112, sl: 0.4804, exp: 0.2084, mean_r: -0.0512, ci: [-0.1203, 0.0187] },
  pair: { n: 12, mean_r: -0.0331 },
};

/** A NO_TRADE's pairs clearing the bar. */
export const SAMPLE_ALTERNATIVES = [
  { symbol: "SOLUSDT", side: "LONG", expected_r: 0.0612, p_tp: 0.4133, venue: "spot" },
  { symbol: "DOGEUSDT", side: "SHORT", expected_r: 0.0345, p_tp: 0.3921, venue: "perp" },
] as const;
