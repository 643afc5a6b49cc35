// `bun scripts/migrate.ts`: applies the schema migrations and the app role's grants, then exits (Kubernetes' migrations
// Job, run before a rollout); the same migrateForApp every server and engine runs at start, without starting either.
import { createSql } from "@core/infra/db";
import { migrateForApp } from "@core/infra/migrate";

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.error("migrate: DATABASE_URL is required (and DATABASE_MIGRATE_URL, the owner's, to grant the app role)");
  process.exit(2);
}
const sql = createSql(DATABASE_URL, { max: 1 });
try {
  await migrateForApp({ DATABASE_URL, DATABASE_MIGRATE_URL: process.env.DATABASE_MIGRATE_URL || undefined }, sql, (m) => console.log(m));
  console.log("migrate: schema current");
} finally {
  await sql.end({ timeout: 2 });
}
