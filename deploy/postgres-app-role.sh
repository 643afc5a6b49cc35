#!/bin/sh
# Postgres first start (docker-entrypoint-initdb.d): the app's own login role, which owns nothing. Migrations run as the
# owner (DATABASE_MIGRATE_URL) and grant it table rights, but only SELECT and INSERT on the signal ledger, so the app
# cannot rewrite the ledger or switch its append-only guard off.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$POSTGRES_APP_PASSWORD" -v db="$POSTGRES_DB" <<'SQL'
create role tradewind_app login password :'app_password';
grant connect on database :"db" to tradewind_app;
SQL
