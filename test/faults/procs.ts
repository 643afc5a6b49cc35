// Shared by the multi-process fault tests: a private workspace, extra engines, users with tokens, JSON calls and the books check.
import { createSql, type Sql } from "@core/db";
import { applyCreditChange } from "@core/credits";
import { maxDurationMs } from "@core/analysis-queue";
import { ROOT, createWorkspace, realServicesAvailable, type Workspace } from "../../scripts/app-process";
import { reconcile, type Finding } from "../../scripts/reconcile";
import { signAccessToken } from "../../server/src/lib/auth";
import { call, type JsonResponse } from "../helpers";

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

export type FaultUser = { id: number; email: string; token: string };

/** A user inserted directly with `credits` granted through the ledger, and an access token the servers accept. */
export async function insertUser(sql: Sql, jwtSecret: string, credits: number, tag = "fault", password = "Password1!"): Promise<FaultUser> {
  const email = `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.test`;
  // Cheap argon2 parameters: these users sign in only in the burst test, and there the limits matter, not the hash.
  const hash = await Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${email}, ${hash}, ${"Fault"}, ${"Tester"}) returning id`;
  if (credits) await sql.begin((tx) => applyCreditChange(tx, { userId: user.id, kind: "GRANT", amount: credits, note: "fault test" }));
  return { id: user.id, email, token: await signAccessToken(jwtSecret, { userId: user.id, sessionId: null }) };
}

export type Reply = JsonResponse;

/** A JSON request against a real process (the in-process helper, sent over the network); a connection error is status 0. */
export async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const remote = {
    handle: (r: Request) => {
      const u = new URL(r.url);
      return fetch(new Request(`${base}${u.pathname}${u.search}`, r));
    },
  };
  try {
    return await call(remote, method, path, opts);
  } catch (err) {
    return { status: 0, body: String(err), headers: new Headers() };
  }
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
