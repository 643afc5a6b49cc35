-- Core tables every feature stands on: users, the credit ledger and support tickets.
create table users (
  id            bigserial primary key,
  email         text not null,
  password_hash text not null,
  first_name    text not null default '',
  last_name     text not null default '',
  credits       integer not null default 0 check (credits >= 0),
  is_blocked    boolean not null default false,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Append-only: every change of users.credits has exactly one row here, written in the same transaction.
create table credit_ledger (
  id             bigserial primary key,
  user_id        bigint not null references users(id) on delete cascade,
  kind           text not null check (kind in ('GRANT', 'PURCHASE', 'DEDUCTION', 'REFUND', 'ADJUSTMENT')),
  amount         integer not null check (amount <> 0),
  balance_after  integer not null check (balance_after >= 0),
  reference_type text,
  reference_id   bigint,
  note           text,
  created_at     timestamptz not null default now()
);
create index credit_ledger_user_idx on credit_ledger (user_id, created_at desc);

create table support_tickets (
  id         bigserial primary key,
  user_id    bigint references users(id) on delete set null,
  name       text not null,
  email      text not null,
  subject    text not null,
  message    text not null,
  ip         text,
  status     text not null default 'OPEN',
  created_at timestamptz not null default now()
);
