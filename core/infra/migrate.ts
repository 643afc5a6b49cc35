// Schema migrations: numbered SQL files in core/migrations, each applied once in its own transaction.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createSql, type Sql } from "./db";

const MIGRATIONS_DIR = join(import.meta.dir, "..", "migrations");
// Any constant works; it only has to be the same for every process so concurrent starts queue up.
const LOCK_ID = 727_001;

export async function migrate(sql: Sql, log: (msg: string) => void = () => {}): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    // Transaction-scoped lock: several servers and engines may start at once against one database.
    await tx`select pg_advisory_xact_lock(${LOCK_ID})`;
    // Looked up first: "create table if not exists" needs CREATE on the schema even when the table is there, which the
    // app role lacks, so a process running as that role against a current schema (Kubernetes: the Job migrated) would fail.
    const [{ present }] = await tx`select to_regclass('schema_migrations') is not null as present`;
    if (!present)
      await tx`create table schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`;
    const done = new Set((await tx`select version from schema_migrations`).map((r) => r.version as string));
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (done.has(version)) continue;
      await tx.unsafe(readFileSync(join(MIGRATIONS_DIR, file), "utf8"));
      await tx`insert into schema_migrations (version) values (${version})`;
      applied.push(version);
      log(`migration applied: ${version}`);
    }
  });
  return applied;
}

/**
 * What the application's role may do when it is not the owner: read and write every table, but on the signal ledger
 * only read and append. Not owning the ledger, it cannot switch its append-only guard off, so a rewrite needs the
 * owner's credentials, which the running app does not hold. Run by the owner after every migration.
 */
export async function grantAppRole(owner: Sql, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`DATABASE_URL's user must be a plain role name (got ${JSON.stringify(role)})`);
  const [{ schema }] = await owner<{ schema: string }[]>`select current_schema() as schema`;
  const r = owner(role);
  await owner`grant usage on schema ${owner(schema)} to ${r}`;
  await owner`grant select, insert, update, delete on all tables in schema ${owner(schema)} to ${r}`;
  await owner`grant usage, select on all sequences in schema ${owner(schema)} to ${r}`;
  await owner`revoke update, delete, truncate on signal_ledger from ${r}`;
}

/**
 * Migrations at start: under DATABASE_MIGRATE_URL (the owner) when it is set, then the app's role (DATABASE_URL's
 * user) gets its grants; otherwise over the app's own connection, as before.
 */
export async function migrateForApp(
  config: { DATABASE_URL: string; DATABASE_MIGRATE_URL?: string },
  appSql: Sql,
  log: (msg: string) => void = () => {},
): Promise<void> {
  if (!config.DATABASE_MIGRATE_URL) return void (await migrate(appSql, log));
  const owner = createSql(config.DATABASE_MIGRATE_URL, { max: 1 });
  try {
    await migrate(owner, log);
    await grantAppRole(owner, decodeURIComponent(new URL(config.DATABASE_URL).username));
  } finally {
    await owner.end({ timeout: 2 });
  }
}
