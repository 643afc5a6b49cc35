// Fault-test infrastructure: a private Postgres cluster and a private redis-server on free ports that a test may stop, restart and flush.
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Redis from "ioredis";
import { freePort, portOpen } from "../../scripts/infra";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
/** initdb and postgres refuse to run as root: as root, every cluster command runs as this user instead. */
const PG_USER = "postgres";
const asRoot = process.getuid?.() === 0;

function pgCommand(tool: string, args: string[]): string[] {
  const bin = join(PG_BIN, tool);
  return asRoot ? ["runuser", "-u", PG_USER, "--", bin, ...args] : [bin, ...args];
}

/**
 * Runs a cluster command to completion; throws with its output (and the server log) when it fails. Asynchronous on
 * purpose: a blocked event loop would hide from the test's own connections what the server told them meanwhile.
 */
async function runPg(tool: string, args: string[], logFile?: string) {
  const proc = Bun.spawn(pgCommand(tool, args), { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) {
    let log = "";
    try {
      if (logFile) log = readFileSync(logFile, "utf8").slice(-2000);
    } catch {}
    throw new Error(`${tool} ${args[0]} failed (${code}): ${err || out}\n${log}`);
  }
}

export type PrivatePostgres = {
  url: string;
  port: number;
  /** Starts the stopped cluster again on the same port and waits until it accepts connections. */
  start: () => Promise<void>;
  /** Fast shutdown (clients disconnected, open transactions rolled back); returns once the server is gone. */
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  isUp: () => Promise<boolean>;
  /** Stops the cluster (immediate mode) and removes its directory; safe to call twice. */
  destroy: () => void;
};

/** initdb into a fresh temp dir (trust auth, no fsync: the data is throwaway) and start it on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "tw-faults-pg-"));
  const data = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (asRoot) {
    const { uid, gid } = userIds(PG_USER);
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  await runPg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--no-instructions"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  let running = false;
  let destroyed = false;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      if (running) return;
      await runPg("pg_ctl", ["start", "-D", data, "-l", logFile, "-o", options, "-w", "-t", "30"], logFile);
      running = true;
      await waitUntil(() => portOpen(port), 15_000, `postgres on ${port}`);
    },
    async stop() {
      if (!running) return;
      await runPg("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"], logFile);
      running = false;
    },
    async restart() {
      await pg.stop();
      await pg.start();
    },
    isUp: () => portOpen(port),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (running) {
        // Immediate mode: nothing here needs a clean shutdown, only that no postmaster outlives the test.
        const [cmd, ...args] = pgCommand("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w", "-t", "20"]);
        spawnSync(cmd, args);
      }
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // A test process that dies before afterAll must not leave a postmaster behind.
  process.once("exit", () => pg.destroy());
  try {
    await pg.start();
  } catch (err) {
    pg.destroy();
    throw err;
  }
  return pg;
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`user ${name} not found (needed to run Postgres as root)`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

export type PrivateRedis = {
  url: string;
  port: number;
  start: () => Promise<void>;
  /** SIGTERM and wait: without persistence the next start() comes back empty, like a restarted cache. */
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  flushAll: () => Promise<void>;
  destroy: () => Promise<void>;
};

/** A redis-server with no persistence on a free port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const bin = Bun.which("redis-server");
  if (!bin) throw new Error("redis-server is not installed");
  const port = await freePort();
  let proc: Bun.Subprocess | null = null;
  const r: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (proc) return;
      proc = Bun.spawn([bin, "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdout: "ignore",
        stderr: "inherit",
      });
      await waitUntil(() => portOpen(port), 10_000, `redis on ${port}`);
    },
    async stop() {
      if (!proc) return;
      const p = proc;
      proc = null;
      p.kill("SIGTERM");
      await p.exited;
    },
    async restart() {
      await r.stop();
      await r.start();
    },
    async flushAll() {
      const client = new Redis(r.url, { maxRetriesPerRequest: 1 });
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
    async destroy() {
      await r.stop();
    },
  };
  process.once("exit", () => (proc as Bun.Subprocess | null)?.kill("SIGKILL"));
  await r.start();
  return r;
}

async function waitUntil(check: () => Promise<boolean>, maxMs: number, what: string) {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}
