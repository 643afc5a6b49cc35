// Fault-test harness: real server and engine processes on private Postgres/Redis, users with tokens, bounded requests, a socket client.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { maxDurationMs } from "@core/analysis-queue";
import { applyCreditChange } from "@core/credits";
import { createSql, type Sql } from "@core/db";
import { migrate } from "@core/migrate";
import { startApp, type RunningApp } from "../../scripts/app-process";
import { reconcile, type Finding } from "../../scripts/reconcile";
import { signAccessToken } from "../../server/src/lib/auth";
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from "./private-services";

export const PHASE_SECONDS = 2;
const JWT_SECRET = "fault-test-secret-fault-test-secret-0123";
/** No request may take longer than this, fault or not: an answer (even a 503) is the property, a hang is the bug. */
export const REQUEST_BOUND_MS = 8_000;

export type FaultEnv = {
  pg: PrivatePostgres;
  redis: PrivateRedis;
  app: RunningApp;
  /** The test's own connection to the private database (reconnects by itself after a restart). */
  sql: Sql;
  base: string;
  logFile: string;
  /** True when no server or engine process has exited since the start. */
  allRunning: () => boolean;
  close: () => Promise<void>;
};

/** Private services, a migrated database, then one server and one engine (2 s phases, warnings logged to a file). */
export async function startFaultEnv(tag: string): Promise<FaultEnv> {
  const dir = mkdtempSync(join(tmpdir(), `tw-faults-${tag}-`));
  const logFile = join(dir, "app.log");
  const pg = await startPrivatePostgres();
  let redis: PrivateRedis | null = null;
  let app: RunningApp | null = null;
  let sql: Sql | null = null;
  const close = async () => {
    await Promise.all([...runningLoads].map((stop) => stop()));
    await app?.stop().catch(() => {});
    await sql?.end({ timeout: 1 }).catch(() => {});
    await redis?.destroy().catch(() => {});
    pg.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    redis = await startPrivateRedis();
    sql = createSql(pg.url, { max: 4 });
    await migrate(sql);
    const ws = { runId: tag, databaseUrl: pg.url, redisUrl: redis.url, redisPrefix: `tw_${tag}:`, drop: async () => {} };
    app = await startApp(ws, {
      logFile,
      env: { ANALYSIS_PHASE_SECONDS: String(PHASE_SECONDS), JWT_SECRET, LOG_LEVEL: "warn", HOST: "127.0.0.1" },
    });
  } catch (err) {
    await close();
    throw err;
  }
  const running = app.processes;
  return {
    pg,
    redis,
    app,
    sql,
    base: app.baseUrls[0],
    logFile,
    allRunning: () => running.every((p) => p.exitCode === null),
    close,
  };
}

/** The last lines the server and engine wrote, for a failure message. */
export function logTail(env: FaultEnv, lines = 60): string {
  try {
    return readFileSync(env.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

let counter = 0;

/** A user inserted as test/helpers createUser does (credits through the ledger) with a session-less test token. */
export async function createUser(sql: Sql, credits: number) {
  const email = `fault.${Date.now().toString(36)}.${++counter}@example.test`;
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name) values (${email}, ${"x"}, ${"Fault"}, ${"Trader"}) returning id`;
  if (credits) await sql.begin((tx) => applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: credits, note: "fault test" }));
  const token = await signAccessToken(JWT_SECRET, { userId: user.id, sessionId: null });
  return { id: user.id, token };
}

export type Answer = { status: number; body: any; ms: number };

/** One HTTP call that must answer within REQUEST_BOUND_MS; a time-out or a dropped connection is status 0. */
export async function api(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const t0 = performance.now();
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, body: String(err), ms: performance.now() - t0 };
  }
}

/** Reconcile against the private database with the same slack as `bun run test` uses after the e2e run. */
/** Two analyses per user (BTC, ETH), started through the API; resolves with their ids once each is past phase 1. */
export async function analysesPastPhaseOne(env: Pick<FaultEnv, "base" | "sql">, users: { token: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const u of users) {
    for (const symbol of ["BTCUSDT", "ETHUSDT"]) {
      const res = await api(env.base, "POST", "/api/analysis/start", { token: u.token, body: { symbol } });
      if (res.status !== 200) throw new Error(`analysis start answered ${res.status}: ${JSON.stringify(res.body)}`);
      ids.push(res.body.request_id);
    }
  }
  await waitFor(
    async () => {
      const [{ n }] = await env.sql<{ n: number }[]>`
        select count(*)::int as n from analysis_requests where id in ${env.sql(ids)} and current_phase >= 2`;
      return n === ids.length;
    },
    20_000,
    "every analysis past phase 1",
  );
  return ids;
}

export function reconcileFindings(sql: Sql): Promise<Finding[]> {
  return reconcile(sql, maxDurationMs({ ANALYSIS_PHASE_SECONDS: PHASE_SECONDS }) + 30_000);
}

/** Requests still IN_PROGRESS among `ids`. */
export async function stillRunning(sql: Sql, ids: number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select id from analysis_requests where id in ${sql(ids)} and status = 'IN_PROGRESS'`;
  return rows.map((r) => r.id);
}

export type SocketMsg = { type: string; data?: any; detail?: string; at: number };

/** A /ws/market client that records every message with its arrival time; reconnects are not its job (the server's are). */
export async function socketClient(base: string) {
  const ws = new WebSocket(base.replace(/^http/, "ws") + "/ws/market");
  const messages: SocketMsg[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.onmessage = (ev) => messages.push({ ...(JSON.parse(String(ev.data)) as Omit<SocketMsg, "at">), at: Date.now() });
  ws.onclose = (ev) => (closed = { code: ev.code, reason: ev.reason });
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error("socket error"));
  });
  const send = (x: unknown) => ws.send(JSON.stringify(x));
  return { ws, messages, send, closed: () => closed };
}

/** Polls `read` until it gives a value; throws naming `what` after `maxMs`. */
export async function waitFor<T>(
  read: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  maxMs: number,
  what: string,
): Promise<T> {
  const until = Date.now() + maxMs;
  let lastError: unknown = null;
  while (Date.now() < until) {
    try {
      const v = await read();
      if (v !== null && v !== undefined && v !== false) return v;
    } catch (err) {
      // The test's own reads may hit the fault too; only the deadline decides.
      lastError = err;
    }
    await Bun.sleep(100);
  }
  throw new Error(`gave up waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
}

export type Sample = { at: number; path: string; status: number; body: any; ms: number };

/** Stops of the loads still running: a test that fails before stopping its load must not leave it polling. */
const runningLoads = new Set<() => Promise<void>>();

/** Every user polls every path (one request at a time each, `pauseMs` apart) until stop(); all answers are kept. */
export function startLoad(base: string, users: { token: string }[], paths: string[], pauseMs = 200) {
  const samples: Sample[] = [];
  let running = true;
  const loops = users.flatMap((u) =>
    paths.map(async (path) => {
      while (running) {
        const a = await api(base, "GET", path, { token: u.token });
        samples.push({ at: Date.now(), path, ...a });
        await Bun.sleep(pauseMs);
      }
    }),
  );
  const stop = async () => {
    running = false;
    runningLoads.delete(stop);
    await Promise.all(loops);
  };
  runningLoads.add(stop);
  return { samples, stop };
}

/**
 * Answers that break "the API keeps answering": none at all within the bound (status 0), a 500, or anything other than
 * 200 unless `may503` allows a 503 on that path, and then only as JSON with a `detail` to show.
 */
export function badAnswers(samples: Sample[], may503: (s: Sample) => boolean): string[] {
  return samples
    .filter((s) => !(s.status === 200 || (s.status === 503 && may503(s) && typeof s.body?.detail === "string" && s.body.detail.length > 0)))
    .map((s) => `${s.path} → ${s.status} after ${Math.round(s.ms)} ms: ${JSON.stringify(s.body).slice(0, 160)}`);
}
