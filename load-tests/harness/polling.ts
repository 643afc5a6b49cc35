// Local polling benchmark (the k6 polling-api scenario, runnable here). Two measurements against one server process:
// - open loop: `users` seeded traders poll the spec's mix at its intervals (client processes, latency from each
//   request's due time), the latency a trader sees at that load;
// - closed loop: saturation throughput of the same mix and of the trivial /api/health in the same run; their ratio
//   says how much work the mix costs beyond the bare HTTP path. The mix runs in steady state: each trader's lists are
//   loaded once first (untimed), then revalidated with their tags as the web client does; the open loop likewise
//   starts from tabs already open. `--cold` measures both from cold: every trader's lists loaded within the run.
import { BASELINE, TRADER_POLLING, requestsPerTraderPerSecond, type PollTarget } from "../scenarios";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import type { HttpResult } from "./client-worker";
import { runClients, shares, split } from "./clients";
import { seedTraders } from "./seed";
import { startCaddy, type RunningProxy } from "./proxy";
import { cpuMs, merge, percentiles, round, type Report } from "./stats";

export type PollingOptions = {
  users: number;
  signalsPerUser: number;
  /** Closed-loop clients in all (split over the worker processes). */
  concurrency: number;
  /** Length of the open-loop run. */
  seconds: number;
  /** Length of each closed-loop run. */
  saturateSeconds: number;
  workers: number;
  /** Open loop from cold: every trader's first poll of each list is a full read, all within the first interval. */
  cold?: boolean;
  /** Server processes (without a proxy the steady-state figures are of the first; with one, of all behind it). */
  servers?: number;
  /** `caddy`: every client request goes through Caddy on deploy/Caddyfile (proxy.ts) instead of straight to a server. */
  proxy?: "caddy";
};

/**
 * The cold start's connections to the server, all workers together, as a proxy's bounded upstream pool would hold them
 * (requests beyond it wait for a pooled connection). 5,000 tabs × 12 lists dialled straight at one process would be
 * 16,000 connects in a second, far past its accept backlog (Bun listens with a fixed backlog, Linux caps it at
 * net.core.somaxconn): the kernel drops them (ListenOverflows) and each client waits out TCP's retransmit back-off
 * (1, 2, 4, 8, 16 s) before the server sees the request. Latency still counts from each request's due time, so the
 * wait for a pooled connection is in the figures.
 */
export const COLD_CONNECTIONS = 512;

/**
 * With the real proxy in front, the clients' own connections to it, all workers together: browsers' connections
 * rather than a proxy's pool, so the proxy's per-replica cap (512) and its bounded wait decide, not the client. Kept
 * under the machine's descriptor and port limits (the proxy holds one end of each too).
 */
export const PROXY_CLIENT_CONNECTIONS = 4096;

/** Seconds a worker may overstay its run (start-up, answers still in flight) before it is killed. */
const GRACE_SECONDS = 30;

/** With `warm`, each worker takes its own share of the traders and loads each of their lists once before timing. */
async function closedLoop(baseUrl: string, targets: PollTarget[], tokens: string[], opts: PollingOptions, seconds: number, warm = false) {
  const perWorker = shares(opts.concurrency, opts.workers).filter((c) => c > 0);
  const parts = warm ? split(tokens, perWorker.length) : perWorker.map(() => tokens);
  const results = await runClients<HttpResult>(
    perWorker.map((concurrency, i) => ({ kind: "closed", baseUrl, targets, tokens: parts[i], concurrency, seconds, warm })),
    (seconds + GRACE_SECONDS + (warm ? 120 : 0)) * 1000,
  );
  // Every worker ran for the same wall time: throughputs add up.
  return { ...merge(results), rps: results.reduce((sum, r) => sum + r.requests / r.seconds, 0) };
}

/**
 * With several server processes and no proxy, each worker's tabs stay on one of them (as a proxy keeps a connection on
 * its replica); with a proxy, `baseUrls` is the proxy's alone.
 */
function openLoop(baseUrls: string[], tokens: string[], opts: PollingOptions) {
  const warm = !opts.cold;
  return runClients<HttpResult>(
    split(tokens, opts.workers).map((part, i) => ({
      kind: "open",
      baseUrl: baseUrls[i % baseUrls.length],
      targets: TRADER_POLLING,
      tokens: part,
      seconds: opts.seconds,
      warm,
      cold: opts.cold,
      connections: opts.cold ? (opts.proxy ? PROXY_CLIENT_CONNECTIONS : COLD_CONNECTIONS) / opts.workers : undefined,
    })),
    (opts.seconds + GRACE_SECONDS + (warm ? 300 : 0)) * 1000,
  ).then(merge);
}

/** Waits until the engine has published its first snapshots, so market reads are 200s rather than 503s. */
export async function marketReady(baseUrl: string) {
  for (let i = 0; i < 120; i++) {
    if ((await fetch(`${baseUrl}/api/market/health`)).ok) return;
    await Bun.sleep(500);
  }
  throw new Error("the engine published no market snapshot within 60 s");
}

/**
 * What the proxy's active health check would see during the run (deploy/Caddyfile: `/api/health` on each replica, 3 s
 * time-out; a replica failing it is taken out): one probe per server process every second until `done` settles, sent
 * straight to the process as Caddy's are, outside the request pool. A failure is an answer other than 200 or none
 * within 3 s.
 */
async function probeHealth(baseUrls: string[], done: Promise<unknown>) {
  const latencies: number[] = [];
  let failures = 0;
  let finished = false;
  done.finally(() => (finished = true));
  while (!finished) {
    await Promise.all(
      baseUrls.map(async (baseUrl) => {
        const sent = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - sent);
      }),
    );
    await Promise.race([done, Bun.sleep(1000)]);
  }
  return { max: Math.max(0, ...latencies), failures, n: latencies.length };
}
const HEALTH_TIMEOUT_MS = 3000;

/**
 * The first-load stampede alone: every tab opens within one second and loads all its lists at once, then polls on.
 * Each tab keeps at most one request per list out, as the web client's React Query does. Reports the first loads' p99
 * (from when each was due), when the last one completed, the later polls' p99, errors (time-outs included), the
 * requests per second served over the run, and whether each server process kept answering its health check.
 */
async function coldStart(
  baseUrls: string[],
  serverPids: number[],
  proxy: RunningProxy | null,
  tokens: string[],
  opts: PollingOptions,
): Promise<Report> {
  // CPU seconds each side spent over the run (/proc): whether the servers, or the proxy, were what ran out.
  const cpuSeconds = (pids: number[]) => pids.reduce((sum, pid) => ((c) => sum + (c.user + c.system) / 1000)(cpuMs(pid)), 0);
  const cpu0 = { servers: cpuSeconds(serverPids), proxy: proxy ? cpuSeconds([proxy.pid]) : 0 };
  // Health probes go straight to each server, as the proxy's own do; the tabs go through the proxy when there is one.
  const running = openLoop(proxy ? [proxy.url] : baseUrls, tokens, opts);
  const [open, health] = await Promise.all([running, probeHealth(baseUrls, running)]);
  const cpu = { servers: cpuSeconds(serverPids) - cpu0.servers, proxy: proxy ? cpuSeconds([proxy.pid]) - cpu0.proxy : 0 };
  const p = percentiles(open.first);
  const expected = tokens.length * TRADER_POLLING.length;
  const json = {
    scenario: "polling_cold",
    users: opts.users,
    servers: baseUrls.length,
    proxy: opts.proxy ?? null,
    first_load_p99_ms: round(p.p99),
    last_first_load_ms: round(open.lastFirstMs),
    errors: open.errors + (expected - open.first.length),
    // The first loads' own errors (the target is none), apart from the polls that followed them.
    first_load_errors: Object.entries(open.errorKinds)
      .filter(([kind]) => kind.startsWith("first "))
      .reduce((sum, [, n]) => sum + n, expected - open.first.length),
    errors_by_kind: open.errorKinds,
    // How close the later polls came to their 10 s time-out while first loads still queued ahead of them.
    poll_p99_ms: round(percentiles(open.polled).p99),
    poll_max_ms: round(percentiles(open.polled).max),
    health_failures: health.failures,
    health_max_ms: round(health.max),
    rps: round(open.requests / open.seconds, 0),
    seconds: round(open.seconds, 1),
    // Hundredths: /proc counts CPU in 10 ms ticks, and a short run through the proxy may take only a few.
    server_cpu_s: round(cpu.servers, 2),
    proxy_cpu_s: proxy ? round(cpu.proxy, 2) : null,
    // The load generator's workers share the machine: what they used is CPU the servers and the proxy did not get.
    clients_cpu_s: round(open.cpuUs / 1e6, 2),
    // Connections the tabs opened (to the proxy, or to the server through the pool), each kept for later requests.
    client_connections: open.connections,
  };
  const lines = [
    `cold start: ${opts.users} traders (over ${baseUrls.length} server process${baseUrls.length > 1 ? "es" : ""}${proxy ? ", through Caddy" : ""}) open ${TRADER_POLLING.length} lists each within 1 s, then poll for ${opts.seconds}s (${open.requests} requests)`,
    `  first loads n=${p.n}/${expected}  p50 ${round(p.p50)} ms  p99 ${json.first_load_p99_ms} ms  last done ${json.last_first_load_ms} ms after start`,
    `  later polls n=${open.polled.length}  p99 ${json.poll_p99_ms} ms  max ${json.poll_max_ms} ms (time-out 10 s)`,
    `  polls not sent while the same list's request was out (as React Query does): ${open.skipped}`,
    `  health checks ${health.n}, failed ${health.failures}, slowest ${json.health_max_ms} ms (a failure: not 200 within 3 s)`,
    `  CPU over the ${json.seconds} s: server process${baseUrls.length > 1 ? "es" : ""} ${json.server_cpu_s} s${proxy ? `, Caddy ${json.proxy_cpu_s} s` : ""}, load generator ${json.clients_cpu_s} s; the tabs opened ${json.client_connections} connections`,
    `errors ${json.errors}${json.errors ? `: ${open.errorSamples.slice(0, 5).join("; ")}` : ""}`,
  ];
  return { name: "polling API, cold start", json, lines, ok: json.errors === 0 && health.failures === 0 };
}

export async function pollingBench(opts: PollingOptions): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const app = await startApp(ws, { quiet: true, servers: opts.servers ?? 1 });
  let proxy: RunningProxy | null = null;
  try {
    proxy = opts.proxy ? await startCaddy(app.baseUrls) : null;
    const baseUrl = proxy?.url ?? app.baseUrls[0];
    const { tokens } = await seedTraders(ws.databaseUrl, app.env.JWT_SECRET!, opts.users, opts.signalsPerUser);
    await marketReady(baseUrl);
    await closedLoop(baseUrl, [BASELINE], tokens, opts, 2); // warm-up: JIT, connection pools
    if (opts.cold)
      return await coldStart(
        app.baseUrls,
        app.processes.slice(0, app.baseUrls.length).map((p) => p.pid),
        proxy,
        tokens,
        opts,
      );
    // Closed loops first: an overloaded open loop leaves a backlog that would eat into a later saturation run.
    const ceiling = await closedLoop(baseUrl, [BASELINE], tokens, opts, opts.saturateSeconds);
    const mix = await closedLoop(baseUrl, TRADER_POLLING, tokens, opts, opts.saturateSeconds, !opts.cold);
    const open = await openLoop([baseUrl], tokens, opts);
    const p = percentiles(open.all);
    const errors = open.errors + ceiling.errors + mix.errors;
    const json = {
      scenario: "polling",
      users: opts.users,
      servers: proxy ? app.baseUrls.length : 1,
      proxy: opts.proxy ?? null,
      rps: round(mix.rps, 0),
      ceiling_rps: round(ceiling.rps, 0),
      ratio: round(mix.rps / ceiling.rps, 3),
      p50_ms: round(p.p50),
      p95_ms: round(p.p95),
      p99_ms: round(p.p99),
      errors,
    };
    const offered = opts.users * requestsPerTraderPerSecond;
    const lines = [
      `open loop: ${opts.users} traders × ${TRADER_POLLING.length} endpoints for ${opts.seconds}s (${offered.toFixed(0)} req/s offered), ${open.requests} requests`,
      `  latency from due time  p50 ${json.p50_ms} ms  p95 ${json.p95_ms} ms  p99 ${json.p99_ms} ms  max ${round(p.max)} ms`,
      `closed loop, ${opts.concurrency} clients, ${opts.saturateSeconds}s each: /api/health ${json.ceiling_rps} req/s, polling mix ${json.rps} req/s (ratio ${json.ratio})`,
      `≈ ${(mix.rps / requestsPerTraderPerSecond).toFixed(0)} traders per server process at saturation (${requestsPerTraderPerSecond.toFixed(2)} req/s each)`,
      ...TRADER_POLLING.map((t) => {
        const q = percentiles(open.latencies[t.name] ?? []);
        return `  ${t.name.padEnd(22)} n=${String(q.n).padStart(7)}  p50 ${String(round(q.p50)).padStart(8)} ms  p95 ${String(round(q.p95)).padStart(8)} ms`;
      }),
      `errors ${errors}${errors ? `: ${[...open.errorSamples, ...ceiling.errorSamples, ...mix.errorSamples].slice(0, 5).join("; ")}` : ""}`,
    ];
    return { name: "polling API", json, lines, ok: errors === 0 };
  } finally {
    await proxy?.stop();
    await app.stop();
    await ws.drop();
  }
}
