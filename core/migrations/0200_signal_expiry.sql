-- Each signal expires after its own horizon: the engine's geometry chooses 24–96 h, and the tracker must walk that long.
alter table signals add column expiry_hours integer not null default 48 check (expiry_hours between 1 and 720);
