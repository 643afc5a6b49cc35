// A throwaway running app for browser tests and benchmarks: fresh database + Redis prefix, server and engine
// processes on free ports, removed again by stop().
import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import Redis from "ioredis";
import { createSql } from "@core/infra/db";
import { migrate } from "@core/infra/migrate";
import { ensureInfra, freePort, portOpen, type Infra } from "./infra";

export const ROOT = join(import.meta.dir, "..");
export const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REAL_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Real services when they answer on their standard ports (CI starts them); TEST_EMBEDDED=1 forces the embedded ones. */
export async function realServicesAvailable(): Promise<boolean> {
  return !process.env.TEST_EMBEDDED && (await portOpen(5432)) && (await portOpen(6379));
}

/** Creates database `runId` next to the admin database and returns its URL. */
export async function createRunDatabase(adminUrl: string, runId: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${runId}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${runId}`;
  return u.toString();
}

/** Removes what a run left behind: its Redis keys (prefix `runId:`) and, when given an admin URL, its database. */
export async function dropRunResources(runId: string, opts: { adminUrl?: string; redisUrl: string }) {
  const redis = new Redis(opts.redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${runId}:*`, "COUNT", 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
  await redis.quit();
  if (opts.adminUrl) {
    const admin = postgres(opts.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${runId} with (force)`);
    await admin.end();
  }
}

export type Workspace = {
  runId: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  drop: () => Promise<void>;
};

/** A fresh, migrated database and a Redis prefix of their own. */
export async function createWorkspace(tag: string, real: boolean): Promise<Workspace> {
  const runId = `tw_${tag}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  let infra: Infra | null = null;
  let databaseUrl: string;
  let redisUrl: string;
  if (real) {
    databaseUrl = await createRunDatabase(ADMIN_URL, runId);
    redisUrl = REAL_REDIS_URL;
  } else {
    infra = await ensureInfra({}, { ephemeral: true });
    databaseUrl = infra.databaseUrl;
    redisUrl = infra.redisUrl;
  }
  const sql = createSql(databaseUrl, { max: 1 });
  await migrate(sql);
  await sql.end();
  return {
    runId,
    databaseUrl,
    redisUrl,
    redisPrefix: `${runId}:`,
    drop: async () => {
      if (infra) return infra.stop();
      await dropRunResources(runId, { adminUrl: ADMIN_URL, redisUrl });
    },
  };
}

export type RunningApp = {
  baseUrls: string[];
  env: Record<string, string | undefined>;
  /** The server processes (in baseUrls order), then the engine: fault tests check none of them had to be restarted. */
  processes: Bun.Subprocess[];
  /** With `metrics`: each process's metrics listener (servers in baseUrls order, then the engine). */
  metricsUrls: string[];
  stop: () => Promise<void>;
};

/** Starts `servers` server processes (each on its own free port) and one engine against the workspace. */
export async function startApp(
  ws: Workspace,
  opts: {
    servers?: number;
    engine?: boolean;
    env?: Record<string, string>;
    quiet?: boolean;
    logFile?: string;
    metrics?: boolean;
    /** Flags for the server processes' `bun` (the benchmark's profile: `--cpu-prof-md`). */
    serverFlags?: string[];
  } = {},
): Promise<RunningApp> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "test",
    DEV_MAILBOX: "1",
    DATABASE_URL: ws.databaseUrl,
    REDIS_URL: ws.redisUrl,
    REDIS_PREFIX: ws.redisPrefix,
    ANALYSIS_PHASE_SECONDS: process.env.ANALYSIS_PHASE_SECONDS ?? "2",
    JWT_SECRET: "local-run-secret-local-run-secret-0123456789",
    LOG_LEVEL: "warn",
    // Browser tests post webhooks to a receiver on this machine; every other private range stays refused.
    WEBHOOK_ALLOW_LOOPBACK: "1",
    // No scheduled refit (minutes of CPU on the shared test machine) unless a test asks for one.
    MODEL_RETRAIN_DAYS: "0",
    ...opts.env,
  };
  // logFile: every process appends both streams to one file (fault tests print it only when they fail).
  const logFd = opts.logFile ? openSync(opts.logFile, "a") : null;
  const output = logFd ?? (opts.quiet ? "ignore" : "inherit");
  const errors = logFd ?? "inherit";
  const procs: Bun.Subprocess[] = [];
  const baseUrls: string[] = [];
  const metricsUrls: string[] = [];
  // Each process its own METRICS_PORT (on loopback, the default host).
  const metricsEnv = async (): Promise<Record<string, string>> => {
    if (!opts.metrics) return {};
    const port = await freePort();
    metricsUrls.push(`http://127.0.0.1:${port}/metrics`);
    return { METRICS_PORT: String(port) };
  };
  for (let i = 0; i < (opts.servers ?? 1); i++) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    baseUrls.push(url);
    procs.push(
      Bun.spawn(["bun", ...(opts.serverFlags ?? []), "server/src/main.ts"], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), PUBLIC_ORIGIN: url, ...(await metricsEnv()) },
        stdout: output,
        stderr: errors,
      }),
    );
  }
  if (opts.engine !== false) {
    procs.push(Bun.spawn(["bun", "engine/src/main.ts"], { cwd: ROOT, env: { ...env, ...(await metricsEnv()) }, stdout: output, stderr: errors }));
  }
  const stop = async () => {
    for (const p of procs) p.kill("SIGTERM");
    await Promise.race([Promise.all(procs.map((p) => p.exited)), Bun.sleep(5000)]);
    for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
    if (logFd !== null) closeSync(logFd);
  };
  try {
    for (let i = 0; i < baseUrls.length; i++) await waitReady(baseUrls[i], procs[i], 60);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrls, env: { ...env, PUBLIC_ORIGIN: baseUrls[0] }, processes: procs, metricsUrls, stop };
}

async function waitReady(url: string, proc: Bun.Subprocess, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    if (proc.exitCode !== null) throw new Error(`app exited early with code ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {}
    await Bun.sleep(250);
  }
  throw new Error(`app not ready at ${url} after ${seconds}s`);
}
