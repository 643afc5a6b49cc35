-- Alert delivery channels of one trader: outbound webhooks (endpoints and their delivery log) and a linked Telegram chat.

-- A trader's endpoints (at most 5, enforced by the service under a row lock on the user). The secret signs every
-- delivery (HMAC-SHA256), so it is kept as given: it is shown once at creation and never served again.
create table webhooks (
  id         bigserial primary key,
  user_id    bigint not null references users(id) on delete cascade,
  url        text not null,
  secret     text not null,
  enabled    boolean not null default true,
  created_at timestamptz not null default now()
);
create index webhooks_user_idx on webhooks (user_id, id);

-- One row per HTTP attempt (the retries of one event share its event_id), newest read first.
create table webhook_deliveries (
  id            bigserial primary key,
  webhook_id    bigint not null references webhooks(id) on delete cascade,
  event_id      text not null,
  event_type    text not null,
  attempt       integer not null,
  status_code   integer,
  duration_ms   integer not null,
  ok            boolean not null,
  error         text,
  response_body text,
  created_at    timestamptz not null default now()
);
create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, id desc);

-- The Telegram chat a trader's alerts go to; a chat belongs to one trader (re-linking it moves it).
create table telegram_links (
  user_id    bigint primary key references users(id) on delete cascade,
  chat_id    bigint not null unique,
  username   text,
  first_name text,
  linked_at  timestamptz not null default now()
);

-- One-time deep-link start tokens (`/start <token>`), stored hashed, valid 10 minutes.
create table telegram_link_tokens (
  token_hash text primary key,
  user_id    bigint not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index telegram_link_tokens_user_idx on telegram_link_tokens (user_id);
