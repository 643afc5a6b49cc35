// Fault-test kit: real server and engine processes (on private Postgres/Redis, or a workspace of their own), extra
// engines, bounded requests, a socket client, loads and the books check; users and waiting come from test/helpers.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { maxDurationMs } from "@core/queues/analysis-queue";
import { createSql, type Sql } from "@core/infra/db";
import { migrate } from "@core/infra/migrate";
import { ROOT, createWorkspace, realServicesAvailable, startApp, type RunningApp, type Workspace } from "../../scripts/app-process";
import { reconcile, type Finding } from "../../scripts/reconcile";
import { call, insertUser, waitFor } from "../helpers";
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

/** A user with `credits` and a token the fault app (signed with its secret) accepts. */
export const createUser = (sql: Sql, credits: number) => insertUser(sql, JWT_SECRET, { credits, tag: "fault" });

export type Answer = { status: number; body: any; headers: Headers; ms: number };

/**
 * One HTTP call to a real process; a dropped connection, or no answer within `boundMs` (REQUEST_BOUND_MS unless set;
 * null: no bound, for tests of limits rather than of hangs), is status 0.
 */
export async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; boundMs?: number | null } = {},
): Promise<Answer> {
  const t0 = performance.now();
  const { boundMs = REQUEST_BOUND_MS, ...request } = opts;
  const signal = boundMs === null ? undefined : AbortSignal.timeout(boundMs);
  const remote = { handle: (r: Request) => fetch(new Request(base + path, r), { signal }) };
  try {
    return { ...(await call(remote, method, path, request)), ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, body: String(err), headers: new Headers(), ms: performance.now() - t0 };
  }
}

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

/** A fresh database and Redis prefix of the test file's own: the books check then sees only this file's analyses. */
export async function faultWorkspace(tag: string): Promise<{ ws: Workspace; sql: Sql }> {
  const ws = await createWorkspace(`faults_${tag}`, await realServicesAvailable());
  return { ws, sql: createSql(ws.databaseUrl, { max: 10 }) };
}

/** One more engine process on the app's environment (startApp starts one); its errors still reach the test output. */
export function spawnEngine(env: Record<string, string | undefined>): Bun.Subprocess {
  return Bun.spawn(["bun", "engine/src/main.ts"], { cwd: ROOT, env, stdout: "ignore", stderr: "inherit" });
}

/** SIGKILL: no shutdown handler runs, locks and jobs are left exactly as the process held them. */
export async function killHard(proc: Bun.Subprocess) {
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  await proc.exited;
}

/** The books after a fault: what `bun run admin -- reconcile` would report (held credits get the engine's time-out plus one sweep). */
export function booksFindings(sql: Sql, phaseSeconds: number): Promise<Finding[]> {
  return reconcile(sql, maxDurationMs({ ANALYSIS_PHASE_SECONDS: phaseSeconds }) + 30_000);
}

/** Every analysis of the workspace with its ledger rows, signals and reasoning counts: "ended exactly once" in one read. */
export async function analysisBooks(sql: Sql) {
  return sql<
    { id: number; user_id: number; status: string; credits_status: string; deductions: number; refunds: number; signals: number; phases: number }[]
  >`
    select r.id, r.user_id, r.status, r.credits_status,
           (select count(*)::int from credit_ledger l where l.reference_type = 'analysis_request' and l.reference_id = r.id and l.kind = 'DEDUCTION') as deductions,
           (select count(*)::int from credit_ledger l where l.reference_type = 'analysis_request' and l.reference_id = r.id and l.kind = 'REFUND') as refunds,
           (select count(*)::int from signals s where s.request_id = r.id) as signals,
           (select count(*)::int from analysis_reasoning a where a.request_id = r.id) as phases
    from analysis_requests r order by r.id`;
}

/** The shape every settled analysis must have: one debit, a refund exactly when released, a signal exactly when completed. */
export function settledOnce(a: Awaited<ReturnType<typeof analysisBooks>>[number]): boolean {
  if (a.status === "IN_PROGRESS" || a.credits_status === "HELD" || a.deductions !== 1) return false;
  if (a.refunds !== (a.credits_status === "RELEASED" ? 1 : 0)) return false;
  if (a.status === "COMPLETED") return a.signals === 1 && a.phases === 3;
  return a.status === "FAILED" && a.signals === 0 && a.credits_status === "RELEASED";
}
