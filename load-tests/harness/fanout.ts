// Local socket fan-out benchmark (the k6 socket-fanout scenario, runnable here): N market sockets over several server
// processes, opened in batches by client processes; updates published on Redis; delivery delay per socket from the
// publish time, compared with a bare Redis subscriber; server memory once every socket is subscribed, and server CPU per
// update. `floor: true` runs the same clients against a bare Bun.serve relay (floor-server.ts) instead of the app: the
// machine's own cost of the hop, so the app's share is the difference of two figures from one run.
import { join } from "node:path";
import Redis from "ioredis";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { type SocketsResult, wallMs } from "./client-worker";
import { shares, spawnClients } from "./clients";
import { cpuMs, descriptors, percentiles, round, rssKb, sumCounts, type Report } from "./stats";

export type FanoutOptions = { sockets: number; updates: number; servers: number; workers: number; batch: number; floor?: boolean };

/** One update per second on the topic every socket holds: the rate the market topics reach at their busiest. */
const UPDATE_EVERY_MS = 1000;
/** How long sockets wait for the last updates after the last publish. */
const DRAIN_MS = 5_000;

/** `beforeEach(i)` runs just before update i goes out. */
async function publishUpdates(publisher: Redis, channel: string, updates: number, beforeEach: (i: number) => void) {
  for (let i = 0; i < updates; i++) {
    beforeEach(i);
    const data = {
      status: "NORMAL",
      composite_score: 0.5,
      computed_at: new Date().toISOString(),
      bench_sent_at: wallMs(),
    };
    await publisher.publish(channel, JSON.stringify({ type: "market_health", data }));
    await Bun.sleep(UPDATE_EVERY_MS);
  }
}

/** The same hop without our server: Redis pub/sub to one bare subscriber, for comparison. */
async function bareSubscriber(redisUrl: string, channel: string) {
  const bare = new Redis(redisUrl);
  const delays: number[] = [];
  await bare.subscribe(channel);
  bare.on("message", (_c, raw) => {
    const sent = (JSON.parse(raw) as { data: { bench_sent_at: number } }).data.bench_sent_at;
    delays.push(wallMs() - sent);
  });
  return { delays, close: () => bare.disconnect() };
}

/** What the sockets connect to: its socket URLs, its server processes, and how to stop it. */
type Target = { urls: string[]; pids: number[]; stop: () => Promise<void> };

async function appTarget(ws: Awaited<ReturnType<typeof createWorkspace>>, opts: FanoutOptions): Promise<Target> {
  // Every bench client comes from 127.0.0.1: lift the per-address socket cap (20 by default) above the socket count.
  const app = await startApp(ws, {
    servers: opts.servers,
    engine: false,
    quiet: true,
    env: { WS_MAX_PER_IP: String(Math.max(20, opts.sockets + 20)) },
  });
  return {
    urls: app.baseUrls.map((u) => `${u.replace(/^http/, "ws")}/ws/market`),
    pids: app.processes.slice(0, opts.servers).map((p) => p.pid),
    stop: app.stop,
  };
}

async function floorTarget(redisUrl: string, channel: string): Promise<Target> {
  const proc = Bun.spawn(["bun", join(import.meta.dir, "floor-server.ts"), redisUrl, channel], { stdout: "pipe", stderr: "inherit" });
  const { value } = await proc.stdout.getReader().read();
  const { port } = JSON.parse(new TextDecoder().decode(value)) as { port: number };
  return {
    urls: [`ws://127.0.0.1:${port}/ws/market`],
    pids: [proc.pid],
    stop: async () => {
      proc.kill();
      await proc.exited;
    },
  };
}

const cpuOf = (pids: number[]) => pids.map(cpuMs).reduce((a, b) => ({ user: a.user + b.user, system: a.system + b.system }), { user: 0, system: 0 });

export async function fanoutBench(opts: FanoutOptions): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  const channel = `${ws.redisPrefix}market.health`;
  const servers = opts.floor ? 1 : opts.servers;
  const target = opts.floor ? await floorTarget(ws.redisUrl, channel) : await appTarget(ws, opts);
  const publisher = new Redis(ws.redisUrl);
  const bare = await bareSubscriber(ws.redisUrl, channel);
  // Before any socket: the servers' own footprint, so the plan (plan.ts) can tell memory per socket from the baseline.
  const idleRssMb = target.pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
  try {
    const connectSeconds = 30 + opts.sockets / 100;
    const clients = spawnClients<SocketsResult>(
      shares(opts.sockets, opts.workers)
        .filter((count) => count > 0)
        .map((count) => ({
          kind: "sockets",
          urls: target.urls,
          count,
          batch: opts.batch,
          expect: opts.updates,
          seconds: connectSeconds + opts.updates,
        })),
      (connectSeconds * 2 + opts.updates + 30) * 1000,
    );
    await clients.ready;
    const rssMb = target.pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
    const fds = target.pids.map(descriptors);
    // CPU from the first update to the last one's publish: every interval in between holds one whole update (the
    // clients exit as soon as the last one is in, so their counters are gone after it).
    const cpu: Record<"server" | "clients", ReturnType<typeof cpuOf>[]> = { server: [], clients: [] };
    await publishUpdates(publisher, channel, opts.updates, (i) => {
      if (i !== 0 && i !== opts.updates - 1) return;
      cpu.server.push(cpuOf(target.pids));
      cpu.clients.push(cpuOf(clients.pids));
    });
    const stopLater = setTimeout(clients.stop, DRAIN_MS);
    const results = await clients.results;
    clearTimeout(stopLater);

    const delays = results.flatMap((r) => r.delays);
    const opened = results.reduce((sum, r) => sum + r.opened, 0);
    const expected = opts.sockets * opts.updates;
    const p = percentiles(delays);
    const b = percentiles(bare.delays);
    const json = {
      scenario: opts.floor ? "fanout_floor" : "fanout",
      sockets: opts.sockets,
      servers,
      delivered_ratio: round(delays.length / expected, 4),
      p50_ms: round(p.p50),
      p95_ms: round(p.p95),
      p99_ms: round(p.p99),
      server_rss_mb: round(rssMb, 1),
      server_rss_idle_mb: round(idleRssMb, 1),
    };
    const intervals = Math.max(1, opts.updates - 1);
    const perUpdate = ([a, b]: ReturnType<typeof cpuOf>[]) => (b ? (b.user + b.system - a.user - a.system) / intervals : NaN);
    const cpuPerUpdate = perUpdate(cpu.server);
    const clientCpuPerUpdate = perUpdate(cpu.clients);
    const kernelShare = cpu.server[1] ? (cpu.server[1].system - cpu.server[0].system) / intervals / Math.max(1, cpuPerUpdate) : NaN;
    const lines = [
      `${opts.floor ? "bare Bun.serve relay (no app), " : ""}${opts.sockets} sockets (${opened} subscribed) over ${servers} server processes, ${opts.updates} updates: ${delays.length}/${expected} delivered`,
      `sockets not subscribed, by why: ${JSON.stringify(sumCounts(results.map((r) => r.failedBy)))}`,
      `server descriptors with every socket in: ${fds.map((d) => `${d.open} open of ${d.limit} allowed`).join(", ")}`,
      `delivery delay ms  p50 ${json.p50_ms}  p95 ${json.p95_ms}  p99 ${json.p99_ms}  max ${round(p.max)}`,
      `bare Redis subscriber ms  p50 ${round(b.p50)}  p95 ${round(b.p95)}`,
      `server RSS with every socket subscribed: ${json.server_rss_mb} MB in all, ${json.server_rss_idle_mb} MB before any (${round(((rssMb - idleRssMb) * 1024) / Math.max(1, opts.sockets), 1)} KiB per socket)`,
      `server CPU per update: ${round(cpuPerUpdate, 1)} ms (${round((cpuPerUpdate * 1000) / opts.sockets, 1)} µs per socket), ${round(kernelShare * 100, 0)} % of it in the kernel; client processes ${round(clientCpuPerUpdate, 1)} ms`,
      `(server + clients share ${navigator.hardwareConcurrency} cores: the last delivery of an update needs ≥ ${round((cpuPerUpdate + clientCpuPerUpdate) / navigator.hardwareConcurrency, 0)} ms even with both kept busy)`,
    ];
    return { name: opts.floor ? "socket fan-out floor" : "socket fan-out", json, lines, ok: opened === opts.sockets && delays.length === expected };
  } finally {
    bare.close();
    publisher.disconnect();
    await target.stop();
    await ws.drop();
  }
}
