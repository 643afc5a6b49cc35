// Local socket fan-out benchmark (the k6 socket-fanout scenario, runnable here): N market sockets over several server
// processes, opened in batches by client processes; updates published on Redis; delivery delay per socket from the
// publish time, compared with a bare Redis subscriber; server memory once every socket is subscribed.
import Redis from "ioredis";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { type SocketsResult, wallMs } from "./client-worker";
import { shares, spawnClients } from "./clients";
import { percentiles, round, rssKb, type Report } from "./stats";

export type FanoutOptions = { sockets: number; updates: number; servers: number; workers: number; batch: number };

/** One update per second on the topic every socket holds: the rate the market topics reach at their busiest. */
const UPDATE_EVERY_MS = 1000;
/** How long sockets wait for the last updates after the last publish. */
const DRAIN_MS = 5_000;

async function publishUpdates(publisher: Redis, channel: string, updates: number) {
  for (let i = 0; i < updates; i++) {
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

export async function fanoutBench(opts: FanoutOptions): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  // Every bench client comes from 127.0.0.1: lift the per-address socket cap (20 by default) above the socket count.
  const app = await startApp(ws, {
    servers: opts.servers,
    engine: false,
    quiet: true,
    env: { WS_MAX_PER_IP: String(Math.max(20, opts.sockets + 20)) },
  });
  const publisher = new Redis(ws.redisUrl);
  const channel = `${ws.redisPrefix}market.health`;
  const bare = await bareSubscriber(ws.redisUrl, channel);
  try {
    const pids = app.processes.slice(0, opts.servers).map((p) => p.pid);
    const urls = app.baseUrls.map((u) => `${u.replace(/^http/, "ws")}/ws/market`);
    const connectSeconds = 30 + opts.sockets / 100;
    const clients = spawnClients<SocketsResult>(
      shares(opts.sockets, opts.workers)
        .filter((count) => count > 0)
        .map((count) => ({ kind: "sockets", urls, count, batch: opts.batch, expect: opts.updates, seconds: connectSeconds + opts.updates })),
      (connectSeconds * 2 + opts.updates + 30) * 1000,
    );
    await clients.ready;
    const rssMb = pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
    await publishUpdates(publisher, channel, opts.updates);
    const stopLater = setTimeout(clients.stop, DRAIN_MS);
    const results = await clients.results;
    clearTimeout(stopLater);

    const delays = results.flatMap((r) => r.delays);
    const opened = results.reduce((sum, r) => sum + r.opened, 0);
    const expected = opts.sockets * opts.updates;
    const p = percentiles(delays);
    const b = percentiles(bare.delays);
    const json = {
      scenario: "fanout",
      sockets: opts.sockets,
      servers: opts.servers,
      delivered_ratio: round(delays.length / expected, 4),
      p50_ms: round(p.p50),
      p95_ms: round(p.p95),
      p99_ms: round(p.p99),
      server_rss_mb: round(rssMb, 1),
    };
    const lines = [
      `${opts.sockets} sockets (${opened} subscribed) over ${opts.servers} server processes, ${opts.updates} updates: ${delays.length}/${expected} delivered`,
      `delivery delay ms  p50 ${json.p50_ms}  p95 ${json.p95_ms}  p99 ${json.p99_ms}  max ${round(p.max)}`,
      `bare Redis subscriber ms  p50 ${round(b.p50)}  p95 ${round(b.p95)}`,
      `server RSS with every socket subscribed: ${json.server_rss_mb} MB in all (${round((rssMb * 1024) / Math.max(1, opts.sockets), 1)} KiB per socket, baseline included)`,
    ];
    return { name: "socket fan-out", json, lines, ok: opened === opts.sockets && delays.length === expected };
  } finally {
    bare.close();
    publisher.disconnect();
    await app.stop();
    await ws.drop();
  }
}
