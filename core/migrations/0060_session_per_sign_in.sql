-- A new login-session row per sign-in: a revoked or expired row is never re-armed. Only one pending sign-in per
-- device at a time (re-submitting the form within its window reuses that pending row).
drop index if exists login_sessions_user_device_key;
create unique index login_sessions_pending_device_key on login_sessions (user_id, device_id) where status = 'pending';
create index login_sessions_user_device_idx on login_sessions (user_id, device_id);
