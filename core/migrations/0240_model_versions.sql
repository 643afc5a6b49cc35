-- Engine v4 keeps learning: the registry of model versions (seeded walk-forward folds and scheduled refits), the closed
-- hourly candles the refit trains on, and each SHORT signal's mirror LONG outcome (its always-long baseline).
create table model_versions (
  version         text primary key,
  -- every training row's outcome closed at or before it
  trained_through timestamptz not null,
  -- market time from which the version may serve
  trained_at      timestamptz not null,
  family          text not null,
  geometry        jsonb not null,
  horizon_hours   integer not null check (horizon_hours > 0),
  -- the bar's figures on its own inner window: the promotion gate compares inner->'lower'
  "inner"         jsonb not null,
  -- the fold's out-of-fold figures, when known
  oof             jsonb,
  params_hash     text not null,
  params          jsonb not null,
  source          text not null check (source in ('walk-forward', 'refit')),
  status          text not null check (status in ('champion', 'challenger', 'rejected')),
  -- market time at which it became champion (null unless promoted)
  promoted_at     timestamptz,
  reason          text,
  created_at      timestamptz not null default now(),
  check (trained_through <= trained_at)
);
create index model_versions_champion_idx on model_versions (trained_at desc) where status = 'champion';

-- Closed 1h candles as the ingestion leader stored them (the replay seeds them from its recording up to its clock).
create table candles_1h (
  symbol text not null,
  t      bigint not null,
  o      double precision not null,
  h      double precision not null,
  l      double precision not null,
  c      double precision not null,
  v      double precision not null,
  primary key (symbol, t)
);
create index candles_1h_t_idx on candles_1h (t);

-- The always-long baseline of a SHORT signal: the LONG with the same entry and the same stop and target distances,
-- settled on the same path (a LONG signal's baseline is its own outcome). Written once, by the outcome tracker.
create table signal_baselines (
  signal_id        bigint primary key references signals (id) on delete cascade,
  always_long_r    double precision not null,
  closed_market_ms bigint not null,
  created_at       timestamptz not null default now()
);

-- The forward record of a version: signals whose context names it.
create index signals_model_version_idx on signals ((context -> 'model' ->> 'version')) where context is not null;
