// Metrics end to end: a started server and engine get real traffic (polls, an analysis, sockets, a webhook, refusals, a
// dropped Redis connection, the scheduled checks) and each family moves in /metrics.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { Queue } from "bullmq";
import Redis from "ioredis";
import type { Sql } from "@core/infra/db";
import { ANALYSIS_QUEUE, queuePrefix } from "@core/queues/analysis-queue";
import { WEBHOOKS_QUEUE } from "@core/queues/webhooks-queue";
import { ReconcileError, runAdmin } from "../../scripts/admin";
import { startApp, type RunningApp, type Workspace } from "../../scripts/app-process";
import { OUTCOMES_QUEUE } from "../../engine/src/jobs";
import { insertUser, testApp, type TestUser, waitFor } from "../helpers";
import { api, faultWorkspace } from "../faults/harness";

const TOKEN = "metrics-test-token-0123456789abcdef";
/** The app's socket cap per client address, low so the test can reach it. */
const WS_MAX_PER_IP = 4;
let ws: Workspace;
let sql: Sql;
let app: RunningApp;
let user: TestUser;
let receiver: ReturnType<typeof Bun.serve>;
let base: string;

/** Sum of a family's samples whose labels include every given pair (0 when none). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => (m[2] ?? "").includes(`${k}="${v}"`))) sum += Number(m[3]);
  }
  return sum;
}

const scrape = async (url: string) => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
};

beforeAll(async () => {
  ({ ws, sql } = await faultWorkspace("metrics"));
  receiver = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("ok") });
  app = await startApp(ws, {
    metrics: true,
    quiet: true,
    env: { METRICS_TOKEN: TOKEN, ANALYSIS_PHASE_SECONDS: "1", WEBHOOK_PORTS: String(receiver.port), WS_MAX_PER_IP: String(WS_MAX_PER_IP) },
  });
  base = app.baseUrls[0];
  user = await insertUser(sql, app.env.JWT_SECRET!, { credits: 5, tag: "metrics" });
  await waitFor(async () => (await fetch(`${base}/api/market/health`)).ok, 60_000, "the engine's first market snapshot");
}, 120_000);

afterAll(async () => {
  await app?.stop();
  receiver?.stop(true);
  await sql?.end({ timeout: 1 });
  await ws?.drop();
});

test("without METRICS_TOKEN the public origin has no /metrics at all", async () => {
  const res = await testApp().handle(new Request("http://localhost/metrics"));
  expect(res.status).toBe(404);
  expect(await res.text()).not.toContain("tradewind_");
});

test("the metrics route refuses the public origin without the token, and the metrics port without it too", async () => {
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token-0000" } })).status).toBe(401);
  expect((await fetch(app.metricsUrls[0])).status).toBe(401);
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('role="server"');
});

test("polls, an analysis, a socket, a webhook and a refusal each move their family", async () => {
  const [serverUrl, engineUrl] = app.metricsUrls;
  const [server0, engine0] = [await scrape(serverUrl), await scrape(engineUrl)];

  // Polls: a full read, then the same list revalidated (304).
  const first = await fetch(`${base}/api/signals/`, { headers: { authorization: `Bearer ${user.token}` } });
  await first.arrayBuffer();
  const etag = first.headers.get("etag")!;
  const again = await fetch(`${base}/api/signals/`, { headers: { authorization: `Bearer ${user.token}`, "if-none-match": etag } });
  expect(again.status).toBe(304);

  // A socket: subscribed to market and signed in, it receives engine pushes (fan-out lag) and the analysis' progress.
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/ws/market`);
  const received: string[] = [];
  socket.onmessage = (ev) => received.push(JSON.parse(String(ev.data)).type);
  await new Promise((resolve) => (socket.onopen = resolve));
  socket.send(JSON.stringify({ action: "subscribe", topics: ["market"] }));
  socket.send(JSON.stringify({ action: "auth", token: user.token }));
  await waitFor(() => received.includes("authenticated"), 10_000, "the socket to sign in");

  // An analysis through its three phases.
  const start = await api(base, "POST", "/api/analysis/start", { token: user.token, body: { symbol: "BTCUSDT" } });
  expect(start.status).toBe(200);
  const [settled] = await waitFor(
    () =>
      sql<{ status: string; type: string | null }[]>`
      select r.status, s.type from analysis_requests r left join signals s on s.id = r.final_signal_id
      where r.user_id = ${user.id} and r.status <> 'IN_PROGRESS'`.then((rows) => rows.length > 0 && rows),
    30_000,
    "the analysis to settle",
  );

  // A signal whose target the market already passed: the outcome pass (queued now, not in a minute) records a TP and its alert.
  await insertHitSignal();
  const outcomes = new Queue(OUTCOMES_QUEUE, { connection: { url: ws.redisUrl }, prefix: queuePrefix({ REDIS_PREFIX: ws.redisPrefix }) });
  await outcomes.add("outcomes", {});
  await outcomes.close();

  // A webhook's test delivery, and a rate-limited contact form (5 an hour per address: the 6th is refused).
  const hook = await api(base, "POST", "/api/webhooks", { token: user.token, body: { url: `http://127.0.0.1:${receiver.port}/hook` } });
  expect(hook.status).toBeLessThan(300);
  expect((await api(base, "POST", `/api/webhooks/${hook.body.webhook.id}/test`, { token: user.token })).status).toBeLessThan(300);
  const contact = { name: "Metrics", email: "metrics@example.test", subject: "Hello", message: "A message long enough to pass." };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await api(base, "POST", "/api/support/contact", { body: contact })).status);
  expect(statuses.at(-1)).toBe(429);

  const wantSignals = (text: string) =>
    value(text, "tradewind_signal_outcomes_total", { outcome: "TP" }) > value(engine0, "tradewind_signal_outcomes_total", { outcome: "TP" });
  const engine1 = await waitFor(async () => ((t) => wantSignals(t) && t)(await scrape(engineUrl)), 20_000, "the TP outcome in the engine's metrics");
  const server1 = await waitFor(
    async () => {
      const t = await scrape(serverUrl);
      const moved = (name: string, labels = {}) => value(t, name, labels) > value(server0, name, labels);
      return (
        moved("tradewind_alert_deliveries_total", { channel: "in_app", result: "delivered" }) &&
        moved("tradewind_webhook_deliveries_total", { result: "delivered" }) &&
        moved("tradewind_socket_fanout_lag_seconds_count") &&
        moved("tradewind_socket_messages_sent_total", { kind: "broadcast" }) &&
        t
      );
    },
    45_000,
    "alerts, the webhook and a market push (order books every 15 s) in the server's metrics",
  );
  socket.close();

  // Named in the assertion, so a failure says which family stood still.
  const grew = (after: string, before: string, name: string, labels: Record<string, string> = {}) =>
    expect(`${name}${JSON.stringify(labels)} grew: ${value(after, name, labels) > value(before, name, labels)}`).toBe(
      `${name}${JSON.stringify(labels)} grew: true`,
    );
  // HTTP, by route template and status
  grew(server1, server0, "tradewind_http_requests_total", { route: "/api/signals/", status: "200" });
  grew(server1, server0, "tradewind_http_requests_total", { route: "/api/signals/", status: "304" });
  grew(server1, server0, "tradewind_http_request_duration_seconds_count", { route: "/api/analysis/start", status: "200" });
  grew(server1, server0, "tradewind_polled_list_responses_total", { list: "/api/signals", result: "not_modified" });
  grew(server1, server0, "tradewind_polled_list_responses_total", { list: "/api/signals", result: "full" });
  grew(server1, server0, "tradewind_rate_limit_refusals_total", { limiter: "contact-ip" });
  grew(server1, server0, "tradewind_session_cache_total", { result: "miss" });
  grew(server1, server0, "tradewind_session_cache_total", { result: "hit" });
  // Sockets (read while it was open)
  expect(value(server1, "tradewind_socket_connections")).toBeGreaterThanOrEqual(1);
  expect(value(server1, "tradewind_socket_subscriptions", { topic: "market" })).toBeGreaterThanOrEqual(1);
  expect(value(server1, "tradewind_socket_subscriptions", { topic: "user" })).toBeGreaterThanOrEqual(1);
  grew(server1, server0, "tradewind_socket_messages_sent_total", { kind: "direct" });
  grew(server1, server0, "tradewind_socket_messages_sent_total", { kind: "broadcast" });
  // Engine: phases, the analysis' outcome, the queue, the market leader and its snapshots
  grew(engine1, engine0, "tradewind_phase_start_lateness_seconds_count", { phase: "3" });
  grew(engine1, engine0, "tradewind_phase_duration_seconds_count", { phase: "1" });
  const outcome = settled.status === "FAILED" ? "FAILED" : settled.type!;
  grew(engine1, engine0, "tradewind_analyses_total", { outcome });
  grew(engine1, engine0, "tradewind_signal_outcome_r_count", { outcome: "TP" });
  expect(engine1).toContain('tradewind_queue_jobs{queue="analysis",state="delayed"');
  expect(value(engine1, "tradewind_ingestion_leader")).toBe(1);
  expect(value(engine1, "tradewind_snapshot_age_seconds", { topic: "health" })).toBeGreaterThan(0);
  // Business: the start held a credit (server); the engine used or refunded it
  grew(server1, server0, "tradewind_credits_total", { movement: "held" });
  grew(engine1, engine0, "tradewind_credits_total", { movement: ["LONG", "SHORT"].includes(outcome) ? "used" : "refunded" });
  // Runtime, both roles
  for (const text of [server1, engine1]) {
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(value(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toContain('tradewind_pg_pool_connections{state="in_use"');
    expect(text).toContain("# TYPE tradewind_redis_reconnects_total counter");
  }
  expect(engine1).toContain('role="engine"');
}, 120_000);

test("the socket cap, dropped BullMQ connections and the scheduled checks each move their family", async () => {
  const [serverUrl, engineUrl] = app.metricsUrls;
  const [server0, engine0] = [await scrape(serverUrl), await scrape(engineUrl)];
  const grew = (after: string, before: string, name: string, labels: Record<string, string>) =>
    expect(`${name}${JSON.stringify(labels)} grew: ${value(after, name, labels) > value(before, name, labels)}`).toBe(
      `${name}${JSON.stringify(labels)} grew: true`,
    );

  // WS_MAX_PER_IP sockets from this address are accepted; one more is refused at the upgrade with a 429.
  const held: Socket[] = [];
  for (let i = 0; i < WS_MAX_PER_IP; i++) {
    const { status, sock } = await upgrade(base);
    held.push(sock);
    expect(status).toBe(101);
  }
  const refused = await upgrade(base);
  refused.sock.destroy();
  expect(refused.status).toBe(429);
  for (const sock of held) sock.destroy();

  // Redis drops the BullMQ workers' connections (BullMQ names them after their queue): the engine's analysis worker and
  // the server's webhooks worker reconnect, on connections BullMQ duplicated from the ones the app made.
  const admin = new Redis(ws.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const names = [ANALYSIS_QUEUE, WEBHOOKS_QUEUE].map(
      (q) => `${queuePrefix({ REDIS_PREFIX: ws.redisPrefix })}:${Buffer.from(q).toString("base64")}`,
    );
    const ids = String(await admin.client("LIST"))
      .split("\n")
      .filter((line) => names.some((n) => line.includes(` name=${n} `)))
      .map((line) => /\bid=(\d+)/.exec(line)![1]);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) await admin.client("KILL", "ID", id);
  } finally {
    admin.disconnect();
  }

  // The scheduled checks as cron runs them: whatever each run concludes is what the engine exports.
  await runAdmin(sql, ["verify-ledger", "--no-anchors"]);
  const books = await runAdmin(sql, ["reconcile"]).then(
    () => ({ result: "ok", findings: 0 }),
    (err) => {
      if (!(err instanceof ReconcileError)) throw err;
      return { result: "findings", findings: err.findings };
    },
  );
  // An anchor key that is no key: the run fails before it can judge, and its last success stays the earlier one.
  await expect(runAdmin(sql, ["verify-ledger", "--anchors", "/nonexistent"], { anchorPublicKey: "not a key" })).rejects.toThrow();

  const moved = (text: string, before: string, name: string, labels: Record<string, string>) =>
    value(text, name, labels) > value(before, name, labels);
  const server1 = await waitFor(
    async () => ((t) => moved(t, server0, "tradewind_redis_reconnects_total", { connection: "webhooks-worker" }) && t)(await scrape(serverUrl)),
    10_000,
    "the server's webhooks worker to reconnect",
  );
  const engine1 = await waitFor(
    async () => ((t) => moved(t, engine0, "tradewind_redis_reconnects_total", { connection: "analysis-worker" }) && t)(await scrape(engineUrl)),
    10_000,
    "the engine's analysis worker to reconnect",
  );
  grew(server1, server0, "tradewind_rate_limit_refusals_total", { limiter: "ws-per-ip" });
  grew(server1, server0, "tradewind_redis_reconnects_total", { connection: "webhooks-worker" });
  grew(engine1, engine0, "tradewind_redis_reconnects_total", { connection: "analysis-worker" });
  const check = (name: string, labels: Record<string, string>) => value(engine1, `tradewind_scheduled_check_${name}`, labels);
  expect(check("result", { check: "reconcile", result: books.result })).toBe(1);
  expect(check("findings", { check: "reconcile" })).toBe(books.findings);
  expect(check("result", { check: "verify-ledger", result: "error" })).toBe(1);
  expect(check("result", { check: "verify-ledger", result: "ok" })).toBe(0);
  const now = Date.now() / 1000;
  expect(now - check("last_run_timestamp_seconds", { check: "verify-ledger" })).toBeLessThan(60);
  expect(now - check("last_success_timestamp_seconds", { check: "verify-ledger" })).toBeLessThan(60);
}, 60_000);

/** A socket upgrade of /ws/market from 127.0.0.1: the answer's status (101 accepted) and the socket, left open. */
function upgrade(baseUrl: string): Promise<{ status: number; sock: Socket }> {
  const port = Number(new URL(baseUrl).port);
  return new Promise((resolve, reject) => {
    const sock = connect({ port, host: "127.0.0.1" }, () =>
      sock.write(
        `GET /ws/market HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      ),
    );
    sock.once("data", (chunk) => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1] ?? 0), sock }));
    sock.once("error", reject);
  });
}

/** A LONG signal issued three market hours before the settled analysis, its target far below the price since: the next pass closes it TP. */
async function insertHitSignal() {
  const [settled] = await sql<{ market_time_ms: number }[]>`
    select market_time_ms from analysis_requests where user_id = ${user.id} and market_time_ms > 0 order by id desc limit 1`;
  const issued = Number(settled.market_time_ms) - 3 * 3600_000;
  const [req] = await sql<{ id: number }[]>`
    insert into analysis_requests (user_id, symbol, status, current_phase, progress_percent, credits_status, market_time_ms)
    values (${user.id}, 'BTCUSDT', 'COMPLETED', 3, 100, 'USED', ${issued}) returning id`;
  await sql`
    insert into signals (user_id, request_id, symbol, type, confidence, entry_price, take_profit, stop_loss, rr_ratio, timeframe, reasoning,
                         no_trade, is_active, market_time_ms, outcome)
    values (${user.id}, ${req.id}, 'BTCUSDT', 'LONG', 0.6, 2, 3, 1, 1, '1h', 'metrics test', false, true, ${issued}, 'OPEN')`;
}
