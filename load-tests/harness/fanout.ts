// Local socket fan-out benchmark (the k6 socket-fanout scenario, runnable here): N clients over two server
// processes, updates published on Redis, delivery delay per client compared with a bare Redis subscriber.
import Redis from "ioredis";
import { SUBSCRIBE_MESSAGE } from "../scenarios";
import { createWorkspace, realServicesAvailable, startApp } from "../../scripts/app-process";
import { percentiles, rssKb, type Report } from "./stats";

export async function fanoutBench(opts: { clients: number; updates: number; servers: number }): Promise<Report> {
  const ws = await createWorkspace("bench", await realServicesAvailable());
  // Every bench client comes from 127.0.0.1: lift the per-address socket cap (20 by default) above the client count.
  const app = await startApp(ws, { servers: opts.servers, engine: false, quiet: true, env: { WS_MAX_PER_IP: String(Math.max(20, opts.clients)) } });
  const publisher = new Redis(ws.redisUrl);
  const bare = new Redis(ws.redisUrl);
  const channel = `${ws.redisPrefix}market.health`;
  try {
    const pids = await serverPids(app.baseUrls);
    const rssBefore = pids.map(rssKb);

    // Connect every client and wait until each has subscribed.
    const delays: number[] = [];
    let received = 0;
    const sockets: WebSocket[] = [];
    await Promise.all(
      Array.from({ length: opts.clients }, (_, i) => {
        const base = app.baseUrls[i % app.baseUrls.length].replace("http", "ws");
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${base}/ws/market`);
          sockets.push(socket);
          socket.onopen = () => {
            socket.send(SUBSCRIBE_MESSAGE);
            resolve();
          };
          socket.onerror = () => reject(new Error("socket error"));
          socket.onmessage = (event) => {
            const msg = JSON.parse(String(event.data)) as { type: string; data?: { bench_sent_at?: number } };
            const sent = msg.data?.bench_sent_at;
            if (msg.type === "market_health" && typeof sent === "number") {
              delays.push(performance.timeOrigin + performance.now() - sent);
              received++;
            }
          };
        });
      }),
    );
    await Bun.sleep(500);
    const rssAfter = pids.map(rssKb);

    // The same hop without our server: Redis pub/sub to one bare subscriber.
    const bareDelays: number[] = [];
    await bare.subscribe(channel);
    bare.on("message", (_c, raw) => {
      const sent = (JSON.parse(raw) as { data: { bench_sent_at: number } }).data.bench_sent_at;
      bareDelays.push(performance.timeOrigin + performance.now() - sent);
    });

    for (let i = 0; i < opts.updates; i++) {
      const data = { status: "NORMAL", composite_score: 0.5, computed_at: new Date().toISOString(), bench_sent_at: performance.timeOrigin + performance.now() };
      await publisher.publish(channel, JSON.stringify({ type: "market_health", data }));
      await Bun.sleep(100);
    }
    const expected = opts.clients * opts.updates;
    for (let i = 0; i < 50 && received < expected; i++) await Bun.sleep(100);
    for (const s of sockets) s.close();

    const p = percentiles(delays);
    const b = percentiles(bareDelays);
    return {
      name: "socket fan-out",
      lines: [
        `${opts.clients} clients over ${opts.servers} server processes, ${opts.updates} updates: ${received}/${expected} messages delivered`,
        `delivery delay ms  p50 ${p.p50.toFixed(2)}  p95 ${p.p95.toFixed(2)}  p99 ${p.p99.toFixed(2)}  max ${p.max.toFixed(2)}`,
        `bare Redis subscriber ms  p50 ${b.p50.toFixed(2)}  p95 ${b.p95.toFixed(2)}`,
        `ratio p95 fan-out / p95 bare Redis hop: ${(p.p95 / Math.max(b.p95, 0.001)).toFixed(1)}x`,
        `server RSS per connection: ${rssAfter
          .map((after, i) => ((after - rssBefore[i]) / Math.max(1, opts.clients / opts.servers)).toFixed(1) + " KiB")
          .join(", ")}`,
      ],
      ok: received === expected,
    };
  } finally {
    publisher.disconnect();
    bare.disconnect();
    await app.stop();
    await ws.drop();
  }
}

/** PIDs of the servers listening on the given URLs (read from /proc via ss; benchmarks run on Linux). */
async function serverPids(urls: string[]): Promise<number[]> {
  const out = await new Response(Bun.spawn(["ss", "-ltnpH"]).stdout).text();
  return urls.map((u) => {
    const port = new URL(u).port;
    const line = out.split("\n").find((l) => new RegExp(`:${port}\\s`).test(l));
    return Number(line?.match(/pid=(\d+)/)?.[1] ?? 0);
  });
}
