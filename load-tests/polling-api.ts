// k6: N traders polling the API at the spec's intervals (ops run: k6 run -e BASE_URL=… -e TOKENS=tokens.json load-tests/polling-api.ts).
import http from "k6/http";
import { check, sleep } from "k6";
import { Trend, Counter } from "k6/metrics";
import { SharedArray } from "k6/data";
import exec from "k6/execution";
import { TRADER_POLLING, BASELINE } from "./scenarios.ts";

const BASE_URL = __ENV.BASE_URL || "http://localhost:3000";
// Access tokens of load-test users, one per line of a JSON array (made by `bun run load:tokens`).
const tokens = new SharedArray("tokens", () => JSON.parse(open(__ENV.TOKENS || "./tokens.json")) as string[]);
const TIME_SCALE = Number(__ENV.TIME_SCALE || "1"); // 0.1 = ten times the real polling rate

const latency: Record<string, Trend> = {};
for (const t of [...TRADER_POLLING, BASELINE]) latency[t.name] = new Trend(`latency_${t.name}`, true);
const non2xx = new Counter("non_2xx");

export const options = {
  scenarios: {
    traders: {
      executor: "constant-vus",
      vus: Number(__ENV.VUS || "200"),
      duration: __ENV.DURATION || "2m",
    },
  },
  thresholds: {
    http_req_failed: ["rate<0.01"],
    latency_signals: ["p(95)<300"],
    latency_analysis_active: ["p(95)<300"],
    latency_market_health: ["p(95)<100"],
  },
};

export default function trader() {
  const token = tokens[exec.vu.idInTest % tokens.length];
  const started = Date.now();
  const nextDue = new Map<string, number>();
  // One VU = one open tab: each tick fetch whatever is due, like the client's timers would.
  while (Date.now() - started < 60_000) {
    const now = Date.now();
    for (const target of [...TRADER_POLLING, BASELINE]) {
      if ((nextDue.get(target.name) ?? 0) > now) continue;
      nextDue.set(target.name, now + target.everySeconds * 1000 * TIME_SCALE);
      const res = http.get(`${BASE_URL}${target.path}`, {
        headers: target.auth ? { Authorization: `Bearer ${token}`, Accept: "application/json" } : { Accept: "application/json" },
        tags: { name: target.name },
      });
      latency[target.name].add(res.timings.duration);
      if (res.status < 200 || res.status >= 300) non2xx.add(1, { name: target.name, status: String(res.status) });
      check(res, { "status 2xx": (r) => r.status >= 200 && r.status < 300 });
    }
    sleep(Math.max(0.05, 1 * TIME_SCALE));
  }
}
