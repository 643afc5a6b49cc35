// The capacity plan's machinery: the counting relays count exactly what crosses them, the plan multiplies the measured
// figures out as docs/CAPACITY.md says, and the table in docs/CAPACITY.md is the one `bun run bench plan` prints from
// the measurements committed beside it.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import Redis from "ioredis";
import { ADMIN_URL, REAL_REDIS_URL, ROOT, realServicesAvailable } from "../../scripts/app-process";
import { ensureInfra } from "../../scripts/infra";
import { countingRelay } from "../../load-tests/harness/wire-count";
import { plan, planFromFile, type PlanInputs } from "../../load-tests/harness/plan";
import { descriptors } from "../../load-tests/harness/stats";
import { closeSync, openSync } from "node:fs";
import { TRADER_POLLING, requestsPerTraderPerSecond, targetPicker } from "../../load-tests/scenarios";

/** Postgres and Redis URLs: the machine's own (CI starts them), else embedded ones for this test. */
async function services() {
  if (await realServicesAvailable()) return { databaseUrl: ADMIN_URL, redisUrl: REAL_REDIS_URL, stop: async () => {} };
  const infra = await ensureInfra({}, { ephemeral: true });
  return { databaseUrl: infra.databaseUrl, redisUrl: infra.redisUrl, stop: () => infra.stop() };
}

test("the relays count Postgres statements (extended and simple protocol) and Redis commands, PUBLISH by channel", async () => {
  const s = await services();
  const pg = countingRelay(s.databaseUrl, "postgres");
  const rd = countingRelay(s.redisUrl, "redis", "tw_relay_test:");
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  const redis = new Redis(rd.url);
  try {
    // The connection's own start-up queries (postgres.js reads the types once) happen before the count starts.
    await sql`select 0`;
    const before = pg.counts();
    await sql`select 1`;
    await sql`select ${2}::int`;
    // A large answer crosses the relay intact (it does not fit one socket write).
    const [{ n }] = await sql<{ n: number }[]>`select length(repeat('x', 3000000)) as n, repeat('x', 3000000) as big`;
    expect(n).toBe(3_000_000);
    expect(pg.counts().total - before.total).toBe(3);
    await sql.unsafe("select 4");
    expect(pg.counts().total - before.total).toBe(4);
    await redis.set("tw_relay_test:k", "v");
    await redis.get("tw_relay_test:k");
    await redis.publish("tw_relay_test:analysis.42", "m");
    await redis.publish("tw_relay_test:analysis.43", "m");
    await redis.del("tw_relay_test:k");
    const c = rd.counts();
    expect(c.byName).toMatchObject({ SET: 1, GET: 1, PUBLISH: 2, DEL: 1 });
    expect(c.publishes).toEqual({ "analysis.*": 2 });
  } finally {
    await sql.end();
    redis.disconnect();
    pg.stop();
    rd.stop();
    await s.stop();
  }
});

const inputs: PlanInputs = {
  polling: { rps: 5000, ceiling_rps: 10000, users: 5000, errors: 0, p99_ms: 100 },
  fanout: { sockets: 20000, servers: 1, p99_ms: 50, delivered_ratio: 1, server_rss_mb: 250, server_rss_idle_mb: 100 },
  cost: {
    poll_statements: 0.01,
    poll_redis_commands: 1,
    first_load_statements: 7,
    first_load_redis_commands: 2,
    analysis_engine_cpu_s: 0.05,
    analysis_statements: 40,
    analysis_redis_commands: 60,
    analysis_user_publishes: 10,
    market_publishes_per_s: 0.2,
    idle_engine_cpu_ms_per_s: 10,
    idle_redis_commands_per_s: 5,
    idle_statements_per_s: 1,
    redis_bytes_per_online_trader: 5000,
    pg_bytes_per_analysis: 10000,
    pg_bytes_per_trader: 500,
  },
};

test("the plan: servers for the larger of polls and sockets plus one, engines from CPU, connections from both", () => {
  const r = plan(inputs, { registered: 1_000_000, online: 100_000, analysesPerDay: 10, peakFactor: 3 });
  // 100,000 × 0.98 req/s (the mix) at 60 % of 5,000 req/s: 33 for polls; 10,000 sockets each: 10; + 1.
  expect(Math.ceil((100_000 * requestsPerTraderPerSecond) / 3000)).toBe(33);
  expect(r.servers).toBe(34);
  // 347 analyses/s × 0.05 s + 0.01 = 17.4 cores at 60 %: 29, + 1.
  expect(r.engines).toBe(30);
  expect(r.pgConnections).toBe((34 + 30) * 10 + 20);
  // Redis: 98,200 commands for polls + 347 × 60 for analyses + (0.2 + 347 × 10) × 34 messages out: over its ceiling first.
  expect(r.limits[0].what).toStartWith("Redis operations");
  expect(r.limits.map((l) => l.use)).toEqual(r.limits.map((l) => l.use).toSorted((a, b) => b - a));
});

test("planFromFile says which lines are missing", () => {
  const file = join(ROOT, "test/ops/fixtures/k8s-violations/secret.yaml");
  expect(() => planFromFile(file, { registered: 1, online: 1, analysesPerDay: 1, peakFactor: 1 })).toThrow("lacks polling, fanout, cost lines");
});

test("docs/CAPACITY.md holds the table `bun run bench plan` prints from the committed measurements", () => {
  const doc = readFileSync(join(ROOT, "docs/CAPACITY.md"), "utf8");
  const file = /`bun run bench plan (load-tests\/results\/[\w.-]+\.jsonl)`/.exec(doc)?.[1];
  expect(file).toBeDefined();
  const report = planFromFile(join(ROOT, file!), { registered: 1_000_000, online: 100_000, analysesPerDay: 10, peakFactor: 3 });
  // Table rows compared cell by cell (the formatter pads the columns); the separator row is the formatter's own.
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim())
      .join(" | ");
  const tableRows = (lines: string[]) => lines.filter((l) => l.startsWith("|") && !/^\|[\s|-]+\|$/.test(l)).map(cells);
  expect(tableRows(doc.split("\n"))).toEqual(tableRows(report.lines));
  for (const line of report.lines.filter((l) => /^\d\. /.test(l))) expect(doc).toContain(line);
});

test("a saturation run draws each polled path in proportion to how often a tab polls it", () => {
  const pick = targetPicker(TRADER_POLLING);
  const draws = 100_000;
  const counts = new Map<string, number>();
  // Evenly spaced draws over [0, 1): each path's share is then exact to one draw either side.
  for (let i = 0; i < draws; i++) {
    const name = pick(i / draws).name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const target of TRADER_POLLING) {
    const expected = (draws * (1 / target.everySeconds)) / requestsPerTraderPerSecond;
    expect(Math.abs((counts.get(target.name) ?? 0) - expected)).toBeLessThanOrEqual(1);
  }
  expect(pick(0.999_999_9)).toBe(TRADER_POLLING[TRADER_POLLING.length - 1]);
});

test("a process's descriptors are counted against its limit, one more for each file it opens", () => {
  const before = descriptors(process.pid);
  expect(before.limit).toBeGreaterThan(0);
  const fd = openSync(join(ROOT, "package.json"), "r");
  try {
    expect(descriptors(process.pid).open).toBe(before.open + 1);
  } finally {
    closeSync(fd);
  }
  expect(descriptors(process.pid).open).toBe(before.open);
});
