// Response shapes of the public module (landing page live preview and track record).
import { t } from "elysia";

export const liveSchema = t.Object({
  signals_generated: t.Number(),
  active_analyses: t.Number(),
  live: t.Array(t.Object({ symbol: t.String(), created_at: t.String(), status: t.String(), progress_percent: t.Number() })),
});

const num = t.Nullable(t.Number());

export const trackRecordSchema = t.Object({
  backtest: t.Unknown({ description: "The model's walk-forward backtest report (track-record.json), null when not built" }),
  live: t.Object({
    signals_issued: t.Number(),
    no_trade: t.Number(),
    open: t.Number(),
    closed: t.Number(),
    tp_hit: t.Number(),
    sl_hit: t.Number(),
    expired: t.Number(),
    win_rate: num,
    avg_r_multiple: num,
    total_r: num,
    sample_size: t.Number(),
    period: t.Object({ from: t.Nullable(t.String()), to: t.Nullable(t.String()) }),
  }),
});
