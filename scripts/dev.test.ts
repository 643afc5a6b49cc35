// `bun dev` with no configuration at all: embedded Postgres and a private redis-server come up, the home page and
// readiness answer, and one Ctrl-C (SIGINT) stops every process it started.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
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

test("bun dev alone serves the app and Ctrl-C stops everything", async () => {
  const port = freePort();
  // Only what a fresh shell has: no DATABASE_URL, REDIS_URL, JWT_SECRET or NODE_ENV.
  const dev = Bun.spawn(["bun", "scripts/dev.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, PORT: String(port), TW_DATA_DIR: dataDir, LOG_LEVEL: "warn" },
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

    dev.kill("SIGINT");
    expect(await dev.exited).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(await portOpen(redisPort)).toBe(false);
    expect(await portOpen(services.pgPort!)).toBe(false);
  } finally {
    if (dev.exitCode === null) dev.kill("SIGKILL");
  }
}, 90_000);
