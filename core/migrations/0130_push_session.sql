-- Each Web Push subscription belongs to the session that saved it: it ends with that session (logout on a shared
-- device), and a delivery skips a subscription whose session is no longer live. Null for subscriptions saved before.
alter table push_subscriptions add column session_id bigint references login_sessions(id) on delete set null;
create index push_subscriptions_session_idx on push_subscriptions (session_id) where session_id is not null;
