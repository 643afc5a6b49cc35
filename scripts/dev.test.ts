// `bun dev` with no configuration at all (plus METRICS_PORT): embedded Postgres and a password-protected private
// redis-server come up, the home page, readiness and both metrics ports answer, and one Ctrl-C stops every process.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import Redis from "ioredis";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./app-process";

const dataDir = mkdtempSync(join(tmpdir(), "tw-dev-test-"));
// Run as root, the embedded PostgreSQL runs as another user, which must be able to enter the data directory.
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = s.port!;
  s.stop(true);
  return port;
}

const portOpen = (port: number) =>
  Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      data() {},
      open(s) {
        s.end();
      },
    },
  }).then(
    () => true,
    () => false,
  );

/** A free port whose next one is free too (the engine's metrics port), neither of them `avoid` (the app's port). */
function freePortPair(avoid: number): number {
  for (;;) {
    const port = freePort();
    if (port < 65535 && port !== avoid && port + 1 !== avoid && freeAt(port + 1)) return port;
  }
}
function freeAt(port: number): boolean {
  try {
    Bun.serve({ port, hostname: "127.0.0.1", fetch: () => new Response("") }).stop(true);
    return true;
  } catch {
    return false;
  }
}

test("bun dev alone serves the app and Ctrl-C stops everything", async () => {
  const port = freePort();
  const metricsPort = freePortPair(port);
  // Only what a fresh shell has (no DATABASE_URL, REDIS_URL, JWT_SECRET or NODE_ENV), plus METRICS_PORT.
  const dev = Bun.spawn(["bun", "scripts/dev.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      PORT: String(port),
      TW_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      METRICS_PORT: String(metricsPort),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    let ready: Response | null = null;
    for (let i = 0; i < 300 && !ready?.ok; i++) {
      await Bun.sleep(200);
      if (dev.exitCode !== null) throw new Error(`bun dev exited with ${dev.exitCode}: ${await new Response(dev.stderr).text()}`);
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    }
    expect(await ready!.json()).toMatchObject({ status: "ready", postgres: "ok", redis: "ok" });
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root"');
    const services = (await Bun.file(join(dataDir, "dev-services.json")).json()) as { redisUrl?: string; pgPort?: number };
    const redisPort = Number(new URL(services.redisUrl!).port);
    expect(await portOpen(redisPort)).toBe(true);
    expect(await portOpen(services.pgPort!)).toBe(true);
    await privateRedisNeedsItsPassword(services.redisUrl!, redisPort);
    await eachProcessServesItsOwnMetrics(metricsPort);

    dev.kill("SIGINT");
    expect(await dev.exited).toBe(0);
    // The start-up line names the cluster's real place (TW_DATA_DIR here), not a fixed ".data/postgres".
    const out = await new Response(dev.stdout).text();
    expect(out).toContain(`embedded PostgreSQL in ${join(dataDir, "postgres")}`);
    expect(await portOpen(port)).toBe(false);
    expect(await portOpen(redisPort)).toBe(false);
    expect(await portOpen(services.pgPort!)).toBe(false);
    expect(await portOpen(metricsPort)).toBe(false);
    expect(await portOpen(metricsPort + 1)).toBe(false);
  } finally {
    if (dev.exitCode === null) dev.kill("SIGKILL");
  }
}, 90_000);

/**
 * Issue 31, item 5: the private redis-server refuses a client without the password generated into the data dir
 * (readable by this user only), and the server and the engine both work with it (the engine's leader key is written).
 */
async function privateRedisNeedsItsPassword(redisUrl: string, redisPort: number) {
  const file = join(dataDir, "redis", "password");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(decodeURIComponent(new URL(redisUrl).password)).toBe(readFileSync(file, "utf8").trim());
  // Another local account's first command, in Redis's own wire protocol (no client library's handshake in between).
  expect(await rawCommand(redisPort, "SET tw:bull:webhooks:forged 1")).toStartWith("-NOAUTH");
  const owner = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < 100 && !(await owner.get("tw:market:leader")); i++) await Bun.sleep(200);
    expect(await owner.get("tw:market:leader")).toBeString();
  } finally {
    owner.disconnect();
  }
}

/** Issue 31, item 7: with METRICS_PORT set the server serves it and the engine METRICS_PORT+1, and the app stays up. */
async function eachProcessServesItsOwnMetrics(metricsPort: number) {
  const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  expect(await scrape(metricsPort)).toContain('role="server"');
  expect(await scrape(metricsPort + 1)).toContain('role="engine"');
}

/** One inline command on a fresh connection; answers Redis's first reply line. */
function rawCommand(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = "";
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(s) {
          s.write(`${command}\r\n`);
        },
        data(s, chunk) {
          reply += chunk.toString();
          if (reply.includes("\r\n")) {
            s.end();
            resolve(reply.split("\r\n")[0]);
          }
        },
        error(_s, err) {
          reject(err);
        },
      },
    }).catch(reject);
  });
}
