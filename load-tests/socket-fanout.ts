// k6: N dashboards on /ws/market; measures connect success, snapshot-on-subscribe and update delivery delay
// (ops run: k6 run -e WS_URL=ws://host/ws/market -e VUS=2000 load-tests/socket-fanout.ts).
import { WebSocket } from "k6/websockets";
import { check } from "k6";
import { setTimeout } from "k6/timers";
import { Counter, Trend } from "k6/metrics";
import { SUBSCRIBE_MESSAGE, MARKET_MESSAGE_TYPES } from "./scenarios.ts";

const WS_URL = __ENV.WS_URL || "ws://localhost:3000/ws/market";
const HOLD_SECONDS = Number(__ENV.HOLD_SECONDS || "60");

const messages = new Counter("ws_market_messages");
const initialSnapshot = new Trend("ws_initial_snapshot_ms", true);
// Delay from the engine's computed_at to arrival: includes Redis pub/sub and the Bun topic fan-out.
const deliveryDelay = new Trend("ws_delivery_delay_ms", true);
const closedByServer = new Counter("ws_closed_by_server");

export const options = {
  scenarios: {
    dashboards: { executor: "ramping-vus", startVUs: 0, stages: [
      { duration: "30s", target: Number(__ENV.VUS || "1000") },
      { duration: `${HOLD_SECONDS}s`, target: Number(__ENV.VUS || "1000") },
    ] },
  },
  thresholds: { ws_initial_snapshot_ms: ["p(95)<500"], ws_delivery_delay_ms: ["p(95)<1000"] },
};

export default function dashboard() {
  const ws = new WebSocket(WS_URL);
  const opened = Date.now();
  const seen = new Set<string>();
  ws.addEventListener("open", () => ws.send(SUBSCRIBE_MESSAGE));
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(String((event as { data: unknown }).data)) as { type: string; data?: { computed_at?: string } };
    if (!MARKET_MESSAGE_TYPES.includes(msg.type)) return;
    messages.add(1, { type: msg.type });
    if (!seen.has(msg.type)) {
      seen.add(msg.type);
      if (seen.size === 1) initialSnapshot.add(Date.now() - opened);
    }
    const computedAt = msg.data?.computed_at ? Date.parse(msg.data.computed_at) : NaN;
    // Only live updates measure fan-out delay; snapshots replayed on subscribe are older by design.
    if (Number.isFinite(computedAt) && Date.now() - opened > 2000) deliveryDelay.add(Date.now() - computedAt);
  });
  ws.addEventListener("close", () => {
    if (Date.now() - opened < HOLD_SECONDS * 1000) closedByServer.add(1);
  });
  setTimeout(() => {
    check(seen, { "received every market type": (s) => MARKET_MESSAGE_TYPES.every((t) => s.has(t)) });
    ws.close();
  }, HOLD_SECONDS * 1000);
}
