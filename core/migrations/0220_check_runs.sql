-- The operator's scheduled checks (admin reconcile, verify-ledger): the last run's result and when one last passed,
-- kept in Postgres (not Redis) so a Redis restart does not forget them; the engines export them as metrics.
create table check_runs (
  check_name      text primary key,
  last_run_at     timestamptz not null,
  result          text not null check (result in ('ok', 'findings', 'error')),
  findings        integer not null default 0,
  last_success_at timestamptz
);
