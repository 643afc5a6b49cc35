-- Tamper-evident signal ledger: every signal, NO_TRADE included, is committed when its transaction commits, as a hash
-- chain entry_hash = sha256(prev_hash || sha256(canonical)); core/ledger-chain.ts rebuilds the same canonical text and
-- hashes to verify the chain, the stored signals against it, and a signal's inclusion in its UTC day's root.
create table signal_ledger (
  seq        bigserial primary key,
  -- No foreign key on purpose: a cascade would make a deleted signal's commitment vanish with it, and RESTRICT would
  -- forbid the delete instead of recording it. The entry outlives its signal, so verification reports the delete.
  signal_id  bigint not null unique,
  -- Private: the salt of the canonical's user commitment, never served. Unsalted, the small sequential user ids could
  -- be hashed by anyone and every published entry tied to its buyer (or to the buyer's other signals).
  user_salt  text not null,
  canonical  text not null,
  -- Unique: two entries on one predecessor would be a fork. The advisory lock below keeps that from happening; this
  -- turns any path around it (say a REPEATABLE READ snapshot that missed the newest entry) into an error, not a fork.
  prev_hash  text not null unique,
  entry_hash text not null,
  -- Commit time (clock_timestamp() under the lock), so it rises with seq; days and their roots are read from it.
  created_at timestamptz not null
);
create index signal_ledger_created_idx on signal_ledger (created_at);

-- JSON scalars of the canonical text: NULL reads null, numerics in their shortest exact form (1.500 → 1.5).
create function signal_ledger_str(v text) returns text language sql immutable as $$ select coalesce(to_json(v)::text, 'null') $$;
create function signal_ledger_num(v numeric) returns text language sql immutable as $$ select coalesce(to_json(trim_scale(v))::text, 'null') $$;
create function signal_ledger_sha(v text) returns text language sql immutable as $$ select encode(sha256(convert_to(v, 'UTF8')), 'hex') $$;

-- The committed text of a signal: only what is fixed at issue (not outcome, is_active or status, which the tracker
-- updates later), the buyer as a salted hash, long texts (reasoning, context) as digests. Field order is part of the format.
create function signal_ledger_canonical(s signals, user_salt text) returns text language sql stable as $$
  select '{"v":1'
    || ',"signal_id":' || s.id
    || ',"request_id":' || s.request_id
    || ',"user":' || signal_ledger_str(signal_ledger_sha('user:' || s.user_id || ':' || user_salt))
    || ',"symbol":' || signal_ledger_str(s.symbol)
    || ',"type":' || signal_ledger_str(s.type)
    || ',"confidence":' || signal_ledger_num(s.confidence)
    || ',"entry_price":' || signal_ledger_num(s.entry_price)
    || ',"take_profit":' || signal_ledger_num(s.take_profit)
    || ',"stop_loss":' || signal_ledger_num(s.stop_loss)
    || ',"rr_ratio":' || signal_ledger_num(s.rr_ratio)
    || ',"cost_per_side":' || signal_ledger_num(s.cost_per_side)
    || ',"timeframe":' || signal_ledger_str(s.timeframe)
    || ',"entry_timing":' || signal_ledger_str(s.entry_timing)
    || ',"no_trade_reason":' || signal_ledger_str(s.no_trade_reason)
    || ',"market_time_ms":' || s.market_time_ms
    || ',"created_at":' || signal_ledger_str(to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
    || ',"reasoning_sha256":' || signal_ledger_str(signal_ledger_sha(s.reasoning))
    || ',"context_sha256":' || signal_ledger_str(signal_ledger_sha(s.context::text))
    || '}'
$$;

-- Hex strings throughout, so a browser recomputes a link from the proof with one SHA-256 over two hex strings.
create function signal_ledger_leaf(canonical text) returns text language sql immutable as $$ select signal_ledger_sha(canonical) $$;
create function signal_ledger_link(prev_hash text, leaf_hash text) returns text language sql immutable as $$
  select signal_ledger_sha(prev_hash || leaf_hash)
$$;

-- Appends one signal. The transaction-scoped lock serialises every appender (two engines, the backfill): the next
-- one waits until this commit is visible, and its own statements take a fresh snapshot (READ COMMITTED), so each
-- entry chains onto the newest one.
create function signal_ledger_commit(sid bigint) returns void language plpgsql as $$
declare
  s signals;
  salt text := gen_random_uuid()::text;
  prev text;
  canon text;
begin
  perform pg_advisory_xact_lock(727080);
  -- Read now rather than taking the trigger's NEW: the row as it stands at commit, changes made after its insert included.
  select * into s from signals where id = sid;
  if not found then
    return;  -- inserted and deleted in the same transaction: it was never issued
  end if;
  select entry_hash into prev from signal_ledger order by seq desc limit 1;
  prev := coalesce(prev, repeat('0', 64));
  canon := signal_ledger_canonical(s, salt);
  insert into signal_ledger (signal_id, user_salt, canonical, prev_hash, entry_hash, created_at)
  values (s.id, salt, canon, prev, signal_ledger_link(prev, signal_ledger_leaf(canon)), clock_timestamp());
end $$;

create function signal_ledger_on_signal() returns trigger language plpgsql as $$
begin
  perform signal_ledger_commit(new.id);
  return null;
end $$;

-- Deferred to commit: "issued" is when the signal becomes visible, and the ledger lock is taken last and held only
-- through the commit, so it never waits inside a settlement that still holds request or credit row locks.
create constraint trigger signal_ledger_on_insert after insert on signals
  deferrable initially deferred for each row execute function signal_ledger_on_signal();

-- Append-only for the application: rewriting history takes an owner disabling this trigger first, and even then
-- verification finds it (the chain no longer recomputes).
create function signal_ledger_refuse() returns trigger language plpgsql as $$
begin
  raise exception 'signal_ledger is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;
create trigger signal_ledger_append_only before update or delete on signal_ledger for each row execute function signal_ledger_refuse();
create trigger signal_ledger_no_truncate before truncate on signal_ledger for each statement execute function signal_ledger_refuse();

-- Signals issued before the ledger existed, chained in id order. Their entries carry the migration's time: the
-- ledger can only vouch for when it committed them, not for when they were issued.
do $$
declare
  r record;
begin
  for r in select id from signals order by id loop
    perform signal_ledger_commit(r.id);
  end loop;
end $$;
