-- Web Push retry state per device: which subscriptions already took an event, so a retry of the delivery (after one
-- device failed) posts only to the devices that have not had it yet.
create table push_sent (
  event_id        bigint not null references signal_events(id) on delete cascade,
  subscription_id bigint not null references push_subscriptions(id) on delete cascade,
  sent_at         timestamptz not null default now(),
  primary key (event_id, subscription_id)
);
create index push_sent_subscription_idx on push_sent (subscription_id);
