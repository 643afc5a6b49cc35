// k6: the local harness's analysis scenario (load-tests/harness/analysis.ts) against a deployment: IN_FLIGHT analyses
// started at once, one per load-test user, each followed until it settles. The harness reads when each phase job
// started from the queue; from outside only the API is visible, so this measures when each phase was seen finished
// against its due time (next_run_at): an upper bound that includes the phase's own work and the POLL_MS interval.
// Ops run: bun run admin -- load-test-tokens 100 tokens.json && k6 run -e BASE_URL=https://… -e IN_FLIGHT=100 load-tests/analysis-start.ts
import http from "k6/http";
import { check, sleep } from "k6";
import { Counter, Trend } from "k6/metrics";
import { SharedArray } from "k6/data";
import exec from "k6/execution";
import { ANALYSIS_SYMBOLS } from "./scenarios.ts";
import { summaryFiles } from "./summary.ts";

const BASE_URL = __ENV.BASE_URL || "http://localhost:3000";
const tokens = new SharedArray("tokens", () => JSON.parse(open(__ENV.TOKENS || "./tokens.json")) as string[]);
const IN_FLIGHT = Number(__ENV.IN_FLIGHT || "100");
const POLL_MS = Number(__ENV.POLL_MS || "250");
const MAX_WAIT_SECONDS = Number(__ENV.MAX_WAIT_SECONDS || "600");

const phaseDoneLate = new Trend("analysis_phase_done_late_ms", true);
const completed = new Counter("analysis_completed");
const failed = new Counter("analysis_failed");

export const options = {
  scenarios: {
    // One iteration per VU, all VUs starting together: IN_FLIGHT analyses at once.
    starts: { executor: "per-vu-iterations", vus: IN_FLIGHT, iterations: 1, maxDuration: `${MAX_WAIT_SECONDS + 60}s` },
  },
  thresholds: {
    analysis_failed: ["count==0"],
    "checks{check:started}": ["rate==1"],
    "http_req_duration{name:analysis_detail}": ["p(95)<300", "p(99)<1000"],
    analysis_phase_done_late_ms: ["p(95)<5000", "p(99)<10000"],
  },
};

export const handleSummary = (data: Parameters<typeof summaryFiles>[0]) => summaryFiles(data, "analysis-start");

type Analysis = { status: string; current_phase: number; next_run_at: string | null };

export default function analysis() {
  const i = exec.vu.idInTest - 1;
  const headers = { authorization: `Bearer ${tokens[i % tokens.length]}`, "content-type": "application/json" };
  const start = http.post(`${BASE_URL}/api/analysis/start`, JSON.stringify({ symbol: ANALYSIS_SYMBOLS[i % ANALYSIS_SYMBOLS.length] }), { headers });
  if (!check(start, { started: (r) => r.status === 200 })) return;
  const id = (start.json() as { request_id: number }).request_id;
  let last = start.json() as Analysis;
  const until = Date.now() + MAX_WAIT_SECONDS * 1000;
  while (last.status === "IN_PROGRESS" && Date.now() < until) {
    sleep(POLL_MS / 1000);
    const res = http.get(`${BASE_URL}/api/analysis/${id}`, { headers, tags: { name: "analysis_detail" } });
    if (res.status !== 200) continue;
    const now = res.json() as Analysis;
    // The phase that was running has finished (a later phase or the end): how long after it was due.
    if ((now.current_phase !== last.current_phase || now.status !== "IN_PROGRESS") && last.next_run_at) {
      phaseDoneLate.add(Date.now() - Date.parse(last.next_run_at));
    }
    last = now;
  }
  if (last.status === "COMPLETED") completed.add(1);
  else failed.add(1, { status: last.status });
}
