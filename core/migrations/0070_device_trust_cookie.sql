-- Device trust moves from the client-chosen device id (readable by scripts, listed by the sessions API) to a
-- server-issued secret in an httpOnly cookie, stored here only as its hash and expiring. Old rows hold no secret,
-- so they cannot be honoured: every browser proves its owner's mailbox once more.
delete from verified_devices;
alter table verified_devices drop constraint verified_devices_pkey;
alter table verified_devices
  add column trust_hash text not null,
  add column expires_at timestamptz not null;
alter table verified_devices add primary key (user_id, trust_hash);
create index verified_devices_expiry_idx on verified_devices (expires_at);
