// bun test preload: every run gets its own fresh Postgres database and Redis key prefix, removed afterwards.
import { afterAll } from "bun:test";
import { createSql } from "@core/infra/db";
import { migrate } from "@core/infra/migrate";
import { createRunDatabase, dropRunResources } from "../scripts/app-process";

const runId = `tw_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// scripts/test.ts sets TEST_DB_MODE=embedded when it started a private throwaway PostgreSQL (already fresh).
const embedded = process.env.TEST_DB_MODE === "embedded";

process.env.NODE_ENV = "test";
// The test app mounts the development mailbox (loopback callers only), as `bun dev` does.
process.env.DEV_MAILBOX ??= "1";
process.env.LOG_LEVEL ??= "silent";
process.env.ANALYSIS_PHASE_SECONDS ??= "1";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
process.env.REDIS_PREFIX = `${runId}:`;
process.env.JWT_SECRET ??= "test-secret-test-secret-test-secret-0123456789";

if (!embedded) {
  process.env.DATABASE_URL = await createRunDatabase(adminUrl, runId);
} else if (!process.env.DATABASE_URL) {
  throw new Error("TEST_DB_MODE=embedded needs DATABASE_URL (run tests through `bun run test`)");
}

{
  const sql = createSql(process.env.DATABASE_URL!, { max: 1 });
  await migrate(sql);
  await sql.end();
}

afterAll(() => dropRunResources(runId, { adminUrl: embedded ? undefined : adminUrl, redisUrl: process.env.REDIS_URL! }));
