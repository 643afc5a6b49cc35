// `bun run bench plan <results.jsonl> [--registered N --online N --analyses-per-day N --peak-factor N]`: the capacity
// plan of docs/CAPACITY.md recomputed from fresh benchmark JSON lines (`bun run bench polling,fanout,cost --json`): the
// per-process and per-unit figures measured here, multiplied out to the target population, as a Markdown table.
import { readFileSync } from "node:fs";
import { requestsPerTraderPerSecond } from "../scenarios";
import { round, type Report } from "./stats";

export type PlanInputs = {
  polling: { rps: number; ceiling_rps: number; users: number; errors: number; p99_ms: number };
  fanout: { sockets: number; p99_ms: number; delivered_ratio: number; server_rss_mb: number; server_rss_idle_mb: number; servers: number };
  cost: {
    poll_statements: number;
    poll_redis_commands: number;
    first_load_statements: number;
    first_load_redis_commands: number;
    analysis_engine_cpu_s: number;
    analysis_statements: number;
    analysis_redis_commands: number;
    analysis_user_publishes: number;
    market_publishes_per_s: number;
    idle_engine_cpu_ms_per_s: number;
    idle_redis_commands_per_s: number;
    idle_statements_per_s: number;
    redis_bytes_per_online_trader: number;
    pg_bytes_per_analysis: number;
    pg_bytes_per_trader: number;
  };
  fanout_floor?: { p99_ms: number };
};

export type Population = { registered: number; online: number; analysesPerDay: number; peakFactor: number };

/** What the plan holds constant (docs/CAPACITY.md says why each). */
export const ASSUMPTIONS = {
  /** Servers and engines are planned to this share of their measured saturation: room for a replica's loss and bursts. */
  targetUtilisation: 0.6,
  /** Sockets per server process the plan allows (the HPA's target): half of what one process held cleanly here. */
  socketShare: 0.5,
  /** Postgres connections per server or engine process (core/infra/db.ts pool) and for jobs, the operator and admin. */
  pgPoolPerProcess: 10,
  pgOtherConnections: 20,
  /** A conservative single-thread Redis ceiling for small commands; measure the chosen instance (redis-benchmark). */
  redisOpsCeiling: 100_000,
  /** Production phase length (ANALYSIS_PHASE_SECONDS' default) × 3 phases: how long an analysis holds its queue keys. */
  analysisSeconds: 150,
};

const ceil = Math.ceil;
const fmt = (n: number, digits = 0) => (round(n, digits) ?? 0).toLocaleString("en-US");

/** The plan as rows of [what, figure, from]; `limits` ranks the shared resources by how close the target comes to each. */
export function plan(m: PlanInputs, p: Population) {
  const a = ASSUMPTIONS;
  const pollRps = p.online * requestsPerTraderPerSecond;
  const serversForPolls = ceil(pollRps / (m.polling.rps * a.targetUtilisation));
  const socketsPerServer = Math.floor((m.fanout.sockets / m.fanout.servers) * a.socketShare);
  const serversForSockets = ceil(p.online / socketsPerServer);
  // One more than the larger need, so a drained or failed replica's load fits on the rest.
  const servers = Math.max(serversForPolls, serversForSockets) + 1;
  const kibPerSocket = ((m.fanout.server_rss_mb - m.fanout.server_rss_idle_mb) * 1024) / m.fanout.sockets;
  const serverMemMb = m.fanout.server_rss_idle_mb / m.fanout.servers + (Math.min(socketsPerServer, p.online / servers) * kibPerSocket) / 1024;

  const analysesPerSecond = (p.registered * p.analysesPerDay * p.peakFactor) / 86_400;
  const engineCores = analysesPerSecond * m.cost.analysis_engine_cpu_s + m.cost.idle_engine_cpu_ms_per_s / 1000;
  const engines = Math.max(2, ceil(engineCores / a.targetUtilisation) + 1);

  const statementsPerSecond =
    pollRps * m.cost.poll_statements + analysesPerSecond * m.cost.analysis_statements + m.cost.idle_statements_per_s * (servers + engines);
  const coldStartStatements = p.online * m.cost.first_load_statements;
  const analysesPerDay = p.registered * p.analysesPerDay;
  const pgGrowthGbPerDay = (analysesPerDay * m.cost.pg_bytes_per_analysis) / 1e9;
  const pgBaseGb = (p.registered * m.cost.pg_bytes_per_trader) / 1e9;
  const pgConnections = (servers + engines) * a.pgPoolPerProcess + a.pgOtherConnections;

  const redisOps =
    pollRps * m.cost.poll_redis_commands +
    analysesPerSecond * m.cost.analysis_redis_commands +
    m.cost.idle_redis_commands_per_s * (servers + engines);
  // Every server subscribes to every market topic and every user channel: Redis writes each message once per server.
  const pubsubPerSecond = (m.cost.market_publishes_per_s + analysesPerSecond * m.cost.analysis_user_publishes) * servers;
  const redisMemMb =
    (p.online * m.cost.redis_bytes_per_online_trader) / 1e6 + (analysesPerSecond * a.analysisSeconds * 2048) / 1e6 /* queue keys, 2 KiB each */;
  const socketMessagesPerSecond = m.cost.market_publishes_per_s * p.online;

  const rows: [string, string, string][] = [
    ["Polling", `${fmt(pollRps)} req/s`, `${fmt(p.online)} online × ${requestsPerTraderPerSecond.toFixed(2)} req/s (the dashboard's mix)`],
    [
      "Server process: polling",
      `${fmt(m.polling.rps)} req/s`,
      `bench polling, ${fmt(m.polling.users)} traders (ratio ${round(m.polling.rps / m.polling.ceiling_rps, 2)} of /api/health)`,
    ],
    [
      "Server process: sockets",
      `${fmt(socketsPerServer)} planned`,
      `${fmt(m.fanout.sockets / m.fanout.servers)} held, fan-out p99 ${m.fanout.p99_ms} ms${m.fanout_floor ? ` (${round(m.fanout.p99_ms / m.fanout_floor.p99_ms, 2)}× the bare relay)` : ""}`,
    ],
    [
      "Server process: memory",
      `${fmt(serverMemMb)} MB`,
      `${fmt(m.fanout.server_rss_idle_mb / m.fanout.servers)} MB idle + ${round(kibPerSocket, 1)} KiB per socket`,
    ],
    [
      "**Server replicas**",
      `**${servers}**`,
      `max(${serversForPolls} for polls at ${a.targetUtilisation * 100} %, ${serversForSockets} for sockets) + 1`,
    ],
    ["Analyses at peak", `${fmt(analysesPerSecond, 1)} /s`, `${fmt(p.registered)} × ${p.analysesPerDay}/day × peak factor ${p.peakFactor}`],
    [
      "Per analysis",
      `${m.cost.analysis_engine_cpu_s} CPU s, ${m.cost.analysis_statements} statements, ${m.cost.analysis_redis_commands} Redis commands`,
      "bench cost",
    ],
    ["**Engine replicas**", `**${engines}**`, `${fmt(engineCores, 2)} cores at ${a.targetUtilisation * 100} % + 1 (min 2: ingestion failover)`],
    [
      "Per dashboard poll",
      `${m.cost.poll_statements} statements, ${m.cost.poll_redis_commands} Redis commands`,
      "steady state (304s from the per-user version)",
    ],
    [
      "Per dashboard first load",
      `${m.cost.first_load_statements} statements, ${m.cost.first_load_redis_commands} Redis commands`,
      `a cold start of every tab: ${fmt(coldStartStatements)} statements`,
    ],
    ["Postgres statements", `${fmt(statementsPerSecond)} /s`, "polls + analyses + background"],
    [
      "Postgres size",
      `${fmt(pgBaseGb, 1)} GB + ${fmt(pgGrowthGbPerDay, 1)} GB/day`,
      `${fmt(m.cost.pg_bytes_per_trader)} B per trader, ${fmt(m.cost.pg_bytes_per_analysis)} B per analysis; ${fmt(pgGrowthGbPerDay * 365)} GB a year`,
    ],
    ["**Postgres connections**", `**${fmt(pgConnections)}**`, `(${servers} + ${engines}) × ${a.pgPoolPerProcess} + ${a.pgOtherConnections}`],
    ["Redis ops", `${fmt(redisOps)} /s`, `of a ~${fmt(a.redisOpsCeiling)}/s single-thread ceiling`],
    [
      "Redis pub/sub out",
      `${fmt(pubsubPerSecond)} msg/s`,
      `(${m.cost.market_publishes_per_s} market/s + ${m.cost.analysis_user_publishes} pushes per analysis) × ${servers} subscribed servers`,
    ],
    ["Redis memory", `${fmt(redisMemMb)} MB`, `${fmt(m.cost.redis_bytes_per_online_trader)} B per online trader + queued analyses`],
    ["Socket messages", `${fmt(socketMessagesPerSecond)} /s`, "market publishes × online sockets"],
  ];
  const limits = [
    {
      what: "Postgres connections (max_connections 400 in the prod overlay)",
      use: pgConnections / 400,
      metric: "tradewind_pg_pool_connections (sum) against max_connections",
    },
    {
      what: "Redis operations (one thread)",
      use: (redisOps + pubsubPerSecond) / a.redisOpsCeiling,
      metric: "Redis CPU (redis_exporter) / instantaneous_ops_per_sec",
    },
    { what: "Engine CPU", use: engineCores / (engines * 1), metric: "PhaseStartLate (tradewind_phase_start_lateness_seconds p95)" },
  ].sort((x, y) => y.use - x.use);
  return { rows, limits, servers, engines, pgConnections, redisOps, redisMemMb, statementsPerSecond };
}

/** The plan from the last polling, fanout, fanout_floor and cost lines of a results file. */
export function planFromFile(file: string, p: Population): Report {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim().startsWith("{"))
    .map((l) => JSON.parse(l) as { scenario: string });
  const last = (scenario: string) => lines.findLast((l) => l.scenario === scenario);
  const m = { polling: last("polling"), fanout: last("fanout"), cost: last("cost"), fanout_floor: last("fanout_floor") } as unknown as PlanInputs;
  const missing = (["polling", "fanout", "cost"] as const).filter((k) => !m[k]);
  if (missing.length)
    throw new Error(`${file} lacks ${missing.join(", ")} lines: run \`bun run bench polling,fanout,fanout-floor,cost --json >> ${file}\``);
  const r = plan(m, p);
  const table = ["| | need | from |", "| --- | --- | --- |", ...r.rows.map((row) => `| ${row.join(" | ")} |`)];
  const first = r.limits.map((l, i) => `${i + 1}. ${l.what}: ${fmt(l.use * 100)} % of it — watch ${l.metric}`);
  return {
    name: "capacity plan",
    json: {
      scenario: "plan",
      servers: r.servers,
      engines: r.engines,
      pg_connections: r.pgConnections,
      redis_ops: round(r.redisOps, 0),
      redis_mem_mb: round(r.redisMemMb, 0),
      limits: r.limits,
    },
    lines: [
      `Capacity for ${fmt(p.registered)} registered, ${fmt(p.online)} online at peak, ${p.analysesPerDay} analyses each a day (from ${file}):`,
      "",
      ...table,
      "",
      "What limits first:",
      ...first,
    ],
    ok: true,
  };
}
