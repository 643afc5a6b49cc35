// `bun run test`: unit + API tests (bun test) and browser tests (Playwright in Debian's Chromium) against a running
// app, each on a fresh database and Redis prefix; ends with one line `N passed, N failed` over both runners.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureInfra, type Infra } from "./infra";
import { maxDurationMs } from "@core/queues/analysis-queue";
import { createSql } from "@core/infra/db";
import { verifyLedger } from "@core/ledger/ledger";
import { lintChecks } from "./lint";
import { reconcile } from "./reconcile";
import { ADMIN_URL, REAL_REDIS_URL, ROOT, createWorkspace, realServicesAvailable, startApp, type RunningApp } from "./app-process";
import { startStripeStandIn } from "./stripe-stand-in";
import type Stripe from "stripe";
import { loadConfig } from "@core/infra/config";
import { stripeFor } from "../server/src/modules/billing/stripe-client";

const args = process.argv.slice(2);
const only = args.includes("--unit") ? "unit" : args.includes("--e2e") ? "e2e" : "all";
const passthrough = args.filter((a) => a !== "--unit" && a !== "--e2e");

type Totals = { passed: number; failed: number; ok: boolean; label: string };
const results: Totals[] = [];

const realServices = await realServicesAvailable();
console.log(realServices ? "tests: using Postgres and Redis on 127.0.0.1" : "tests: Postgres/Redis not reachable, using embedded services");

async function embedded(): Promise<Infra> {
  return ensureInfra({}, { ephemeral: true });
}

async function runUnit(): Promise<Totals> {
  const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: "0" };
  let infra: Infra | null = null;
  if (realServices) {
    env.TEST_ADMIN_DATABASE_URL = ADMIN_URL;
    env.REDIS_URL = REAL_REDIS_URL;
  } else {
    infra = await embedded();
    env.TEST_DB_MODE = "embedded";
    env.DATABASE_URL = infra.databaseUrl;
    env.REDIS_URL = infra.redisUrl;
  }
  // Playwright specs live in web/e2e and are run by the second half; bun test gets the unit/API folders only.
  const paths = passthrough.length ? passthrough : ["./core", "./server", "./engine", "./web/src", "./scripts", "./test"];
  const proc = Bun.spawn(["bun", "test", "--timeout", "30000", ...paths], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  await infra?.stop();
  const passed = Number(output.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
  const failed = Number(output.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
  // A crash before the summary still counts as a failure.
  return { passed, failed: failed || (code !== 0 ? Math.max(1, failed) : 0), ok: code === 0, label: "bun test" };
}

async function runE2E(): Promise<Totals> {
  const ws = await createWorkspace("e2e", realServices);
  const report = join(ROOT, "test-results", "e2e.json");
  rmSync(report, { force: true });
  let code = 1;
  let app: RunningApp | null = null;
  let reconciled = false;
  // Checkout runs against the local Stripe stand-in; its webhooks reach the app once the app has a port.
  const stripeSecret = "whsec_e2e0123456789abcdef";
  const stripe = startStripeStandIn({ secret: stripeSecret });
  const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_e2e0123456789", STRIPE_WEBHOOK_SECRET: stripeSecret, STRIPE_API_BASE: stripe.base };
  try {
    // The browser tests play many traders from one machine: the app trusts loopback as a proxy so each test
    // account can arrive from its own X-Forwarded-For address and per-IP limits stay as in production.
    // The browser tests' seeded prices and dates are 2024's: they replay the earlier period (from 2024-02-15, as the
    // default did before 2025 was shipped), where some listed pairs have no candles and are greyed with the reason.
    app = await startApp(ws, { env: { TRUSTED_PROXY: "127.0.0.1,::1", REPLAY_START: "2024-02-15T00:00:00Z", ...stripeEnv } });
    stripe.state.webhookUrl = `${app.baseUrls[0]}/api/billing/stripe-webhook`;
    const pw = Bun.spawn(["bunx", "playwright", "test", ...passthrough], {
      cwd: ROOT,
      env: {
        ...app.env,
        E2E_BASE_URL: app.baseUrls[0],
        E2E_DATABASE_URL: ws.databaseUrl,
        E2E_REDIS_PREFIX: ws.redisPrefix,
        E2E_STRIPE_BASE: stripe.base,
      },
      stdout: "inherit",
      stderr: "inherit",
    });
    code = await pw.exited;
    reconciled = await reconcileRun(ws.databaseUrl, Number(app.env.ANALYSIS_PHASE_SECONDS ?? 2), stripeFor(loadConfig(app.env)));
  } catch (err) {
    console.error(`e2e: ${(err as Error).message}`);
  } finally {
    await app?.stop();
    stripe.stop();
    await ws.drop();
  }
  if (!existsSync(report)) return { passed: 0, failed: 1, ok: false, label: "playwright" };
  const stats = JSON.parse(readFileSync(report, "utf8")).stats as { expected: number; unexpected: number; flaky: number; skipped: number };
  // The books after the whole browser run: counted as one more test.
  return {
    passed: stats.expected + stats.flaky + (reconciled ? 1 : 0),
    failed: stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0) + (reconciled ? 0 : 1),
    ok: code === 0 && reconciled,
    label: "playwright + reconcile",
  };
}

/**
 * `bun run admin -- reconcile` and `verify-ledger` against the e2e database while its engine still runs: balances,
 * ledgers, settlements, and the signal ledger's chain over every signal the run issued (the engine's included).
 */
async function reconcileRun(databaseUrl: string, phaseSeconds: number, stripe: Stripe | null): Promise<boolean> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    // A little slack over the time-out: the engine's sweeper settles a stuck analysis within one sweep of it.
    const findings = await reconcile(sql, maxDurationMs({ ANALYSIS_PHASE_SECONDS: phaseSeconds }) + 30_000, { stripe });
    console.log(
      findings.length
        ? `reconcile: ${findings.length} problem(s)\n${findings.map((f) => `  ${f.kind}: ${f.detail}`).join("\n")}`
        : "reconcile: the books balance",
    );
    const ledger = await verifyLedger(sql);
    console.log(
      ledger.findings.length
        ? `verify-ledger: ${ledger.findings.length} problem(s)\n${ledger.findings.map((f) => `  ${f.kind}: ${f.detail}`).join("\n")}`
        : `verify-ledger: ${ledger.entries} entries, the chain recomputes`,
    );
    return findings.length === 0 && ledger.findings.length === 0;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** `bun run lint`: Biome (lint and format) and the import boundaries; each counts as one check. */
async function runLint(): Promise<Totals> {
  const checks = await lintChecks();
  const failed = checks.filter((c) => !c.ok).length;
  return { passed: checks.length - failed, failed, ok: failed === 0, label: "lint" };
}

/** The app and the k6 scripts must type-check (strict); each project counts as one check. */
async function runTypecheck(): Promise<Totals> {
  let passed = 0;
  let failed = 0;
  for (const project of ["tsconfig.json", "load-tests/tsconfig.json"]) {
    const proc = Bun.spawn(["bunx", "tsc", "--noEmit", "-p", project], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
    if ((await proc.exited) === 0) passed++;
    else failed++;
  }
  return { passed, failed, ok: failed === 0, label: "typecheck" };
}

// A run narrowed to some paths is for quick iteration; full runs also lint and type-check everything first.
if (only !== "e2e" && !passthrough.length) results.push(await runLint());
if (only !== "e2e" && !passthrough.length) results.push(await runTypecheck());
if (only !== "e2e") results.push(await runUnit());
if (only !== "unit") results.push(await runE2E());

for (const r of results) console.log(`${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
