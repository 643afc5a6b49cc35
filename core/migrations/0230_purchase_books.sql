-- Refund holds, money returned outside the app, disputes over running analyses and Stripe events that come early (issue 31).

-- A refund request takes its quoted credits out of the balance at once (REFUND_HOLD, negative); a refund Stripe refuses
-- gives them back (REFUND_HOLD, positive).
alter table credit_ledger drop constraint credit_ledger_kind_check;
alter table credit_ledger add constraint credit_ledger_kind_check
  check (kind in ('GRANT', 'PURCHASE', 'DEDUCTION', 'REFUND', 'ADJUSTMENT', 'REFUND_HOLD'));

-- Several partial refunds each remove their share now, so a purchase may have several purchase_refund rows; the
-- credit and the dispute's freeze stay once per purchase.
drop index credit_ledger_purchase_once;
create unique index credit_ledger_purchase_once on credit_ledger (reference_type, reference_id)
  where reference_type in ('purchase', 'purchase_dispute');
create index credit_ledger_purchase_rows on credit_ledger (reference_id)
  where reference_type like 'purchase%';

-- The facts each removal is owed by, kept apart from the ledger rows that carry it out, so reconcile can hold one to
-- the other: held_credits (the live request's hold), returned_cents (Stripe's amount_refunded), claimable_credits
-- (a dispute's credits to take from analyses running at the dispute as they release them) and unrecovered_credits
-- (credits owed that were already spent when they were owed).
alter table purchases
  add column held_credits        integer not null default 0 check (held_credits >= 0),
  add column returned_cents      integer not null default 0 check (returned_cents >= 0),
  add column claimable_credits   integer not null default 0 check (claimable_credits >= 0),
  add column unrecovered_credits integer not null default 0 check (unrecovered_credits >= 0);

-- Before this migration refund_cents of a refunded purchase was Stripe's amount_refunded, and a dispute froze what
-- the balance held and nothing more (what it could not freeze was spent as far as those books knew).
update purchases set returned_cents = coalesce(refund_cents, 0) where status = 'REFUNDED';
update purchases set unrecovered_credits = credits - frozen_credits where status = 'DISPUTED';

-- Analyses that were running when money went back outside a request (a dispute, a dashboard refund): the credit each
-- releases later goes to that purchase (while it still has claimable credits), once.
create table purchase_claims (
  request_id  bigint primary key references analysis_requests(id) on delete cascade,
  purchase_id bigint not null references purchases(id) on delete cascade,
  claimed_at  timestamptz
);
create index purchase_claims_purchase on purchase_claims (purchase_id);

-- charge.refunded and charge.dispute.created for a payment the books do not know as paid yet: kept, and applied in
-- the transaction that marks the purchase paid (Stripe promises no order).
create table stripe_early_events (
  event_id          text primary key,
  payment_intent_id text not null,
  type              text not null,
  object            jsonb not null,
  received_at       timestamptz not null default now(),
  applied_at        timestamptz
);
create index stripe_early_events_intent on stripe_early_events (payment_intent_id) where applied_at is null;

-- The books per purchase: cents paid and returned, credits granted and removed (every ledger row of the purchase).
create view purchase_books as
  select p.id, p.user_id, p.status, p.amount_cents as cents_paid, p.returned_cents as cents_returned,
         coalesce(sum(l.amount) filter (where l.reference_type = 'purchase'), 0)::int as credits_granted,
         coalesce(-sum(l.amount) filter (where l.reference_type <> 'purchase'), 0)::int as credits_removed
  from purchases p
  left join credit_ledger l on l.reference_id = p.id
    and l.reference_type in ('purchase', 'purchase_refund_hold', 'purchase_refund_release', 'purchase_refund',
                             'purchase_dispute', 'purchase_claim')
  group by p.id;
