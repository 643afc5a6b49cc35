// k6: the local harness's fan-out scenario (load-tests/harness/fanout.ts) against a deployment: SOCKETS dashboards on
// /ws/market, connected in batches (a ramp), each subscribed to the market topics; measures subscribe time, updates
// delivered and their delivery delay (ops run: k6 run -e BASE_URL=https://host -e SOCKETS=4000 load-tests/socket-fanout.ts; the
// same BASE_URL as the polling script, the proxy's address, or WS_URL for a socket address of its own).
import { WebSocket } from "k6/websockets";
import { check } from "k6";
import { setTimeout } from "k6/timers";
import { Counter, Trend } from "k6/metrics";
import { SUBSCRIBE_MESSAGE, MARKET_MESSAGE_TYPES } from "./scenarios.ts";
import { summaryFiles } from "./summary.ts";

const WS_URL = __ENV.WS_URL || `${(__ENV.BASE_URL || "http://localhost:3000").replace(/^http/, "ws")}/ws/market`;
const SOCKETS = Number(__ENV.SOCKETS || __ENV.VUS || "1000");
const HOLD_SECONDS = Number(__ENV.HOLD_SECONDS || "60");
/** Sockets opened per second while connecting (the harness opens `--batch` at a time). */
const CONNECT_PER_SECOND = Number(__ENV.CONNECT_PER_SECOND || "200");

const subscribed = new Trend("ws_subscribe_ms", true);
const delivered = new Counter("ws_updates_delivered");
// From the publish time to arrival: includes Redis pub/sub and the Bun topic fan-out. The harness stamps its updates
// with bench_sent_at; the engine's carry published_at (its Redis publish; older engines only computed_at).
const deliveryDelay = new Trend("ws_delivery_delay_ms", true);
const closedByServer = new Counter("ws_closed_by_server");

export const options = {
  scenarios: {
    dashboards: {
      executor: "ramping-vus",
      startVUs: 0,
      stages: [
        { duration: `${Math.max(1, Math.ceil(SOCKETS / CONNECT_PER_SECOND))}s`, target: SOCKETS },
        { duration: `${HOLD_SECONDS}s`, target: SOCKETS },
      ],
    },
  },
  thresholds: {
    ws_subscribe_ms: ["p(95)<500", "p(99)<2000"],
    ws_delivery_delay_ms: ["p(95)<1000", "p(99)<2000"],
    ws_closed_by_server: ["count==0"],
    checks: ["rate==1"],
  },
};

export const handleSummary = (data: Parameters<typeof summaryFiles>[0]) => summaryFiles(data, "socket-fanout");

type MarketMessage = { type: string; published_at?: number; data?: { computed_at?: string; bench_sent_at?: number } };

export default function dashboard() {
  const ws = new WebSocket(WS_URL);
  const opened = Date.now();
  let live = false;
  const seen = new Set<string>();
  ws.addEventListener("open", () => ws.send(SUBSCRIBE_MESSAGE));
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(String((event as { data: unknown }).data)) as MarketMessage;
    if (msg.type === "subscribed") {
      subscribed.add(Date.now() - opened);
      // Snapshots replayed on subscribe are older by design; only what arrives after them measures fan-out.
      setTimeout(() => (live = true), 2000);
      return;
    }
    if (!MARKET_MESSAGE_TYPES.includes(msg.type)) return;
    seen.add(msg.type);
    if (!live) return;
    delivered.add(1, { type: msg.type });
    const sentAt = msg.data?.bench_sent_at ?? msg.published_at ?? (msg.data?.computed_at ? Date.parse(msg.data.computed_at) : NaN);
    if (Number.isFinite(sentAt)) deliveryDelay.add(Date.now() - sentAt);
  });
  ws.addEventListener("close", () => {
    if (Date.now() - opened < HOLD_SECONDS * 1000) closedByServer.add(1);
  });
  setTimeout(() => {
    check(seen, { "received every market type": (s) => MARKET_MESSAGE_TYPES.every((t) => s.has(t)) });
    ws.close();
  }, HOLD_SECONDS * 1000);
}
