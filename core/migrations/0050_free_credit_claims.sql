-- One free credit per mailbox: the canonical form of each address that received the FREE Test pack.
create table free_credit_claims (
  mailbox    text primary key,
  user_id    bigint references users(id) on delete set null,
  created_at timestamptz not null default now()
);
-- Accounts created before this table existed keep their claim.
insert into free_credit_claims (mailbox, user_id)
  select lower(email), id from users on conflict do nothing;
