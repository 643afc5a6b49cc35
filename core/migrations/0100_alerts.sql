-- Alerts on every stage of a signal the trader bought: one event per (signal, stage), one delivery row per
-- (event, channel) the trader has on, the trader's per-channel/per-stage choices and their Web Push subscriptions.

-- Written in the same transaction as the signal (ISSUED) or its outcome (TP_HIT, SL_HIT, EXPIRED): never lost, and
-- the unique pair makes a second write of the same stage a no-op.
create table signal_events (
  id         bigserial primary key,
  user_id    bigint not null references users(id) on delete cascade,
  signal_id  bigint not null references signals(id) on delete cascade,
  kind       text not null check (kind in ('ISSUED', 'TP_HIT', 'SL_HIT', 'EXPIRED')),
  r_multiple numeric,
  created_at timestamptz not null default now(),
  read_at    timestamptz,
  unique (signal_id, kind)
);
create index signal_events_user_idx on signal_events (user_id, id desc);
create index signal_events_unread_idx on signal_events (user_id) where read_at is null;

-- One row per channel the event goes out on. The dispatcher claims a due row (pending, or a lapsed 'sending' lease
-- of a dispatcher that died) with FOR UPDATE SKIP LOCKED, so each (event, channel) is sent by one process only.
create table alert_deliveries (
  id              bigserial primary key,
  event_id        bigint not null references signal_events(id) on delete cascade,
  channel         text not null,
  status          text not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed', 'skipped')),
  attempts        integer not null default 0,
  last_error      text,
  next_attempt_at timestamptz not null default now(),
  lease_until     timestamptz,
  delivered_at    timestamptz,
  created_at      timestamptz not null default now(),
  unique (event_id, channel)
);
create index alert_deliveries_due_idx on alert_deliveries (next_attempt_at, id) where status in ('pending', 'sending');

-- Only the trader's own choices are stored; everything else follows the defaults in core/alerts.ts.
create table alert_preferences (
  user_id bigint not null references users(id) on delete cascade,
  channel text not null,
  kind    text not null check (kind in ('ISSUED', 'TP_HIT', 'SL_HIT', 'EXPIRED')),
  enabled boolean not null,
  primary key (user_id, channel, kind)
);

-- A browser's push subscription (one per endpoint; a 404/410 from the push service removes it).
create table push_subscriptions (
  id           bigserial primary key,
  user_id      bigint not null references users(id) on delete cascade,
  endpoint     text not null unique,
  p256dh       text not null,
  auth         text not null,
  user_agent   text,
  created_at   timestamptz not null default now(),
  last_push_at timestamptz
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);
