// Backups as docs/OPERATIONS.md runs them: pg_dump of a database with the app's schema and rows, pg_restore into a fresh one, and the books still check out.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyCreditChange } from "@core/ledger/credits";
import { createSql, type Sql } from "@core/infra/db";
import { verifyLedger } from "@core/ledger/ledger";
import { migrate } from "@core/infra/migrate";
import { ADMIN_URL, createRunDatabase } from "../../scripts/app-process";
import { reconcile } from "../../scripts/reconcile";

const runId = `tw_backup_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const dir = mkdtempSync(join(tmpdir(), "tw-backup-"));
const dumpFile = join(dir, "tradewind.dump");
let sourceUrl: string;
let targetUrl: string;
let source: Sql;
let target: Sql;

/** Runs a Postgres client tool (pg_dump, pg_restore) and fails the test with its stderr when it fails. */
function run(tool: string, args: string[]) {
  const path = Bun.which(tool);
  expect(`${tool} on PATH: ${path !== null}`).toBe(`${tool} on PATH: true`);
  const proc = Bun.spawnSync([path!, ...args]);
  expect(`${tool} exit ${proc.exitCode} ${proc.stderr.toString()}`).toBe(`${tool} exit 0 `);
}

beforeAll(async () => {
  sourceUrl = await createRunDatabase(ADMIN_URL, `${runId}_src`);
  targetUrl = await createRunDatabase(ADMIN_URL, `${runId}_dst`);
  source = createSql(sourceUrl, { max: 2 });
  target = createSql(targetUrl, { max: 2 });
  await migrate(source);
  // A trader with a grant, a started analysis (credit deducted) and its LONG signal (which writes the signal ledger).
  const [user] = await source<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name) values ('backup@example.test', 'x', 'Backup', 'Trader') returning id`;
  await source.begin((tx) => applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: 5, note: "backup test" }));
  const [req] = await source<{ id: number }[]>`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
    values (${user.id}, 'BTCUSDT', 'COMPLETED', 3, 100, 'USED', 1700000000000) returning id`;
  await source.begin((tx) =>
    applyCreditChange(tx, { userId: user.id, kind: "DEDUCTION", amount: -1, referenceType: "analysis_request", referenceId: req.id }),
  );
  await source`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe, reasoning,
                         no_trade, is_active, market_time_ms, outcome)
    values (${user.id}, ${req.id}, 'BTCUSDT', 'LONG', 0.6, 100, 104, 98, 2, '1h', 'backup test', false, true, 1700000000000, 'OPEN')`;
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([source?.end({ timeout: 1 }), target?.end({ timeout: 1 })]);
  const admin = createSql(ADMIN_URL, { max: 1 });
  for (const db of [`${runId}_src`, `${runId}_dst`]) await admin.unsafe(`drop database if exists ${db} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

const TABLES = ["users", "credit_ledger", "analysis_requests", "signals", "signal_ledger", "schema_migrations"];

async function snapshot(sql: Sql) {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const exists = await sql`select to_regclass(${table}) is not null as ok`;
    if (!exists[0].ok) continue;
    out[table] = (
      await sql.unsafe(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from ${table} t`)
    )[0];
  }
  return out;
}

test("pg_dump -Fc, pg_restore into a fresh database: the same rows, the ledger verifies, the books reconcile", async () => {
  run("pg_dump", ["--format=custom", "--file", dumpFile, sourceUrl]);
  run("pg_restore", ["--exit-on-error", "--dbname", targetUrl, dumpFile]);
  const [before, after] = [await snapshot(source), await snapshot(target)];
  expect(Object.keys(after)).toContain("signal_ledger");
  expect(after).toEqual(before);
  expect((after.signal_ledger as { n: number }).n).toBeGreaterThan(0);
  const [user] = await target`select credits from users where email = 'backup@example.test'`;
  expect(user.credits).toBe(4);
  expect((await verifyLedger(target)).findings).toEqual([]);
  expect(await reconcile(target, 10 * 60_000)).toEqual([]);
  // The restored database is current: migrating it again changes nothing.
  await migrate(target);
  expect(await snapshot(target)).toEqual(before);
}, 60_000);
