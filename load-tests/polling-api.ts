// k6: the local harness's polling scenario (load-tests/harness/polling.ts) against a deployment. An open loop of USERS
// traders polling the spec's mix at its intervals (requests arrive at USERS × 0.82/s whether or not answers keep up),
// then two closed loops of VUS clients: /api/health alone (the ceiling) and the polling mix, for their saturation
// throughputs (compare http_reqs per scenario). Ops run:
//   bun run admin -- load-test-tokens 500 tokens.json
//   k6 run -e BASE_URL=https://… -e TOKENS=tokens.json -e USERS=500 load-tests/polling-api.ts
import http from "k6/http";
import { check } from "k6";
import { Counter, Trend } from "k6/metrics";
import { SharedArray } from "k6/data";
import { summaryFiles } from "./summary.ts";
import { BASELINE, TRADER_POLLING, targetPicker, pollHeaders, pollOk, requestsPerTraderPerSecond, type PollTarget } from "./scenarios.ts";

const BASE_URL = __ENV.BASE_URL || "http://localhost:3000";
// Access tokens of load-test users, a JSON array (made by `bun run admin -- load-test-tokens`).
const tokens = new SharedArray("tokens", () => JSON.parse(open(__ENV.TOKENS || "./tokens.json")) as string[]);
const USERS = Number(__ENV.USERS || "500");
const OPEN_SECONDS = Number(__ENV.SECONDS || "30");
const SATURATE_SECONDS = Number(__ENV.SATURATE_SECONDS || "10");
const VUS = Number(__ENV.VUS || "64");

const latency: Record<string, Trend> = {};
for (const t of [...TRADER_POLLING, BASELINE]) latency[t.name] = new Trend(`latency_${t.name}`, true);
const non2xx = new Counter("non_2xx");

// Requests per 10 s, so the rate stays an integer at small user counts.
const openRatePer10s = Math.max(1, Math.round(USERS * requestsPerTraderPerSecond * 10));

export const options = {
  scenarios: {
    traders: {
      executor: "constant-arrival-rate",
      exec: "trader",
      rate: openRatePer10s,
      timeUnit: "10s",
      duration: `${OPEN_SECONDS}s`,
      preAllocatedVUs: Math.min(1000, Math.max(10, Math.ceil(openRatePer10s / 10))),
      maxVUs: Math.max(100, USERS),
    },
    ceiling: { executor: "constant-vus", exec: "ceiling", vus: VUS, duration: `${SATURATE_SECONDS}s`, startTime: `${OPEN_SECONDS + 5}s` },
    mix: { executor: "constant-vus", exec: "mix", vus: VUS, duration: `${SATURATE_SECONDS}s`, startTime: `${OPEN_SECONDS + SATURATE_SECONDS + 10}s` },
  },
  // The targets: k6 exits non-zero when one fails (read them beside the dashboard: docs/OPERATIONS.md).
  thresholds: {
    "http_req_failed{scenario:traders}": ["rate<0.01"],
    "http_req_duration{scenario:traders}": ["p(95)<300", "p(99)<1000"],
    "checks{scenario:traders}": ["rate>0.99"],
    "http_req_failed{scenario:mix}": ["rate<0.01"],
  },
};

export const handleSummary = (data: Parameters<typeof summaryFiles>[0]) => summaryFiles(data, "polling-api");

/** This VU's last tag per (token, path): sent back like the web client does, so unchanged lists answer 304. */
const etags: Record<string, string> = {};

function poll(target: PollTarget) {
  const token = tokens[Math.floor(Math.random() * tokens.length)];
  const key = `${token}|${target.path}`;
  const res = http.get(`${BASE_URL}${target.path}`, { headers: pollHeaders(target, token, etags[key]), tags: { name: target.name } });
  latency[target.name].add(res.timings.duration);
  const etag = res.headers.Etag || res.headers.ETag;
  if (etag) etags[key] = etag;
  if (!pollOk(res.status)) non2xx.add(1, { name: target.name, status: String(res.status) });
  check(res, { "status 2xx or 304": (r) => pollOk(r.status) });
}

const pickMix = targetPicker(TRADER_POLLING);

/** One due poll of the open loop: targets drawn in proportion to their rates make the spec's mix. */
export function trader() {
  poll(pickMix(Math.random()));
}

export function ceiling() {
  poll(BASELINE);
}

export function mix() {
  poll(pickMix(Math.random()));
}
