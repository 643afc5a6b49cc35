// Prometheus metrics (prom-client) of every server and engine process: one registry per process, labelled with its role and instance.
import { hostname } from "node:os";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Every family this process exports; the dashboard and the rules name only these (test/ops checks that). */
export const registry = new Registry();

// Bun: prom-client's default collectors run (event-loop delay via perf_hooks works, RSS and CPU read /proc), with two
// exceptions: Bun emits no GC performance entries (so nodejs_gc_* stays absent) and process_heap_bytes reports the
// JavaScriptCore address-space reservation (gigabytes), not a heap, so it is removed; nodejs_heap_size_used_bytes
// (process.memoryUsage) is the heap figure to read.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
registry.removeSingleMetric("process_heap_bytes");

let role = "unset";
/** Labels every series with the process role (server, engine) and instance (host:pid unless METRICS_INSTANCE says). */
export function setProcessLabels(processRole: "server" | "engine", instance = `${hostname()}:${process.pid}`) {
  role = processRole;
  registry.setDefaultLabels({ role, instance });
}
export const processRole = () => role;

const SECONDS_FAST = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const on = { registers: [registry] };

/**
 * Series counted on a steady poll's path: each is a plain addition there, handed to prom-client when it is scraped
 * (its `collect`), since prom-client validating and hashing the labels of every increment cost a poll answered from
 * memory more than the rest of its answer's checks (bench profile).
 */
const hotSlots = new Map<object, { labels: Record<string, string>; n: number }[]>();
function collectHot(this: Counter<string>) {
  for (const slot of hotSlots.get(this) ?? []) {
    if (slot.n) this.inc(slot.labels, slot.n);
    slot.n = 0;
  }
}
/** One series of a hot counter (made once per label set, never per request): the returned function counts one. */
export function hotSeries<L extends string>(counter: Counter<L>, labels: Record<L, string>): () => void {
  const slot = { labels: labels as Record<string, string>, n: 0 };
  hotSlots.set(counter, [...(hotSlots.get(counter) ?? []), slot]);
  return () => {
    slot.n++;
  };
}

// HTTP
export const httpRequests = new Counter({
  name: "tradewind_http_requests_total",
  help: "API requests by route template and status",
  labelNames: ["method", "route", "status"],
  ...on,
});
export const httpDuration = new Histogram({
  name: "tradewind_http_request_duration_seconds",
  help: "API request latency by route template and status",
  labelNames: ["method", "route", "status"],
  buckets: SECONDS_FAST,
  ...on,
});
export const polledLists = new Counter({
  name: "tradewind_polled_list_responses_total",
  help: "Polled-list answers: not_modified (304 from the user version) or full (read from Postgres); answered_by memory (before routing) or route",
  labelNames: ["list", "result", "answered_by"],
  collect: collectHot,
  ...on,
});
export const sharedAnswers = new Counter({
  name: "tradewind_shared_answers_total",
  help: "Market reads (one answer shared by every caller), by route: not_modified (304) or full; answered_by memory (before routing) or route",
  labelNames: ["route", "result", "answered_by"],
  collect: collectHot,
  ...on,
});
export const rateLimited = new Counter({
  name: "tradewind_rate_limit_refusals_total",
  help: "Refusals by a cap, by its name: every 429 answer, and sockets closed 1008 by the socket caps (ws-per-ip, ws-messages)",
  labelNames: ["limiter"],
  ...on,
});
export const sessionCache = new Counter({
  name: "tradewind_session_cache_total",
  help: "Per-request session checks answered from memory (hit) or Postgres (miss)",
  labelNames: ["result"],
  collect: collectHot,
  ...on,
});
export const sessionCacheHit = hotSeries(sessionCache, { result: "hit" });
export const sessionCacheMiss = hotSeries(sessionCache, { result: "miss" });

// Sockets
export const socketConnections = new Gauge({ name: "tradewind_socket_connections", help: "Open /ws/market sockets", ...on });
export const socketSubscriptions = new Gauge({
  name: "tradewind_socket_subscriptions",
  help: "Socket subscriptions by topic (market, user)",
  labelNames: ["topic"],
  ...on,
});
export const socketMessagesSent = new Counter({
  name: "tradewind_socket_messages_sent_total",
  help: "Messages handed to sockets: broadcast (one per open socket) or direct",
  labelNames: ["kind"],
  ...on,
});
export const socketMessagesDropped = new Counter({
  name: "tradewind_socket_messages_dropped_total",
  help: "Messages Bun refused to queue (socket closed or over its buffer)",
  labelNames: ["kind"],
  ...on,
});
export const socketSlowCloses = new Counter({
  name: "tradewind_socket_slow_consumer_closes_total",
  help: "Sockets closed with 1013 for being too far behind",
  ...on,
});
export const fanoutLag = new Histogram({
  name: "tradewind_socket_fanout_lag_seconds",
  help: "From the engine's Redis publish to the last socket send of a market update",
  buckets: SECONDS_FAST,
  ...on,
});

// Engine
export const queueJobs = new Gauge({
  name: "tradewind_queue_jobs",
  help: "BullMQ jobs per queue and state (read at scrape)",
  labelNames: ["queue", "state"],
  ...on,
});
export const phaseLateness = new Histogram({
  name: "tradewind_phase_start_lateness_seconds",
  help: "How late an analysis phase job started after it was due",
  labelNames: ["phase"],
  buckets: SECONDS_FAST,
  ...on,
});
export const phaseDuration = new Histogram({
  name: "tradewind_phase_duration_seconds",
  help: "Time to run one analysis phase",
  labelNames: ["phase"],
  buckets: SECONDS_FAST,
  ...on,
});
export const analyses = new Counter({
  name: "tradewind_analyses_total",
  help: "Settled analyses by outcome (LONG, SHORT, NO_TRADE, FAILED)",
  labelNames: ["outcome"],
  ...on,
});
export const signalOutcomes = new Counter({
  name: "tradewind_signal_outcomes_total",
  help: "Signal outcomes recorded (TP, SL, EXPIRED)",
  labelNames: ["outcome"],
  ...on,
});
export const signalR = new Histogram({
  name: "tradewind_signal_outcome_r",
  help: "R multiple (after costs) of recorded signal outcomes",
  labelNames: ["outcome"],
  buckets: [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3, 4, 6],
  ...on,
});
export const snapshotAge = new Gauge({
  name: "tradewind_snapshot_age_seconds",
  help: "Seconds since this process last published each market topic (the ingestion leader only)",
  labelNames: ["topic"],
  ...on,
});
export const modelRefits = new Counter({
  name: "tradewind_model_refits_total",
  help: "Scheduled model refits by result (promoted, rejected by the gate, no_challenger, failed)",
  labelNames: ["result"],
  ...on,
});
export const modelChampionAge = new Gauge({
  name: "tradewind_model_champion_age_days",
  help: "Market days since the serving champion's training data ends (read at scrape; absent without a champion)",
  ...on,
});
export const ingestionLeader = new Gauge({ name: "tradewind_ingestion_leader", help: "1 while this engine holds the market-ingestion lock", ...on });

// The operator's scheduled checks (`admin reconcile`, `admin verify-ledger`), read from Postgres at scrape by the engines.
export const checkResult = new Gauge({
  name: "tradewind_scheduled_check_result",
  help: "1 for the result of the check's last run (ok, findings, error), 0 for the others",
  labelNames: ["check", "result"],
  ...on,
});
export const checkFindings = new Gauge({
  name: "tradewind_scheduled_check_findings",
  help: "Problems the check's last run found",
  labelNames: ["check"],
  ...on,
});
export const checkLastRun = new Gauge({
  name: "tradewind_scheduled_check_last_run_timestamp_seconds",
  help: "When the check last ran, whatever its result (unix seconds)",
  labelNames: ["check"],
  ...on,
});
export const checkLastSuccess = new Gauge({
  name: "tradewind_scheduled_check_last_success_timestamp_seconds",
  help: "When a run of the check last passed (unix seconds)",
  labelNames: ["check"],
  ...on,
});

// Business
export const credits = new Counter({
  name: "tradewind_credits_total",
  help: "Credits held by starts, used by LONG/SHORT results, refunded",
  labelNames: ["movement"],
  ...on,
});
export const alertDeliveries = new Counter({
  name: "tradewind_alert_deliveries_total",
  help: "Alert deliveries by channel and result (delivered, skipped, retried, failed)",
  labelNames: ["channel", "result"],
  ...on,
});
export const webhookDeliveries = new Counter({
  name: "tradewind_webhook_deliveries_total",
  help: "Webhook delivery attempts by result (delivered, retry, give_up, skipped)",
  labelNames: ["result"],
  ...on,
});
export const stripeResponses = new Counter({
  name: "tradewind_stripe_responses_total",
  help: "Answers from Stripe's API by status class; status=\"429\" counts Stripe's rate limit (shared by every trader)",
  labelNames: ["status"],
  ...on,
});
export const webhookRetries = new Counter({ name: "tradewind_webhook_retries_total", help: "Webhook attempts beyond the first", ...on });

// Runtime beyond the defaults
export const pgConnections = new Gauge({
  name: "tradewind_pg_pool_connections",
  help: "This process's Postgres connections by state (in_use, idle), from pg_stat_activity at scrape",
  labelNames: ["state"],
  ...on,
});
/** Where the process's full list reads wait (server/src/lib/conditional.ts names it); read at scrape. */
let waitingReads: () => number = () => 0;
export const countWaitingReads = (source: () => number) => {
  waitingReads = source;
};
export const listReadsWaiting = new Gauge({
  name: "tradewind_list_reads_waiting",
  help: "Full list reads waiting for one of this process's places (a cold start's queue; cheap answers pass it)",
  collect() {
    this.set(waitingReads());
  },
  ...on,
});
export const pgErrors = new Counter({ name: "tradewind_pg_errors_total", help: "Postgres errors seen by request handlers and jobs", ...on });
export const redisReconnects = new Counter({
  name: "tradewind_redis_reconnects_total",
  help: "Redis reconnect attempts by connection (main: the process's client and its pub/sub duplicates; <queue>-queue/-worker: BullMQ's)",
  labelNames: ["connection"],
  ...on,
});
export const metricsScrapeErrors = new Counter({
  name: "tradewind_metrics_collect_errors_total",
  help: "Collectors that failed during a scrape (their family keeps its last value)",
  labelNames: ["collector"],
  ...on,
});

/** Exposition text of the registry (one scrape). */
export const metricsText = () => registry.metrics();
export const metricsContentType = registry.contentType;
