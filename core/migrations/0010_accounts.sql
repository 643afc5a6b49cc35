-- Accounts and sessions: registration and device codes, login sessions per device, refresh-token chains, reset links, mail outbox.

-- One live registration code per e-mail; a resend replaces it (so attempts and expiry restart with it).
create table email_codes (
  id           bigserial primary key,
  email        text not null,
  code_hash    text not null,
  expires_at   timestamptz not null,
  attempts     integer not null default 0,
  last_sent_at timestamptz not null default now(),
  consumed_at  timestamptz,
  created_at   timestamptz not null default now()
);
create unique index email_codes_email_key on email_codes (lower(email));

-- Proof that an e-mail was verified, handed to the client as session_token and spent by complete-registration.
create table registration_tokens (
  id         bigserial primary key,
  email      text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);

create table login_sessions (
  id               bigserial primary key,
  user_id          bigint not null references users(id) on delete cascade,
  device_id        text not null,
  device_name      text not null default 'Unknown device',
  device_type      text not null default 'desktop',
  browser          text,
  os               text,
  ip_address       text,
  location_city    text,
  location_country text,
  remember_me      boolean not null default false,
  status           text not null default 'pending' check (status in ('pending', 'active', 'revoked')),
  verified         boolean not null default false,
  expires_at       timestamptz not null,
  last_seen_at     timestamptz not null default now(),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);
-- One row per user and browser: signing in again from the same device reuses (and re-arms) it.
create unique index login_sessions_user_device_key on login_sessions (user_id, device_id);
create index login_sessions_active_idx on login_sessions (user_id) where status = 'active';

create table device_codes (
  id           bigserial primary key,
  session_id   bigint not null unique references login_sessions(id) on delete cascade,
  code_hash    text not null,
  expires_at   timestamptz not null,
  attempts     integer not null default 0,
  last_sent_at timestamptz not null default now(),
  created_at   timestamptz not null default now()
);

-- A rotation chain per login session: each refresh marks its token rotated and issues a child.
create table refresh_tokens (
  id         bigserial primary key,
  session_id bigint not null references login_sessions(id) on delete cascade,
  token_hash text not null unique,
  parent_id  bigint references refresh_tokens(id) on delete set null,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table password_reset_tokens (
  id         bigserial primary key,
  user_id    bigint not null references users(id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Devices that proved the owner's e-mail once (device code or registration); they sign in without a code.
create table verified_devices (
  user_id     bigint not null references users(id) on delete cascade,
  device_id   text not null,
  verified_at timestamptz not null default now(),
  primary key (user_id, device_id)
);

-- Mail kept when no SMTP server is configured (development, tests); read back through GET /api/dev/mailbox.
create table mail_outbox (
  id         bigserial primary key,
  to_address text not null,
  subject    text not null,
  body_text  text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_to_idx on mail_outbox (lower(to_address), id desc);
