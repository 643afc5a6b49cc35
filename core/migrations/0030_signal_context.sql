-- Signal engine v2: what each signal rests on (probabilities, expected R, venue, costs, expiry, invalidation), and the
-- per-side cost its outcome is charged, so the tracker judges it by the same rule the backtest used.
alter table signals add column context jsonb;
alter table signals add column cost_per_side numeric;
