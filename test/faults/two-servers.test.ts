// Two servers behind a round-robin balancer, one SIGKILLed: its socket clients come back (with jitter) through the other and resync; pollers see no error.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server, ServerWebSocket } from "bun";
import type { Sql } from "@core/infra/db";
import { startApp, type RunningApp, type Workspace } from "../../scripts/app-process";
import { RECONNECT_JITTER, RECONNECT_MS, reconnectDelayMs } from "../../web/src/lib/socket";
import { insertUser, type TestUser as FaultUser, waitFor } from "../helpers";
import { analysisBooks, api, booksFindings, faultWorkspace, killHard, settledOnce } from "./harness";

const PHASE_SECONDS = 2;
const SOCKET_CLIENTS = 6;
let ws: Workspace;
let sql: Sql;
let app: RunningApp;
let balancer: Balancer;

beforeAll(async () => {
  ({ ws, sql } = await faultWorkspace("servers"));
  app = await startApp(ws, { servers: 2, engine: true, quiet: true, env: { ANALYSIS_PHASE_SECONDS: String(PHASE_SECONDS) } });
  balancer = startBalancer(app.baseUrls);
}, 90_000);

afterAll(async () => {
  balancer?.stop();
  await app?.stop();
  await sql?.end({ timeout: 2 });
  await ws?.drop();
});

type Tunnel = { upstream: WebSocket; via: string; early: string[] };
type Balancer = { url: string; socketsVia: (upstream: string) => number; stop: () => void };

/**
 * The path README "Operate it" documents, in miniature: requests take the upstreams in turn; one that refuses a
 * connection or drops it is skipped for a while; a GET that failed on it (or any request it refused outright) is sent
 * to the next one within a few seconds, so the client gets an answer instead of a 502. Sockets are tunnelled to one
 * upstream and cut (1006, as a dropped TCP connection looks) when it dies.
 */
function startBalancer(upstreams: string[], tryMs = 5_000, skipMs = 10_000): Balancer {
  const pool = upstreams.map((url) => ({ url, skipUntil: 0 }));
  let turn = 0;
  const tunnels = new Set<ServerWebSocket<Tunnel>>();
  const pick = () => {
    for (let k = 0; k < pool.length; k++) {
      const u = pool[turn++ % pool.length];
      if (u.skipUntil <= Date.now()) return u;
    }
    return null;
  };
  const server: Server<Tunnel> = Bun.serve<Tunnel>({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req, srv) {
      if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") return forward(req, pick, tryMs, skipMs);
      const tunnel = await openTunnel(pick, tryMs, skipMs);
      if (tunnel && srv.upgrade(req, { data: tunnel })) return undefined;
      tunnel?.upstream.close();
      return new Response("no upstream for the socket", { status: 502 });
    },
    websocket: {
      open(client) {
        tunnels.add(client);
        for (const m of client.data.early.splice(0)) client.send(m);
        client.data.upstream.onmessage = (e) => client.send(String(e.data));
        client.data.upstream.onclose = (e) => (e.code === 1006 || e.code === 1005 ? client.terminate() : client.close(e.code, e.reason));
      },
      message: (client, m) => client.data.upstream.send(String(m)),
      close(client) {
        tunnels.delete(client);
        client.data.upstream.close();
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    socketsVia: (upstream) => [...tunnels].filter((t) => t.data.via === upstream).length,
    stop: () => {
      for (const t of tunnels) t.data.upstream.close();
      server.stop(true);
    },
  };
}

type Pick = () => { url: string; skipUntil: number } | null;

async function forward(req: Request, pick: Pick, tryMs: number, skipMs: number): Promise<Response> {
  const { pathname, search } = new URL(req.url);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
  const headers = new Headers(req.headers);
  headers.delete("host");
  let failure = "no upstream";
  for (const until = Date.now() + tryMs; Date.now() < until; ) {
    const u = pick();
    if (!u) {
      await Bun.sleep(100);
      continue;
    }
    try {
      const res = await fetch(u.url + pathname + search, { method: req.method, headers, body, redirect: "manual" });
      const out = new Headers(res.headers);
      out.delete("content-encoding");
      out.delete("content-length");
      return new Response(await res.arrayBuffer(), { status: res.status, headers: out });
    } catch (err) {
      u.skipUntil = Date.now() + skipMs;
      failure = String(err);
      // A refused connection never reached the server, so any request may go elsewhere; a dropped one only if it is a GET.
      if ((err as { code?: string }).code !== "ECONNREFUSED" && req.method !== "GET") break;
    }
  }
  return new Response(`bad gateway: ${failure}`, { status: 502 });
}

async function openTunnel(pick: Pick, tryMs: number, skipMs: number): Promise<Tunnel | null> {
  for (const until = Date.now() + tryMs; Date.now() < until; ) {
    const u = pick();
    if (!u) {
      await Bun.sleep(100);
      continue;
    }
    const upstream = new WebSocket(`${u.url.replace(/^http/, "ws")}/ws/market`);
    const tunnel: Tunnel = { upstream, via: u.url, early: [] };
    const opened = await new Promise<boolean>((resolve) => {
      upstream.onopen = () => resolve(true);
      upstream.onerror = () => resolve(false);
      upstream.onclose = () => resolve(false);
    });
    if (opened) {
      upstream.onmessage = (e) => tunnel.early.push(String(e.data));
      return tunnel;
    }
    u.skipUntil = Date.now() + skipMs;
  }
  return null;
}

type Msg = { type: string; conn: number; data?: any };
type SocketClient = { opens: number; delays: number[]; messages: Msg[]; stop: () => void };

/** What the web app's useMarketSocket does: subscribe and authenticate on every open, reconnect with its backoff and jitter. */
function socketClient(url: string, token: string): SocketClient {
  const c: SocketClient = { opens: 0, delays: [], messages: [], stop: () => {} };
  let attempt = 0;
  let stopped = false;
  let current: WebSocket | null = null;
  const connect = () => {
    const socket = new WebSocket(url);
    current = socket;
    socket.onopen = () => {
      attempt = 0;
      c.opens++;
      socket.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
      socket.send(JSON.stringify({ action: "auth", token }));
    };
    socket.onmessage = (e) => c.messages.push({ ...JSON.parse(String(e.data)), conn: c.opens });
    socket.onclose = () => {
      if (stopped) return;
      const delay = reconnectDelayMs(attempt++);
      c.delays.push(delay);
      setTimeout(connect, delay);
    };
  };
  connect();
  c.stop = () => {
    stopped = true;
    current?.close();
  };
  return c;
}

/** On connection `conn` the client was resynced: subscribed, handed the current market snapshots, authenticated. */
const resynced = (c: SocketClient, conn: number) =>
  ["subscribed", "market_health", "authenticated"].every((type) => c.messages.some((m) => m.conn === conn && m.type === type));

/** Polling clients as the web app runs them: GETs on an interval, through the balancer; every non-200 is an error seen. */
function startPollers(base: string, user: FaultUser, count: number) {
  const errors: string[] = [];
  const served: number[] = [];
  let running = true;
  const paths = ["/api/analysis/active", "/api/market/health", "/api/analysis/history?limit=5"];
  const loops = Array.from({ length: count }, async (_, n) => {
    for (let i = n; running; i++) {
      const path = paths[i % paths.length];
      const r = await api(base, "GET", path, { token: user.token, boundMs: null });
      if (r.status === 200) served.push(Date.now());
      else errors.push(`${path}: ${r.status} ${String(typeof r.body === "string" ? r.body : JSON.stringify(r.body)).slice(0, 120)}`);
      await Bun.sleep(50);
    }
  });
  const stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return { errors, served, stop };
}

test(
  "one of two servers SIGKILLed: its sockets reconnect through the other with jittered delays and resync; polling through the balancer never fails",
  async () => {
    const [doomed, survivor] = app.baseUrls;
    const user = await insertUser(sql, app.env.JWT_SECRET!, { credits: 5, tag: "servers" });
    await waitFor(
      async () => (await api(balancer.url, "GET", "/api/market/health", { boundMs: null })).status === 200,
      60_000,
      "market data from the engine",
    );
    const clients = Array.from({ length: SOCKET_CLIENTS }, () => socketClient(balancer.url.replace(/^http/, "ws") + "/ws/market", user.token));
    try {
      await waitFor(() => clients.every((c) => resynced(c, 1)), 15_000, "every socket subscribed and authenticated");
      const onDoomed = balancer.socketsVia(doomed);
      // Round robin: both servers hold sockets, at least two of them on the one about to die (to compare their delays).
      expect(onDoomed).toBeGreaterThan(1);
      expect(onDoomed).toBeLessThan(SOCKET_CLIENTS);

      const pollers = startPollers(balancer.url, user, 4);
      const before = (await api(balancer.url, "POST", "/api/analysis/start", { token: user.token, body: { symbol: "BTCUSDT" }, boundMs: null })).body
        .request_id as number;
      await Bun.sleep(500);
      await killHard(app.processes[0]);
      const killedAt = Date.now();

      const dropped = await waitFor(
        () => {
          const d = clients.filter((c) => c.delays.length > 0);
          return d.length === onDoomed ? d : null;
        },
        10_000,
        "the killed server's sockets to close",
      );
      // Back within the longest jittered first delay plus the time to open and resync.
      await waitFor(
        () => dropped.every((c) => c.opens === 2 && resynced(c, 2)),
        RECONNECT_MS * (1 + RECONNECT_JITTER) + 10_000,
        "the dropped sockets to resync",
      );
      expect(balancer.socketsVia(survivor)).toBe(SOCKET_CLIENTS);
      expect(clients.filter((c) => c.delays.length > 0)).toHaveLength(onDoomed);
      for (const c of dropped) expect(c.delays[0]).toBeWithin(RECONNECT_MS, RECONNECT_MS * (1 + RECONNECT_JITTER) + 1);
      expect(new Set(dropped.map((c) => c.delays[0])).size).toBeGreaterThan(1);

      // Resynced for real: pushes of an analysis started now reach every client through the surviving server.
      const after = (await api(balancer.url, "POST", "/api/analysis/start", { token: user.token, body: { symbol: "ETHUSDT" }, boundMs: null })).body
        .request_id as number;
      const finished = (c: SocketClient) =>
        c.messages.some((m) => m.type === "analysis_progress" && m.data.request_id === after && m.data.status !== "IN_PROGRESS");
      await waitFor(() => clients.every(finished), 3 * PHASE_SECONDS * 1000 + 20_000, "every client to hear the new analysis finish");
      // And the REST read the client refetches on reopen tells where the analysis from before the kill stands.
      await waitFor(
        async () => {
          const r = await api(balancer.url, "GET", `/api/analysis/${before}`, { token: user.token, boundMs: null });
          return r.status === 200 && r.body.status !== "IN_PROGRESS";
        },
        3 * PHASE_SECONDS * 1000 + 45_000,
        "the earlier analysis to settle",
      );

      await pollers.stop();
      expect(pollers.errors).toEqual([]);
      expect(pollers.served.filter((t) => t > killedAt).length).toBeGreaterThan(0);
      const books = await analysisBooks(sql);
      expect(books.map((a) => a.id)).toEqual([before, after]);
      expect(books.filter((a) => !settledOnce(a))).toEqual([]);
      expect(await booksFindings(sql, PHASE_SECONDS)).toEqual([]);
    } finally {
      for (const c of clients) c.stop();
    }
  },
  { timeout: 120_000 },
);
