// End-to-end /ws/market: real server processes, real Redis, ingestion publishing every topic, per-user progress, fan-out across processes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { createLogger } from "@core/log";
import { closeTestDeps, createUser, testDeps } from "../../../../test/helpers";
import { signAccessToken } from "../../lib/auth";
import { SLOW_CONSUMER_CODE } from "./socket";
import { createReplayClock, createReplayProvider } from "../../../../engine/src/market/providers/replay";
import { startMarketIngestion, type Ingestion } from "../../../../engine/src/market/ingest";

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

async function startServer(): Promise<number> {
  const port = freePort();
  const proc = Bun.spawn(["bun", "server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdout: "ignore",
    stderr: "inherit",
  });
  procs.push(proc);
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return port;
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

type Msg = { type: string; data?: any; detail?: string; topics?: string[] };

/** A socket client that records every message and can wait for one matching a predicate. */
async function client(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/market`);
  const messages: Msg[] = [];
  const waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  ws.onmessage = (ev) => {
    const m = JSON.parse(String(ev.data)) as Msg;
    messages.push(m);
    for (const w of [...waiters]) if (w.pred(m)) {
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

const ALL_TYPES = ["market_health", "gate_decision", "session", "core_assets", "orderbook", "movers", "sentiment"];

beforeAll(async () => {
  ports.push(...(await Promise.all([startServer(), startServer()])));
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
    const provider = createReplayProvider(createReplayClock({ fixedMs: Date.parse("2024-08-15T14:30:00Z") }));
    ingestion = startMarketIngestion({ config: { MARKET_PROVIDER: "replay" }, redis: deps.redis, keys: deps.keys, log: createLogger("test", "silent"), provider });
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
    expect(core.data.BTCUSDT.price).toBe(59444.44);
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
    const progress = { type: "analysis_progress", data: { request_id: 7, status: "IN_PROGRESS", current_phase: 2, progress_percent: 50, next_run_at: null, time_remaining_seconds: 30, final_signal_id: null } };
    await deps.redis.publish(deps.keys.channel(`analysis.${alice.id}`), JSON.stringify(progress));
    expect(await ca.waitFor((m) => m.type === "analysis_progress")).toEqual(progress);
    // Bob's socket must not see Alice's progress: a marker for Bob arriving later proves the ordering.
    await deps.redis.publish(deps.keys.channel(`analysis.${bob.id}`), JSON.stringify({ type: "analysis_progress", data: { request_id: 8 } }));
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
    await deps.redis.publish(deps.keys.channel(`analysis.${carol.id}`), JSON.stringify({ type: "analysis_progress", data: { request_id: 70 } }));
    // A ping answered after the publish proves the progress message, had it been sent, would already be here.
    c.send({ action: "ping" });
    await c.waitFor((m) => m.type === "pong");
    expect(c.messages.filter((m) => m.type === "analysis_progress")).toEqual([]);
    // A fresh token resumes the pushes.
    c.send({ action: "auth", token: carol.token });
    await c.waitFor((m) => m.type === "authenticated" && c.messages.filter((x) => x.type === "authenticated").length === 2);
    await deps.redis.publish(deps.keys.channel(`analysis.${carol.id}`), JSON.stringify({ type: "analysis_progress", data: { request_id: 71 } }));
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
    for (let i = 0; i < 160; i++) await deps.redis.publish(deps.keys.channel("market.health"), JSON.stringify({ type: "market_health", data: { pad, i } }));
    // A client that reads keeps receiving everything: the frozen one holds nobody back.
    await watcher.waitFor((m) => m.type === "market_health" && m.data.i === 159, 20_000);
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

const SLOW_CLIENT = `
const ws = new WebSocket(process.argv.at(-1));
ws.onopen = () => ws.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
ws.onmessage = (e) => { if (String(e.data).includes('"subscribed"')) console.log("subscribed"); };
ws.onclose = (e) => { console.log("close " + e.code); process.exit(0); };
`;
