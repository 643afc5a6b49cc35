// End-to-end /ws/market: real server processes, real Redis, ingestion publishing every topic, per-user progress, fan-out across processes.
import { type AnalysisProgress, socketMessageSchema, userChannel } from "@core/contract/socket";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { connect, type Socket } from "node:net";
import { createLogger } from "@core/infra/log";
import { redisKeys } from "@core/infra/redis";
import { snapshotKeyName } from "@core/market/market-intervals";
import { call, closeTestDeps, createUser, testDeps } from "../../../../test/helpers";
import { misfits } from "../../../../test/contract-fit";
import { accountsApp, registerViaApi, signIn, signInNewDevice } from "../auth/testing";
import { signAccessToken } from "../../lib/auth";
import { RESTART_CODE, SLOW_CONSUMER_CODE } from "./socket";
import { messageLimiter, originAllowed } from "./socket-limits";
import { createReplayClock, createReplayProvider } from "../../../../engine/src/market/providers/replay";
import { startMarketIngestion, type Ingestion } from "../../../../engine/src/market/ingest";

const AT = Date.parse("2024-08-15T14:30:00Z");

/** Every message any client of this file received, checked against the socket contract at the end. */
const received: unknown[] = [];

/** A progress push as the engine publishes it (core/contract/socket), for request `id`. */
const progressPush = (request_id: number, over: Partial<AnalysisProgress> = {}) => ({
  type: "analysis_progress",
  data: {
    request_id,
    symbol: "BTCUSDT",
    status: "IN_PROGRESS",
    current_phase: 1,
    progress_percent: 10,
    next_run_at: null,
    time_remaining_seconds: 30,
    final_signal_id: null,
    final_signal_type: null,
    credits_status: "HELD",
    reason: null,
    ...over,
  },
});

const ROOT = new URL("../../../../", import.meta.url).pathname;
const procs: Subprocess[] = [];
let ingestion: Ingestion | null = null;
const ports: number[] = [];

function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = s.port!;
  s.stop(true);
  return port;
}

async function startServer(env: Record<string, string> = {}): Promise<number> {
  const port = freePort();
  const proc = Bun.spawn(["bun", "server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  procs.push(proc);
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return port;
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

type Msg = { type: string; data?: any; detail?: string; topics?: string[] };

// Bun's client accepts request headers (a test plays other client addresses with X-Forwarded-For); the DOM typings don't say so.
const HeaderedWebSocket = WebSocket as unknown as new (url: string, options: { headers: Record<string, string> }) => WebSocket;

/** A socket client that records every message and can wait for one matching a predicate. */
async function client(port: number, headers: Record<string, string> = {}) {
  const ws = new HeaderedWebSocket(`ws://127.0.0.1:${port}/ws/market`, { headers });
  const messages: Msg[] = [];
  const waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  ws.onmessage = (ev) => {
    const m = JSON.parse(String(ev.data)) as Msg;
    messages.push(m);
    received.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  };
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error("socket error"));
  });
  const waitFor = (pred: (m: Msg) => boolean, ms = 15_000) => {
    const seen = messages.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise<Msg>((resolve, reject) => {
      const w = { pred, resolve };
      waiters.push(w);
      setTimeout(() => reject(new Error(`no matching message within ${ms} ms; got ${messages.map((x) => x.type).join(",")}`)), ms);
    });
  };
  return { ws, messages, waitFor, send: (x: unknown) => ws.send(typeof x === "string" ? x : JSON.stringify(x)) };
}

/** How a socket was closed; rejects if it is still open after `ms`. */
function closeOf(ws: WebSocket, ms: number): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }));
    setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
  });
}

/**
 * A bare upgrade request over TCP, optionally from another loopback address: the HTTP status it is answered with
 * (101 = accepted) and the socket, which stays open until the caller destroys it.
 */
function rawUpgrade(port: number, headers: Record<string, string> = {}, localAddress?: string): Promise<{ status: number; sock: Socket }> {
  return new Promise((resolve, reject) => {
    const sock = connect({ port, host: "127.0.0.1", localAddress }, () => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      sock.write(
        `GET /ws/market HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`,
      );
    });
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const status = head.match(/^HTTP\/1\.1 (\d{3})/)?.[1];
      if (!status) return;
      sock.off("data", onData);
      sock.setTimeout(0);
      resolve({ status: Number(status), sock });
    };
    sock.on("data", onData);
    sock.on("error", reject);
    sock.setTimeout(5_000, () => {
      sock.destroy();
      reject(new Error("no answer to the upgrade request"));
    });
  });
}

/** The status of a bare upgrade request; the socket is dropped at once. */
async function handshake(port: number, headers: Record<string, string> = {}): Promise<number> {
  const { status, sock } = await rawUpgrade(port, headers);
  sock.destroy();
  return status;
}

const ALL_TYPES = ["market_health", "gate_decision", "session", "core_assets", "orderbook", "movers", "sentiment"];

// The third server has the limits turned down and its own Redis prefix, so its tests see only their own snapshots
// and Redis reads; it trusts loopback as a proxy so each test can play a different client address.
const LIMITED_ORIGIN = "https://app.tradewind.test";
const LIMITED_PREFIX = `${process.env.REDIS_PREFIX}ws-limits:`;
let limitedPort = 0;

beforeAll(async () => {
  const limited = { WS_MAX_PER_IP: "3", TRUSTED_PROXY: "127.0.0.1", PUBLIC_ORIGIN: LIMITED_ORIGIN, REDIS_PREFIX: LIMITED_PREFIX };
  const [a, b, c] = await Promise.all([startServer(), startServer(), startServer(limited)]);
  ports.push(a, b);
  limitedPort = c;
}, 60_000);

afterAll(async () => {
  await ingestion?.stop();
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  await closeTestDeps();
});

describe("/ws/market", () => {
  test("a subscriber receives every market message type as the engine publishes", async () => {
    const c = await client(ports[0]);
    c.send({ action: "subscribe", topics: ["market"] });
    await c.waitFor((m) => m.type === "subscribed");
    const deps = testDeps();
    const provider = createReplayProvider(createReplayClock({ fixedMs: AT }));
    ingestion = startMarketIngestion({
      config: { MARKET_PROVIDER: "replay" },
      redis: deps.redis,
      keys: deps.keys,
      log: createLogger("test", "silent"),
      provider,
    });
    for (const type of ALL_TYPES) await c.waitFor((m) => m.type === type);
    await c.waitFor((m) => m.type === "orderbook" && m.data.symbol === "BTCUSDT");
    await c.waitFor((m) => m.type === "orderbook" && m.data.symbol === "ETHUSDT");
    const health = await c.waitFor((m) => m.type === "market_health");
    expect(["HEALTHY", "NORMAL", "WEAK", "DEAD"]).toContain(health.data.status);
    c.ws.close();
  }, 30_000);

  test("a late subscriber gets the current snapshot of each type at once", async () => {
    await ingestion!.ready;
    const c = await client(ports[1]);
    c.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
    for (const type of ALL_TYPES) await c.waitFor((m) => m.type === type, 5_000);
    const core = await c.waitFor((m) => m.type === "core_assets");
    // The replay card's price is the stated path through the forming candle at the replay clock (14:30).
    const path = await createReplayProvider(createReplayClock({ fixedMs: AT })).pathPrice!("BTCUSDT", AT);
    expect(core.data.BTCUSDT.price).toBe(path!.price);
    c.ws.close();
  });

  test("one Redis publish reaches clients on both server processes", async () => {
    const [a, b] = await Promise.all([client(ports[0]), client(ports[1])]);
    for (const c of [a, b]) {
      c.send({ action: "subscribe", topics: ["market"] });
      await c.waitFor((m) => m.type === "subscribed");
    }
    const deps = testDeps();
    const marker = { status: "NORMAL", composite_score: 0.5, components: {}, marker: "fan-out-test" };
    await deps.redis.publish(deps.keys.channel("market.health"), JSON.stringify({ type: "market_health", data: marker }));
    const got = await Promise.all([a, b].map((c) => c.waitFor((m) => m.type === "market_health" && m.data.marker === "fan-out-test")));
    expect(got.map((m) => m.data)).toEqual([marker, marker]);
    a.ws.close();
    b.ws.close();
  });

  test("analysis progress reaches only the authenticated user's sockets", async () => {
    const [alice, bob] = await Promise.all([createUser(), createUser()]);
    const ca = await client(ports[0]);
    const cb = await client(ports[1]);
    ca.send({ action: "auth", token: alice.token });
    cb.send({ action: "auth", token: bob.token });
    expect((await ca.waitFor((m) => m.type === "authenticated")).data).toEqual({ user_id: alice.id });
    await cb.waitFor((m) => m.type === "authenticated");
    const deps = testDeps();
    const progress = progressPush(7, { current_phase: 2, progress_percent: 50 });
    await deps.redis.publish(deps.keys.channel(userChannel(alice.id)), JSON.stringify(progress));
    expect(await ca.waitFor((m) => m.type === "analysis_progress")).toEqual(progress);
    // Bob's socket must not see Alice's progress: a marker for Bob arriving later proves the ordering.
    await deps.redis.publish(deps.keys.channel(userChannel(bob.id)), JSON.stringify(progressPush(8)));
    await cb.waitFor((m) => m.type === "analysis_progress");
    expect(cb.messages.filter((m) => m.type === "analysis_progress").map((m) => m.data.request_id)).toEqual([8]);
    ca.ws.close();
    cb.ws.close();
  });

  test("progress stops when the socket's access token expires, and a blocked user is refused", async () => {
    const [carol, dave] = await Promise.all([createUser(), createUser()]);
    const deps = testDeps();
    const c = await client(ports[0]);
    c.send({ action: "auth", token: await signAccessToken(deps.config.JWT_SECRET, { userId: carol.id, sessionId: null }, 2) });
    await c.waitFor((m) => m.type === "authenticated");
    await c.waitFor((m) => m.type === "auth_expired", 5_000);
    await deps.redis.publish(deps.keys.channel(userChannel(carol.id)), JSON.stringify(progressPush(70)));
    // A ping answered after the publish proves the progress message, had it been sent, would already be here.
    c.send({ action: "ping" });
    await c.waitFor((m) => m.type === "pong");
    expect(c.messages.filter((m) => m.type === "analysis_progress")).toEqual([]);
    // A fresh token resumes the pushes.
    c.send({ action: "auth", token: carol.token });
    await c.waitFor((m) => m.type === "authenticated" && c.messages.filter((x) => x.type === "authenticated").length === 2);
    await deps.redis.publish(deps.keys.channel(userChannel(carol.id)), JSON.stringify(progressPush(71)));
    expect((await c.waitFor((m) => m.type === "analysis_progress")).data.request_id).toBe(71);
    c.ws.close();

    await deps.sql`update users set is_blocked = true where id = ${dave.id}`;
    const d = await client(ports[0]);
    d.send({ action: "auth", token: dave.token });
    await d.waitFor((m) => m.type === "error" && m.detail === "Invalid or expired access token");
    d.ws.close();
  }, 20_000);

  test("a client that stops reading is closed with 1013 instead of buffering without bound", async () => {
    const port = ports[0];
    // The slow client is a real process that we freeze (SIGSTOP): it cannot read, so the kernel buffers fill and
    // the server's own queue for it grows past the limit. Thawed, it reports the close code it was sent.
    const slow = Bun.spawn(["bun", "-e", SLOW_CLIENT, `ws://127.0.0.1:${port}/ws/market`], { stdout: "pipe", stderr: "inherit" });
    const reader = slow.stdout.getReader();
    const decoder = new TextDecoder();
    let out = "";
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(out)) {
        const { value, done } = await reader.read();
        if (done) break;
        out += decoder.decode(value);
      }
      return out;
    };
    expect(await readUntil(/subscribed/)).toContain("subscribed");
    process.kill(slow.pid, "SIGSTOP");
    const deps = testDeps();
    const watcher = await client(port);
    watcher.send({ action: "subscribe", topics: ["market"] });
    await watcher.waitFor((m) => m.type === "subscribed");
    const pad = "x".repeat(256 * 1024);
    // A client that reads keeps receiving everything: the frozen one holds nobody back. Each message is awaited
    // before the next goes out so the watcher's own queue stays under the limit however busy this machine is.
    for (let i = 0; i < 160; i++) {
      await deps.redis.publish(deps.keys.channel("market.health"), JSON.stringify({ type: "market_health", data: { pad, i } }));
      await watcher.waitFor((m) => m.type === "market_health" && m.data?.i === i, 5_000);
    }
    process.kill(slow.pid, "SIGCONT");
    expect(await readUntil(/close \d+/)).toContain(`close ${SLOW_CONSUMER_CODE}`);
    await slow.exited;
    watcher.ws.close();
  }, 40_000);

  test("bad messages get {type: error, detail}", async () => {
    const c = await client(ports[0]);
    c.send("not json");
    expect((await c.waitFor((m) => m.type === "error")).detail).toBe("Messages must be JSON objects with an action");
    c.send({ action: "subscribe", topics: ["secrets"] });
    await c.waitFor((m) => m.type === "error" && m.detail === "Unknown topic: secrets (available: market)");
    c.send({ action: "auth", token: "nope" });
    await c.waitFor((m) => m.type === "error" && m.detail === "Invalid or expired access token");
    c.send({ action: "dance" });
    await c.waitFor((m) => m.type === "error" && m.detail === "Unknown action: dance (use subscribe, unsubscribe, auth or ping)");
    c.ws.close();
  });
});

describe("/ws/market limits", () => {
  test("a frame over 16 KiB closes that socket; the server and the other sockets carry on", async () => {
    const port = ports[0];
    const watcher = await client(port);
    watcher.send({ action: "subscribe", topics: ["market"] });
    await watcher.waitFor((m) => m.type === "subscribed");
    // Just under the limit is still an ordinary (if useless) message.
    const near = await client(port);
    near.send("x".repeat(15 * 1024));
    expect((await near.waitFor((m) => m.type === "error", 5_000)).detail).toBe("Messages must be JSON objects with an action");
    near.ws.close();

    const big = await client(port);
    const closed = closeOf(big.ws, 5_000);
    big.send("x".repeat(1024 * 1024));
    // 1009 "message too big", or 1006 when the connection is simply dropped.
    expect([1009, 1006]).toContain((await closed).code);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const deps = testDeps();
    const marker = { status: "NORMAL", composite_score: 0.5, components: {}, marker: "after-big-frame" };
    await deps.redis.publish(deps.keys.channel("market.health"), JSON.stringify({ type: "market_health", data: marker }));
    await watcher.waitFor((m) => m.type === "market_health" && m.data.marker === "after-big-frame", 5_000);
    watcher.ws.close();
  });

  test("one client address holds at most WS_MAX_PER_IP sockets (IPv6 by /64); closing one frees its place", async () => {
    const v6 = (host: number) => ({ "x-forwarded-for": `2001:db8:1:2::${host}` });
    const held = await Promise.all([1, 2, 3].map((n) => client(limitedPort, v6(n))));
    expect(await handshake(limitedPort, v6(4))).toBe(429);
    // Other clients are not affected: another /64, an IPv4 address.
    expect(await handshake(limitedPort, { "x-forwarded-for": "2001:db8:1:3::1" })).toBe(101);
    expect(await handshake(limitedPort, { "x-forwarded-for": "198.51.100.7" })).toBe(101);
    held[0].ws.close();
    let status = 0;
    for (let i = 0; i < 30 && status !== 101; i++) {
      status = await handshake(limitedPort, v6(5));
      if (status !== 101) await Bun.sleep(100);
    }
    expect(status).toBe(101);
    for (const c of held.slice(1)) c.ws.close();
  });

  test("X-Forwarded-For from a peer that is not a trusted proxy does not escape the cap", async () => {
    // 127.0.0.5 is loopback too but not in TRUSTED_PROXY: its sockets count under its own address whatever it claims.
    const held = [];
    for (let n = 1; n <= 3; n++) held.push(await rawUpgrade(limitedPort, { "x-forwarded-for": `203.0.113.${n}` }, "127.0.0.5"));
    expect(held.map((h) => h.status)).toEqual([101, 101, 101]);
    const refused = await rawUpgrade(limitedPort, { "x-forwarded-for": "203.0.113.4" }, "127.0.0.5");
    expect(refused.status).toBe(429);
    for (const h of [...held, refused]) h.sock.destroy();
  });

  test("more than 20 messages within 10 s close the socket with 1008", async () => {
    const c = await client(limitedPort, { "x-forwarded-for": "198.51.100.20" });
    const closed = closeOf(c.ws, 5_000);
    for (let i = 0; i < 25; i++) c.send({ action: "ping" });
    const { code, reason } = await closed;
    expect(code).toBe(1008);
    expect(reason).toStartWith("rate limit");
    expect(c.messages.filter((m) => m.type === "pong").length).toBe(20);
  });

  test("a subscribe storm reads the stored snapshots from Redis once and sends each once", async () => {
    const deps = testDeps();
    const key = redisKeys(LIMITED_PREFIX).key(snapshotKeyName("health"));
    const snapshot = { status: "NORMAL", composite_score: 0.42, components: {}, marker: "stored" };
    await deps.redis.set(key, JSON.stringify({ data: snapshot, computed_at: new Date().toISOString() }));
    // MONITOR sees every command the server sends to Redis; only that server uses this prefix.
    // Its own connection without auto-pipelining: ioredis cannot pipeline commands to a connection in MONITOR mode.
    const monitor = await deps.redis.duplicate({ enableAutoPipelining: false }).monitor();
    const reads: string[][] = [];
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (args.includes(key)) reads.push(args);
    });
    const c = await client(limitedPort, { "x-forwarded-for": "198.51.100.30" });
    for (let i = 0; i < 15; i++) c.send({ action: "subscribe", topics: ["market"] });
    await c.waitFor((m) => m.type === "market_health", 5_000);
    c.send({ action: "ping" });
    await c.waitFor((m) => m.type === "pong");
    await Bun.sleep(300);
    monitor.disconnect();
    expect(c.messages.filter((m) => m.type === "subscribed").length).toBe(15);
    expect(c.messages.filter((m) => m.type === "market_health").map((m) => m.data)).toEqual([snapshot]);
    expect(reads.length).toBe(1);
    c.ws.close();
  });

  test("the upgrade accepts the site's origin, localhost outside production and no Origin; others get 403", async () => {
    let n = 0;
    // Each handshake comes from its own address so the per-address cap plays no part here.
    const from = (origin: string | null) =>
      handshake(limitedPort, { "x-forwarded-for": `198.51.100.${40 + ++n}`, ...(origin === null ? {} : { origin }) });
    expect(await from("https://evil.example")).toBe(403);
    expect(await from("https://app.tradewind.test.evil.example")).toBe(403);
    expect(await from("null")).toBe(403);
    expect(await from(LIMITED_ORIGIN)).toBe(101);
    expect(await from("http://localhost:5173")).toBe(101);
    expect(await from("http://127.0.0.1:3000")).toBe(101);
    expect(await from(null)).toBe(101);
  });
});

describe("socket limit rules", () => {
  test("in production only PUBLIC_ORIGIN (and no Origin at all) may open a socket", () => {
    const prod = { PUBLIC_ORIGIN: "https://tradewind.example", isProduction: true };
    expect(originAllowed(prod, "https://tradewind.example")).toBe(true);
    expect(originAllowed(prod, "https://tradewind.example:443")).toBe(true);
    expect(originAllowed(prod, null)).toBe(true);
    expect(originAllowed(prod, "http://tradewind.example")).toBe(false);
    expect(originAllowed(prod, "http://localhost:3000")).toBe(false);
    expect(originAllowed(prod, "https://tradewind.example.evil.test")).toBe(false);
    expect(originAllowed({ ...prod, isProduction: false }, "http://[::1]:5173")).toBe(true);
  });

  test("the message limit is a sliding window: no burst of twice the rate across a window edge", () => {
    let now = 0;
    const allow = messageLimiter({ max: 3, windowMs: 1_000 }, () => now);
    now = 900;
    expect([allow(), allow(), allow(), allow()]).toEqual([true, true, true, false]);
    now = 1_100; // a fixed window would start afresh here
    expect(allow()).toBe(false);
    now = 1_900;
    expect([allow(), allow(), allow(), allow()]).toEqual([true, true, true, false]);
  });
});

const SLOW_CLIENT = `
const ws = new WebSocket(process.argv.at(-1));
ws.onopen = () => ws.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
ws.onmessage = (e) => { if (String(e.data).includes('"subscribed"')) console.log("subscribed"); };
ws.onclose = (e) => { console.log("close " + e.code); process.exit(0); };
`;

test("a change of the user's own data reaches their signed-in socket as user_changed, and nobody else's", async () => {
  const [erin, frank] = await Promise.all([createUser(), createUser()]);
  const e = await client(ports[0]);
  const f = await client(ports[0]);
  e.send({ action: "auth", token: erin.token });
  f.send({ action: "auth", token: frank.token });
  await e.waitFor((m) => m.type === "authenticated");
  await f.waitFor((m) => m.type === "authenticated");
  const res = await fetch(`http://127.0.0.1:${ports[0]}/api/user/favorites/`, {
    method: "POST",
    headers: { authorization: `Bearer ${erin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ symbol: "BTCUSDT" }),
  });
  expect(res.status).toBe(200);
  await e.waitFor((m) => m.type === "user_changed");
  f.send({ action: "ping" });
  await f.waitFor((m) => m.type === "pong");
  expect(f.messages.filter((m) => m.type === "user_changed")).toEqual([]);
  e.ws.close();
  f.ws.close();
});

test("a revoked session's socket stops receiving the user's pushes at once; the user's other sessions keep theirs", async () => {
  const app = accountsApp();
  const who = await registerViaApi(app);
  const stolen = await signIn(app, who, { ip: "10.9.1.1" });
  const owner = await signInNewDevice(app, who, "owner-device");
  const deps = testDeps();
  // One socket on each server process: the revocation reaches both through Redis.
  const s = await client(ports[0]);
  const t = await client(ports[1]);
  const o = await client(ports[1]);
  for (const [c, token] of [
    [s, stolen.token],
    [t, stolen.token],
    [o, owner.token],
  ] as const) {
    c.send({ action: "auth", token });
    await c.waitFor((m) => m.type === "authenticated");
  }
  // The owner logs the stolen session out remotely (the in-process app announces it over Redis).
  expect((await call(app, "DELETE", `/api/user/sessions/${stolen.sessionId}`, { token: owner.token })).status).toBe(200);
  await s.waitFor((m) => m.type === "auth_revoked", 10_000);
  await t.waitFor((m) => m.type === "auth_revoked", 10_000);
  await deps.redis.publish(deps.keys.channel(userChannel(who.userId)), JSON.stringify(progressPush(90)));
  expect((await o.waitFor((m) => m.type === "analysis_progress")).data.request_id).toBe(90);
  // A ping answered after the publish proves the progress message, had it been sent, would already be here.
  for (const c of [s, t]) {
    c.send({ action: "ping" });
    await c.waitFor((m) => m.type === "pong");
    expect(c.messages.filter((m) => m.type === "analysis_progress")).toEqual([]);
  }
  expect(o.messages.filter((m) => m.type === "auth_revoked")).toEqual([]);
  for (const c of [s, t, o]) c.ws.close();
}, 30_000);

test("a server shutting down closes its sockets with 1012 (Service Restart), the reconnect hint", async () => {
  const port = await startServer();
  const c = await client(port);
  c.send({ action: "subscribe", topics: ["market"] });
  await c.waitFor((m) => m.type === "subscribed");
  const closed = closeOf(c.ws, 10_000);
  procs.at(-1)!.kill("SIGTERM");
  expect(await closed).toEqual({ code: RESTART_CODE, reason: "Server restarting: reconnect" });
  expect(RESTART_CODE).toBe(1012);
}, 30_000);

test("every message the sockets sent fits the socket contract (core/contract/socket)", () => {
  expect(received.length).toBeGreaterThan(0);
  const types = new Set(received.map((m) => (m as { type: string }).type));
  // The file drives every kind of frame: market snapshots, per-user pushes and each control answer.
  for (const t of ["market_health", "orderbook", "analysis_progress", "authenticated", "auth_expired", "auth_revoked", "error", "pong", "subscribed"])
    expect(types.has(t)).toBe(true);
  expect(received.map((m) => misfits(socketMessageSchema, m)).filter((e) => e.length)).toEqual([]);
});
