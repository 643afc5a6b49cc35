// `bun run bench -- <scenario> --json` (load-tests/harness) at a tiny size, so the harness cannot silently break: each
// scenario prints exactly one JSON line of its documented shape, with no errors (speed is never asserted).
import { expect, test } from "bun:test";
import { join } from "node:path";

const RUN = join(import.meta.dir, "..", "load-tests", "harness", "run.ts");

/** Runs one scenario as `bun run bench` does and returns its stdout lines. */
async function bench(args: string[]): Promise<string[]> {
  const proc = Bun.spawn(["bun", RUN, ...args, "--json"], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  return out.trim().split("\n");
}

const number = expect.any(Number);

test("polling: one line with users, closed-loop throughputs and open-loop latencies", async () => {
  const lines = await bench(["polling", "--users", "5", "--seconds", "4", "--saturate-seconds", "1", "--concurrency", "8"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(Object.keys(json)).toEqual(["scenario", "users", "servers", "proxy", "rps", "ceiling_rps", "ratio", "p50_ms", "p95_ms", "p99_ms", "errors"]);
  expect(json).toEqual({
    scenario: "polling",
    users: 5,
    servers: 1,
    proxy: null,
    rps: number,
    ceiling_rps: number,
    ratio: number,
    p50_ms: number,
    p95_ms: number,
    p99_ms: number,
    errors: 0,
  });
  expect(json.rps).toBeGreaterThan(0);
}, 60_000);

test("polling --cold: every tab's first loads answered, the later polls timed, the health check passed throughout", async () => {
  const lines = await bench(["polling", "--cold", "--users", "4", "--seconds", "6"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(json).toEqual({
    scenario: "polling_cold",
    users: 4,
    servers: 1,
    proxy: null,
    first_load_p99_ms: number,
    last_first_load_ms: number,
    errors: 0,
    first_load_errors: 0,
    errors_by_kind: {},
    poll_p99_ms: number,
    poll_max_ms: number,
    health_failures: 0,
    health_max_ms: number,
    rps: number,
    seconds: number,
    server_cpu_s: number,
    proxy_cpu_s: null,
    clients_cpu_s: number,
    client_connections: number,
  });
  // Each health probe and each later poll was really made: the figures come from samples, not from an empty list.
  expect(json.health_max_ms).toBeGreaterThan(0);
  expect(json.poll_max_ms).toBeGreaterThan(0);
  // The server's CPU over the run comes from /proc, so it is there and above nothing; the load generator's likewise.
  expect(json.server_cpu_s).toBeGreaterThan(0);
  expect(json.clients_cpu_s).toBeGreaterThan(0);
  // The tabs keep their connections: the polls after the first loads go over the connections those opened.
  expect(json.client_connections).toBeGreaterThan(0);
  expect(json.client_connections).toBeLessThanOrEqual(4 * 14);
  expect(json.rps * json.seconds).toBeGreaterThan(json.client_connections);
}, 90_000);

// Through Debian's Caddy on deploy/Caddyfile, as deployed (load-tests/harness/proxy.ts): both polling scenarios over two
// server processes. Caddy is on this machine kind (apt); a machine without it fails here rather than skipping.
test("polling --proxy caddy: the steady mix and the cold start through the real proxy over two servers, no errors", async () => {
  const [steady] = await bench([
    "polling",
    "--users",
    "6",
    "--seconds",
    "3",
    "--saturate-seconds",
    "1",
    "--concurrency",
    "8",
    "--servers",
    "2",
    "--proxy",
    "caddy",
  ]);
  expect(JSON.parse(steady)).toMatchObject({ scenario: "polling", users: 6, servers: 2, proxy: "caddy", errors: 0 });
  expect(JSON.parse(steady).rps).toBeGreaterThan(0);
  const [cold] = await bench(["polling", "--cold", "--users", "6", "--seconds", "4", "--servers", "2", "--proxy", "caddy"]);
  expect(JSON.parse(cold)).toMatchObject({
    scenario: "polling_cold",
    users: 6,
    servers: 2,
    proxy: "caddy",
    errors: 0,
    first_load_errors: 0,
    health_failures: 0,
  });
  // Caddy's own CPU over the run, beside the servers'.
  expect(JSON.parse(cold).proxy_cpu_s).toBeGreaterThan(0);
}, 120_000);

test("--proxy takes only caddy", () => {
  const run = Bun.spawnSync(["bun", RUN, "polling", "--proxy", "nginx", "--json"], { stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).not.toBe(0);
  expect(run.stderr.toString()).toContain("--proxy takes caddy");
});

test("fanout: one line with every update delivered to every socket", async () => {
  const lines = await bench(["fanout", "--sockets", "20", "--updates", "3", "--batch", "7"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(Object.keys(json)).toEqual([
    "scenario",
    "sockets",
    "servers",
    "delivered_ratio",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "server_rss_mb",
    "server_rss_idle_mb",
  ]);
  expect(json).toEqual({
    scenario: "fanout",
    sockets: 20,
    servers: 2,
    delivered_ratio: 1,
    p50_ms: number,
    p95_ms: number,
    p99_ms: number,
    server_rss_mb: number,
    server_rss_idle_mb: number,
  });
  expect(json.server_rss_mb).toBeGreaterThan(0);
  expect(json.server_rss_idle_mb).toBeGreaterThan(0);
}, 60_000);

test("fanout-floor: the same clients against the bare relay, in one run after the app", async () => {
  const lines = await bench(["fanout,fanout-floor", "--sockets", "12", "--updates", "2", "--servers", "1"]);
  expect(lines.map((l) => JSON.parse(l).scenario)).toEqual(["fanout", "fanout_floor"]);
  const floor = JSON.parse(lines[1]);
  expect(floor).toMatchObject({ sockets: 12, servers: 1, delivered_ratio: 1 });
  expect(floor.p99_ms).toBeGreaterThanOrEqual(0);
}, 60_000);

test("analysis: one line with every analysis completed, phase lateness measured and the books clean", async () => {
  const lines = await bench(["analysis", "--in-flight", "5"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(Object.keys(json)).toEqual(["scenario", "in_flight", "completed", "phase_start_late_p99_ms", "errors"]);
  expect(json).toEqual({ scenario: "analysis", in_flight: 5, completed: 5, phase_start_late_p99_ms: number, errors: 0 });
}, 60_000);

test("engine: one line with the scoring time of one analysis and the backtest's size and time", async () => {
  const lines = await bench(["engine", "--pairs", "3", "--samples", "5", "--days", "3"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(json).toEqual({
    scenario: "engine",
    pairs: 3,
    score_p50_ms: number,
    score_p99_ms: number,
    backtest_evaluations: number,
    backtest_seconds: number,
  });
  expect(json.backtest_evaluations).toBeGreaterThan(0);
}, 120_000);

test("cost: one line with statements and Redis commands per poll and per analysis, counted on the wire", async () => {
  const lines = await bench(["cost", "--users", "6", "--seconds", "3", "--analyses", "2", "--idle-seconds", "2"]);
  expect(lines).toHaveLength(1);
  const json = JSON.parse(lines[0]);
  expect(json).toMatchObject({ scenario: "cost", users: 6, analyses: 2, completed: 2 });
  // A dashboard's first load reads Postgres (its lists) and an analysis writes it: both counted, never nothing.
  expect(json.first_load_statements).toBeGreaterThan(1);
  expect(json.analysis_statements).toBeGreaterThan(1);
  expect(json.analysis_redis_commands).toBeGreaterThan(1);
  expect(json.polls).toBeGreaterThan(0);
}, 180_000);
