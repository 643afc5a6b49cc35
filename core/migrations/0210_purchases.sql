-- Credit packs bought through Stripe Checkout: one row per Checkout Session; credits move only through the ledger.
create table purchases (
  id                bigserial primary key,
  user_id           bigint not null references users(id) on delete cascade,
  pack              text not null,
  amount_cents      integer not null check (amount_cents > 0),
  currency          text not null,
  credits           integer not null check (credits > 0),
  status            text not null default 'PENDING'
                    check (status in ('PENDING', 'PAID', 'FAILED', 'EXPIRED', 'REFUND_PENDING', 'REFUNDED', 'DISPUTED')),
  session_id        text not null unique,
  payment_intent_id text unique,
  charge_id         text unique,
  receipt_url       text,
  refund_id         text unique,
  refund_cents      integer check (refund_cents >= 0),
  refund_credits    integer check (refund_credits >= 0),
  frozen_credits    integer not null default 0 check (frozen_credits >= 0),
  created_at        timestamptz not null default now(),
  paid_at           timestamptz,
  refunded_at       timestamptz,
  disputed_at       timestamptz
);
create index purchases_user_idx on purchases (user_id, created_at desc);

-- Stripe event ids already applied: written in the same transaction as the event's effect, so a replay changes nothing.
create table stripe_events (
  id          text primary key,
  type        text not null,
  received_at timestamptz not null default now()
);

-- The trader's Stripe customer (saved cards, the customer portal).
create table billing_customers (
  user_id     bigint primary key references users(id) on delete cascade,
  customer_id text not null unique,
  created_at  timestamptz not null default now()
);

-- The database's own guard against a double fulfilment, refund or freeze of one purchase, whatever the event order.
create unique index credit_ledger_purchase_once on credit_ledger (reference_type, reference_id)
  where reference_type in ('purchase', 'purchase_refund', 'purchase_dispute');
