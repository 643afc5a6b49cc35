// Crash safety: the engine process is killed with SIGKILL during phase 2 and restarted; the analysis settles once.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { call, closeTestDeps, createUser, testApp, testDeps, waitFor } from "../../../test/helpers";

const ROOT = join(import.meta.dir, "..", "..", "..");
const deps = testDeps();
const app = testApp();
const spawned: Subprocess[] = [];

function startEngine() {
  const proc = Bun.spawn(["bun", "engine/src/main.ts"], {
    cwd: ROOT,
    // Same database and Redis prefix as this run; a longer phase widens the window to kill it in.
    env: { ...process.env, ANALYSIS_PHASE_SECONDS: "2", LOG_LEVEL: "silent" },
    stdout: "ignore",
    stderr: "ignore",
  });
  spawned.push(proc);
  return proc;
}

afterAll(async () => {
  for (const p of spawned) if (p.exitCode === null && !p.killed) p.kill(9);
  await Promise.all(spawned.map((p) => p.exited));
  await closeTestDeps();
});

test(
  "kill -9 during phase 2, restart: the analysis settles (never stays IN_PROGRESS) and is charged at most once",
  async () => {
    const u = await createUser({ credits: 1 });
    const first = startEngine();
    const res = await call(app, "POST", "/api/analysis/start", { token: u.token, body: { symbol: "BTCUSDT" } });
    expect(res.status).toBe(200);
    const id = res.body.request_id as number;

    await waitFor(
      async () => {
        const [r] = await deps.sql`select current_phase from analysis_requests where id = ${id}`;
        return r.current_phase === 2 ? true : null;
      },
      60_000,
      "phase 2",
    );
    first.kill(9);
    await first.exited;
    const [mid] = await deps.sql`select status, credits_status from analysis_requests where id = ${id}`;
    expect(mid).toEqual({ status: "IN_PROGRESS", credits_status: "HELD" });

    startEngine();
    const row = await waitFor(
      async () => {
        const [r] = await deps.sql`select status, credits_status, final_signal_id from analysis_requests where id = ${id}`;
        return r.status === "IN_PROGRESS" ? null : r;
      },
      90_000,
      "settlement",
    );
    expect(["COMPLETED", "FAILED"]).toContain(row.status);

    const ledger = [
      ...(await deps.sql<{ kind: string; amount: number }[]>`
      select kind, amount from credit_ledger where user_id = ${u.id} and reference_id = ${id} order by id`),
    ];
    const [{ credits }] = await deps.sql`select credits from users where id = ${u.id}`;
    const [{ n: signals }] = await deps.sql`select count(*)::int as n from signals where request_id = ${id}`;
    const [{ n: phases }] = await deps.sql`select count(*)::int as n from analysis_reasoning where request_id = ${id}`;
    if (row.credits_status === "RELEASED") {
      expect(ledger).toEqual([
        { kind: "DEDUCTION", amount: -1 },
        { kind: "REFUND", amount: 1 },
      ]);
      expect(credits).toBe(1);
    } else {
      expect(row.credits_status).toBe("USED");
      expect(ledger).toEqual([{ kind: "DEDUCTION", amount: -1 }]);
      expect(credits).toBe(0);
    }
    if (row.status === "COMPLETED") {
      expect(signals).toBe(1);
      expect(phases).toBe(3);
    }
  },
  { timeout: 180_000 },
);
