// Schema migrations: numbered SQL files in core/migrations, each applied once in its own transaction.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "./db";

const MIGRATIONS_DIR = join(import.meta.dir, "migrations");
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
    await tx`create table if not exists schema_migrations (
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
