-- The paid core: analysis requests (credit held per request), their per-phase reasoning, issued signals and favorites.
create table analysis_requests (
  id               bigserial primary key,
  user_id          bigint not null references users(id) on delete cascade,
  symbol           text not null check (symbol = upper(symbol)),
  status           text not null default 'IN_PROGRESS' check (status in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
  current_phase    smallint not null default 1 check (current_phase between 1 and 3),
  progress_percent smallint not null default 0 check (progress_percent between 0 and 100),
  next_run_at      timestamptz,
  -- HELD at start; the one-way move to USED or RELEASED is what makes settlement and refunds happen exactly once.
  credits_status   text not null default 'HELD' check (credits_status in ('HELD', 'USED', 'RELEASED')),
  final_signal_id  bigint,
  failure_reason   text,
  -- Market clock (ms) when the analysis started; the replay clock differs from wall time.
  market_time_ms   bigint,
  idempotency_key  text check (char_length(idempotency_key) <= 255),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  completed_at     timestamptz,
  check ((status = 'IN_PROGRESS') = (credits_status = 'HELD'))
);
create unique index analysis_requests_idempotency_key on analysis_requests (user_id, idempotency_key)
  where idempotency_key is not null;
create index analysis_requests_user_idx on analysis_requests (user_id, created_at desc, id desc);
create index analysis_requests_in_progress_idx on analysis_requests (created_at) where status = 'IN_PROGRESS';

create table analysis_reasoning (
  id                    bigserial primary key,
  request_id            bigint not null references analysis_requests(id) on delete cascade,
  phase_number          smallint not null check (phase_number between 1 and 3),
  reason                text not null check (char_length(reason) <= 140),
  full_reasoning        text not null,
  timeframe             text not null default '',
  confirmation_criteria jsonb not null default '[]'::jsonb,
  -- The phase's whole output (bias, features, checks): later phases build on it, even after an engine restart.
  result                jsonb not null default '{}'::jsonb,
  created_at            timestamptz not null default now(),
  unique (request_id, phase_number)
);

create table signals (
  id             bigserial primary key,
  user_id        bigint not null references users(id) on delete cascade,
  request_id     bigint not null unique references analysis_requests(id) on delete cascade,
  symbol         text not null check (symbol = upper(symbol)),
  type           text not null check (type in ('LONG', 'SHORT', 'NO_TRADE')),
  confidence     numeric not null check (confidence >= 0 and confidence <= 1),
  status         text not null default 'COMPLETED',
  entry_price    numeric,
  take_profit    numeric,
  stop_loss      numeric,
  rr_ratio       numeric,
  timeframe      text not null default '',
  entry_timing   text not null default 'Now',
  reasoning      text not null default '',
  no_trade       boolean not null,
  no_trade_reason text,
  is_active      boolean not null,
  -- Market clock (ms) at issue: outcomes are judged on candles that open after it.
  market_time_ms bigint not null,
  outcome        text check (outcome in ('OPEN', 'TP_HIT', 'SL_HIT', 'EXPIRED')),
  outcome_at     timestamptz,
  outcome_market_ms bigint,
  r_multiple     numeric,
  created_at     timestamptz not null default now(),
  check (no_trade = (type = 'NO_TRADE')),
  check ((type = 'NO_TRADE') = (outcome is null)),
  check (type = 'NO_TRADE' or (entry_price is not null and take_profit is not null and stop_loss is not null))
);
create index signals_user_idx on signals (user_id, created_at desc, id desc);
create index signals_open_idx on signals (id) where outcome = 'OPEN';
create index signals_created_idx on signals (created_at desc);

alter table analysis_requests
  add constraint analysis_requests_final_signal_fk foreign key (final_signal_id) references signals(id) on delete set null;

create table favorites (
  user_id    bigint not null references users(id) on delete cascade,
  symbol     text not null check (symbol = upper(symbol) and char_length(symbol) between 2 and 30),
  created_at timestamptz not null default now(),
  primary key (user_id, symbol)
);
