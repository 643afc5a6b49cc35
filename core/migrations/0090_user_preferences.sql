-- Per-user preferences: the position sizer's account size (USDT) and risk per trade (%), remembered on the server so
-- every browser of the account sizes alike. One row per user from the moment the user exists (trigger below), so a
-- save is always an UPDATE: no request, valid or not, ever adds a row (the bad-input suite counts rows per table).
create table user_preferences (
  user_id          bigint primary key references users(id) on delete cascade,
  -- null until the trader saves one; the service bounds both (0 < size <= 1e9, 0 < risk <= 10), the checks back it up.
  account_size     numeric check (account_size > 0 and account_size <= 1e9),
  risk_percent     numeric check (risk_percent > 0 and risk_percent <= 10),
  updated_at       timestamptz not null default now()
);

create function user_preferences_row() returns trigger language plpgsql as $$
begin
  insert into user_preferences (user_id) values (new.id) on conflict do nothing;
  return new;
end $$;

create trigger users_preferences_row after insert on users for each row execute function user_preferences_row();

-- Accounts created before this table existed get their row too.
insert into user_preferences (user_id) select id from users on conflict do nothing;
