-- Device verification bound to the browser that started the sign-in: an opaque handle in answers (never the
-- sequential id) and the hash of a nonce held in that browser's httpOnly cookie; codes count their sends.
alter table login_sessions add column pending_handle text unique;
alter table login_sessions add column pending_nonce_hash text;
alter table device_codes add column sends integer not null default 1;
