// Zero-config services for `bun dev`, `bun start`, tests and the admin CLI: an embedded PostgreSQL server and a
// private redis-server behind a generated password, used only when DATABASE_URL / REDIS_URL are not set.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { DATA_DIR } from "@core/infra/config";
import { EmbeddedPostgresError, startEmbeddedPostgres } from "./embedded-postgres";

export type Infra = {
  databaseUrl: string;
  redisUrl: string;
  embeddedDb: boolean;
  /** The embedded cluster's directory (TW_DATA_DIR/postgres, or where a root run had to put it); null when not embedded. */
  dbDir: string | null;
  embeddedRedis: boolean;
  stop: () => Promise<void>;
};

const STATE_FILE = join(DATA_DIR, "dev-services.json");
/** Beside the embedded database's password (`.data/postgres/password`). */
export const REDIS_PASSWORD_FILE = join(DATA_DIR, "redis", "password");

export class InfraError extends Error {}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function portOpen(port: number, host = "127.0.0.1", timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Services already started by a running `bun dev` (so the admin CLI can reach the same embedded database and Redis). */
export async function runningDevServices(): Promise<{ databaseUrl?: string; redisUrl?: string } | null> {
  if (!existsSync(STATE_FILE)) return null;
  try {
    const state = JSON.parse(readFileSync(STATE_FILE, "utf8")) as { databaseUrl?: string; redisUrl?: string; pgPort?: number };
    if (state.pgPort && (await portOpen(state.pgPort))) return state;
  } catch {}
  return null;
}

async function startDatabase(ephemeral: boolean) {
  const port = await freePort();
  try {
    const pg = await startEmbeddedPostgres(port, ephemeral ? undefined : join(DATA_DIR, "postgres"));
    return { ...pg, port };
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) throw new InfraError(err.message);
    throw err;
  }
}

/**
 * The private redis-server's password: generated once into `file` (readable by this user only), as the embedded
 * database's is, so local commands (the admin CLI) can reach it; a fresh one each time when there is no file (tests).
 * Without it any local account could queue jobs on the loopback port (issue 31, item 5).
 */
export function redisPassword(file: string | null): string {
  if (file && existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("hex");
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  return password;
}

export async function startPrivateRedis(passwordFile: string | null) {
  const which = Bun.which("redis-server");
  if (!which) {
    throw new InfraError(
      "redis-server is not installed: install it with `sudo apt-get install -y redis-server` (or `brew install redis`), or set REDIS_URL",
    );
  }
  const port = await freePort();
  const password = redisPassword(passwordFile);
  // The configuration goes in on stdin (`redis-server -`): a password on the command line is readable by every local
  // account in the process list.
  const proc = Bun.spawn([which, "-"], { stdin: "pipe", stdout: "ignore", stderr: "inherit" });
  proc.stdin.write(`port ${port}\nbind 127.0.0.1\nrequirepass ${password}\nsave ""\nappendonly no\n`);
  await proc.stdin.end();
  for (let i = 0; i < 100; i++) {
    if (await portOpen(port)) break;
    await Bun.sleep(50);
  }
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/**
 * Resolve Postgres and Redis: the configured URLs when set, otherwise embedded ones.
 * `ephemeral` keeps the embedded database in a temporary directory (tests); otherwise it lives under .data/postgres.
 * `share` records the embedded services in .data so other local commands (admin CLI) reuse them.
 */
export async function ensureInfra(
  env: Record<string, string | undefined>,
  opts: { ephemeral?: boolean; share?: boolean; reuseRunning?: boolean } = {},
): Promise<Infra> {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl = env.DATABASE_URL || "";
  let redisUrl = env.REDIS_URL || "";
  const running = opts.reuseRunning ? await runningDevServices() : null;
  if (!databaseUrl && running?.databaseUrl) databaseUrl = running.databaseUrl;
  if (!redisUrl && running?.redisUrl) redisUrl = running.redisUrl;
  const embeddedDb = !databaseUrl;
  const embeddedRedis = !redisUrl;
  let pgPort: number | undefined;
  let dbDir: string | null = null;
  if (embeddedDb) {
    const pg = await startDatabase(!!opts.ephemeral);
    databaseUrl = pg.url;
    dbDir = pg.location;
    pgPort = pg.port;
    stops.push(pg.stop);
  }
  if (embeddedRedis) {
    try {
      const redis = await startPrivateRedis(opts.ephemeral ? null : REDIS_PASSWORD_FILE);
      redisUrl = redis.url;
      stops.push(redis.stop);
    } catch (err) {
      for (const stop of stops.reverse()) await stop();
      throw err;
    }
  }
  if (opts.share && (embeddedDb || embeddedRedis)) {
    mkdirSync(DATA_DIR, { recursive: true });
    // Holds the embedded database's password (in its URL): readable by this user only.
    writeFileSync(STATE_FILE, JSON.stringify({ databaseUrl, redisUrl, pgPort }), { mode: 0o600 });
  }
  return {
    databaseUrl,
    redisUrl,
    embeddedDb,
    dbDir,
    embeddedRedis,
    stop: async () => {
      if (opts.share) rmSync(STATE_FILE, { force: true });
      for (const stop of stops.reverse()) await stop().catch(() => {});
    },
  };
}
